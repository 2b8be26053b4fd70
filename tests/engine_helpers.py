"""Building positions for rule tests: deal chosen cards, play chosen actions."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from tute.cards import DECKS, cards_of, parse_card
from tute.engine import DEAL, Action, Game, parse_action
from tute.rules import load_ruleset
from tute.rules.ruleset import bundled_names

CAPOTE_RECORD = """\
rules: cabrero
options: {players: 3}
seed: 1
hands:
  - dealer: 2
    deal:
      - [2O, 1O, 3O, 12O, 11O, 10O, 7O, 6O, 5O, 4O, 1C, 1E, 1B]
      - [2C, 4C, 5C, 6C, 7C, 10C, 11C, 12C, 2E, 4E, 5E, 6E, 7E]
      - [10E, 11E, 12E, 2B, 3B, 4B, 5B, 6B, 7B, 10B, 11B, 12B, 3E]
    rest: [3C]
    actions:
{actions}
"""
"""A 3-player first hand in which seat 0 holds every trump and the other three aces."""


def capote_record(actions: list[str]) -> str:
    """CAPOTE_RECORD with these actions (YAML list items)."""
    items = "\n".join(f"      - {a}" for a in actions) or "      []"
    return CAPOTE_RECORD.replace("{actions}", items)


def bundled_tables() -> list[tuple[str, int]]:
    """Every bundled game with every player count its ruleset file allows, read from the
    files (``every_table`` in tests/conftest.py; a new file is covered without a list)."""
    return [(name, players) for name in bundled_names()
            for players in load_ruleset(name).options["players"].allowed()]


def cards(text: str) -> list[int]:
    return [parse_card(t) for t in text.split()]


def mask(text: str) -> int:
    m = 0
    for c in cards(text):
        m |= 1 << c
    return m


def new_game(players: int = 4, rules: str = "cabrero", seed: int = 0,
             **options: object) -> Game:
    return Game(load_ruleset(rules), {"players": players, **options}, seed)


def finish_hand(game: Game) -> None:
    """Play the current hand to its end with each seat's first legal card."""
    while game.phase not in (DEAL, "over"):
        game.apply(next(a for a in game.legal_actions() if a.verb == "play"))


