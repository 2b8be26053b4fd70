"""Going to a table: a new match, or the saved one carried on.

A saved match is never lost without the player's word: starting a new one while a match is
saved first asks Continue it / Abandon it / Cancel, from the menu and from ``tute play``.
"""

from __future__ import annotations

from functools import partial
from typing import TYPE_CHECKING

from tute import store
from tute.i18n import N_, _, ngettext, ruleset_text
from tute.ui.shell.dialog import Dialog
from tute.ui.table.controller import TableController
from tute.ui.table.session import ResumeError, RulesMissing, Session
from tute.ui.words import texts

if TYPE_CHECKING:
    from tute.ui.shell.app import App


def describe(saved: store.SavedMatch) -> str:
    """ "Tute Cabrero · 4 players · hand 3"; "" when the record cannot be read."""
    from tute.engine.record import record_from_text, resolve_rules

    try:
        record = record_from_text(saved.record, "saved match")
        name = ruleset_text(resolve_rules(record).name)
    except (ValueError, OSError):
        return ""
    players = record.options.get("players")
    parts = [name]
    if isinstance(players, int):
        parts.append(ngettext("{n} player", "{n} players", players).format(n=players))
    parts.append(_("hand {n}").format(n=max(1, len(record.hands))))
    return " · ".join(parts)


def start_match(app: App, setup: store.GameSetup, demo: bool = False,
                seed: int | None = None) -> None:
    """A new match at the table, once the player has agreed to abandon any saved one."""
    saved = None if demo else store.load_match()[0]
    if saved is not None and saved.over:
        settle(app, saved)
        saved = None
    if saved is None:
        _open_table(app, Session.new(setup, demo, seed))
        return

    def abandon() -> None:
        store.clear_match()
        _open_table(app, Session.new(setup, demo, seed))

    about = describe(saved)
    message = _("A match is saved ({about}). Starting a new one abandons it for good.").format(
        about=about) if about else _("A match is saved. Starting a new one abandons it for good.")
    app.push(Dialog(app, N_("Abandon the saved match?"), lambda: message, [
        (N_("Continue it"), lambda: resume_match(app, saved), True),
        (N_("Abandon it"), abandon, False),
        (N_("Cancel"), lambda: None, False),
    ]))


def resume_match(app: App, saved: store.SavedMatch) -> None:
    """The saved match at the table, exactly where it was left; one that no longer replays
    is set aside and reported on the menu, one whose player's ruleset file is missing is
    kept (and said so)."""
    try:
        session = Session.resume(saved)
    except RulesMissing as exc:
        app.push(Dialog(app, N_("The rules file is missing"), partial(rules_missing, exc), [
            (N_("Back to the menu"), lambda: None, True)]))
        return
    except ResumeError as exc:
        app.problems.append(store.set_aside_match(str(exc)))
        app.routes.menu()
        return
    if session.rules_changed:
        rules_changed_dialog(app, session)
        return
    _open_table(app, session)


def rules_missing(exc: RulesMissing) -> str:
    """Why a saved match cannot go on now, and that it is kept until its file is back."""
    return _("The rules file {file} of the saved match is not there. The match stays "
             "saved: put the file back to continue it.").format(file=texts.quoted(
                 str(exc.path)))


def rules_changed_dialog(app: App, session: Session) -> None:
    """The player's ruleset file was edited since the match was saved, and the match still
    replays under it: carry on under the rules it holds now, or leave the match saved (the
    old file put back, it continues as it was)."""
    message = _("The rules file {file} has changed since this match was saved. The match "
                "can go on under the rules the file holds now; or leave it saved and put "
                "the old file back.").format(file=texts.quoted(session.game.rules.ref))
    app.push(Dialog(app, N_("The rules file has changed"), lambda: message, [
        (N_("Play on"), lambda: _open_table(app, session), True),
        (N_("Back to the menu"), lambda: None, False),
    ]))


def settle(app: App, saved: store.SavedMatch) -> bool:
    """A finished match kept because its result could not be written: write it now (its
    save then goes); True once written. The statistics add only what they lack, so the
    match never counts twice."""
    try:
        session = Session.resume(saved)
    except RulesMissing as exc:
        app.notify(rules_missing(exc))
        return False
    except ResumeError as exc:
        app.problems.append(store.set_aside_match(str(exc)))
        return False
    if not TableController(session, app.problems.append, app.warn, app.notify).write_result():
        return False
    app.notify(_("The result of your last match has been saved"))
    return True


def _open_table(app: App, session: Session) -> None:
    from tute.ui.table.scene import TableScene

    app.replace_all(TableScene(app, session))