def deal_hand(game: Game, hands: Mapping[int, str], rest: str | None = None,
              dealer: int | None = None, void: Mapping[int, str] | None = None
              ) -> list[object]:
    """Deal the next hand with the given cards; the other cards fill up the hands.

    Given cards are dealt last, in the order written (so the last one is the card shown
    in a later hand); fillers come from the unused cards, bastos and espadas first.
    """
    d = dealer if dealer is not None else game.next_dealer()
    alive = game.alive()
    sits_out = len(alive) in game.kit.sits_out_at
    in_hand = [s for s in alive if not (sits_out and s == d)]
    per = 40 // len(in_hand)
    given = {s: cards(t) for s, t in hands.items()}
    rest_cards = cards(rest) if rest is not None else None
    used = {c for cs in given.values() for c in cs} | set(rest_cards or [])
    pool = [c for c in sorted(cards_of(DECKS["spanish40"]), key=lambda c: (-(c // 12), c))
            if c not in used]
    deal: list[list[int]] = [list(given.get(s, [])) for s in range(game.n)]
    voids = void or {}
    for s in sorted(in_hand, key=lambda s: -len(voids.get(s, ""))):
        skip = {"OCEB".index(x) for x in voids.get(s, "")}
        fill = [c for c in pool if c // 12 not in skip][: per - len(deal[s])]
        pool = [c for c in pool if c not in fill]
        deal[s] = fill + deal[s]
    if rest_cards is None:
        rest_cards = pool
    return list(game.deal(deal, rest_cards, dealer=dealer))


def play(game: Game, *texts: str) -> list[object]:
    events: list[object] = []
    for t in texts:
        events += game.apply(parse_action(t, game.n))
    return events


def texts(actions: Iterable[Action]) -> set[str]:
    return {a.record_text() for a in actions}


# --- Games with a stock (Tute a dos, Cabrero's final duel) and forced hand ends ----------
_LOW_FIRST = "2B 4B 5B 6B 7B 2E 4E 5E 6E 7E 2C 4C 5C 6C 7C 2O 4O 5O 6O 7O " \
             "10B 10E 10C 10O 11B 11E 11C 11O 12B 12E 12C 12O 3B 3E 3C 3O 1B 1E 1C 1O"


def deal_stock(game: Game, hands: Mapping[int, str], top: str = "", muestra: str = "5B",
               dealer: int | None = None) -> list[object]:
    """Deal a hand with a stock: the given cards to their seats (dealt last, in the order
    written), ``top`` the first cards of the stock, ``muestra`` its last card. Hands are
    filled up with the lowest unused cards (2s, 4s, ... of bastos, espadas, ...), the stock
    with the rest in the same order."""
    kit = game.kit.duel if game.ledger.duel and game.kit.duel is not None else game.kit
    per = kit.hand_size
    given = {s: cards(t) for s, t in hands.items()}
    fixed = cards(top) + cards(muestra)
    used = {c for cs in given.values() for c in cs} | set(fixed)
    pool = [c for c in cards(_LOW_FIRST) if c not in used]
    deal: list[list[int]] = [[] for _ in range(game.n)]
    for s in game.alive():
        mine = given.get(s, [])
        fill, pool = pool[: per - len(mine)], pool[per - len(mine):]
        deal[s] = fill + mine
    rest = cards(top) + pool + cards(muestra)
    return list(game.deal(deal, rest, dealer=dealer))


def force_end(game: Game, card_points: Mapping[int, int], last_trick: int,
              cantes: Mapping[int, int] | None = None) -> list[object]:
    """End the hand being played at once with these card points (diez de últimas added for
    ``last_trick``) and cante points per seat, and settle it as the match would.

    For rules about what a hand's totals decide, where dealing cards that make exactly
    these totals would hide the rule under test; it uses the match's own hand-end step."""
    h = game.hand
    for s in range(game.n):
        h.won_points[s] = card_points.get(s, 0)
        h.cante_points[s] = (cantes or {}).get(s, 0)
    h.last_trick = last_trick
    h.tricks_left = 0
    h.over = True
    return list(game._finish_hand())


# --- Games with an auction or a declaration (subastado, codillo, bato, butifarra) --------
def deal_given(game: Game, hands: Mapping[int, str], top: str = "", bottom: str = "",
               dealer: int | None = None) -> list[object]:
    """Deal the next hand of a game whose first dealer is the last seat (subastado,
    codillo, bato, butifarra): the given cards to their seats (dealt last, in the order
    written), each hand filled up with the lowest unused cards of the game's deck (lowest
    point value, then strength, oros first); the undealt rest is ``top`` first, then the
    unused cards, then ``bottom`` (Bato's turned card). The dealer sits out where the rules
    say so for this many players."""
    kit = game.kit
    alive = game.alive()
    d = dealer if dealer is not None else game.next_dealer()
    if d is None:
        d = alive[-1]
    sits_out = len(alive) in game.kit.sits_out_at
    seats = [s for s in alive if not (sits_out and s == d)]
    per = kit.hand_size if kit.has_stock else len(kit.deck_cards) // len(seats)
    given = {s: cards(t) for s, t in hands.items()}
    fixed = cards(top) + cards(bottom)
    used = {c for cs in given.values() for c in cs} | set(fixed)
    pool = sorted((c for c in kit.deck_cards if c not in used),
                  key=lambda c: (kit.card_points[c], kit.strength[c], c))
    deal: list[list[int]] = [[] for _ in range(game.n)]
    for s in seats:
        mine = given.get(s, [])
        fill, pool = pool[: per - len(mine)], pool[per - len(mine):]
        deal[s] = fill + mine
    rest = cards(top) + pool + cards(bottom)
    return list(game.deal(deal, rest, dealer=dealer))


def play_out(game: Game, first: Mapping[int, str] | None = None) -> None:
    """Play the hand in progress to its end: each seat plays the first of its ``first``
    cards that is legal, else its first legal card (no cantes)."""
    prefer = {s: cards(t) for s, t in (first or {}).items()}
    while game.phase == "play" and game.current_player is not None:
        plays = [a for a in game.legal_actions() if a.verb == "play"]
        seat = game.current_player
        pick = next((a for c in prefer.get(seat, []) for a in plays if a.arg == c), plays[0])
        game.apply(pick)


def replay_json(text: str) -> dict[str, Any]:
    """``summary_json`` of a record given as text (the error included, if any)."""
    from tute.engine.record import record_from_text, replay, summary_json

    r = replay(record_from_text(text))
    doc: dict[str, Any] = summary_json(r.game, r.error)
    return doc


def replay_cli(path: object, capsys: Any, text: str) -> tuple[int, dict[str, Any], str]:
    """Write ``text`` to ``path`` and run ``tute replay PATH --json``: the exit code, the
    JSON object and what went to stderr."""
    import json
    from pathlib import Path

    from tute.cli import main

    p = Path(str(path))
    p.write_text(text, encoding="utf-8")
    code = main(["replay", str(p), "--json"])
    out, err = capsys.readouterr()
    doc: dict[str, Any] = json.loads(out)
    return code, doc, err
