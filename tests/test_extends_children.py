"""Issue 49 item 3 (the inherited options) and item 4 (``extends`` written down): a file
that extends another may remove an inherited option (``NAME: null``) or fix it (``fixed:``),
offer again one its parent fixed, and whatever it breaks of what its parent wrote is
refused at the CHILD's file and line, one test per class of refusal; docs/ruleset-schema.md
("extends") states the rules."""

from __future__ import annotations

from pathlib import Path

import pytest

from tute.engine import Game
from tute.engine.kit import Kit
from tute.rules import load_ruleset
from tute.rules.ruleset import RulesetError
from tute.rules.schema import reference

TEXT = "label: {es: X, en: X}, description: {es: X, en: X}"
BASE = f"""\
name: {{es: Base, en: Base}}
deck: spanish40
order: tute
players: {{min: 2, max: 2}}
first_dealer: last
next_dealer: {{by_option: deal_to, rotate: rotate, winner: last_trick}}
deal: stock
trump: muestra
exchange: muestra_7_2
exchange_takes: {{by_option: takes, true: {{7: [10, 11, 12, 3, 1]}}, false: {{7: [1]}}}}
obligations: tute
modifiers: {{by_option: cargar, true: [no_cargar], false: []}}
cantes: {{allowed: true}}
scoring: {{by_option: scoring, race: points, lowest: points}}
settlement: {{by_option: scoring, race: race, lowest: single_hand}}
options:
  players: {{default: 2, choices: [2], {TEXT}}}
  hand_size: {{default: 6, choices: [6, 8], {TEXT}}}
  exchange: {{default: true, {TEXT}}}
  scoring: {{default: race, choices: [race, lowest], {TEXT}}}
  target: {{default: 101, choices: [101, 151], applies: {{scoring: [race]}}, {TEXT}}}
  deal_to: {{default: rotate, choices: [rotate, winner], {TEXT}}}
  cargar: {{default: false, {TEXT}}}
  takes: {{default: true, {TEXT}}}
  tips: {{default: true, {TEXT}}}
  marks: {{default: 1, choices: [1, 2], {TEXT}}}
  desempate: {{default: false, {TEXT}}}
ui:
  opener:
    - {{es: "A {{marks}}.", en: "To {{marks}}."}}
    - {{when: {{tips: [true]}}, es: "Consejo.", en: "A tip."}}
"""


def child(tmp_path: Path, body: str, parent: str = "base.yaml") -> Path:
    (tmp_path / "base.yaml").write_text(BASE, encoding="utf-8")
    path = tmp_path / "child.yaml"
    path.write_text(f"extends: {parent}\nname: {{es: Hijo, en: Child}}\n{body}",
                    encoding="utf-8")
    return path


def refused(path: Path) -> RulesetError:
    with pytest.raises(RulesetError) as caught:
        load_ruleset(path)
    return caught.value


def test_the_parent_loads(tmp_path: Path) -> None:
    (tmp_path / "base.yaml").write_text(BASE, encoding="utf-8")
    assert "desempate" in load_ruleset(tmp_path / "base.yaml").options


def test_item49_an_inherited_option_is_removed_by_null(tmp_path: Path) -> None:
    rules = load_ruleset(child(tmp_path, "options:\n  desempate: null\n"))
    assert "desempate" not in rules.options and "hand_size" in rules.options
    Game(rules, {}, 1)  # plays without it


def test_item49_an_inherited_option_is_fixed_by_the_child(tmp_path: Path) -> None:
    """``fixed:`` in a child removes the option it inherits: not offered, read at its value."""
    rules = load_ruleset(child(tmp_path, "fixed: {exchange: false}\n"))
    assert "exchange" not in rules.options and rules.fixed == {"exchange": False}
    assert not Kit(rules, rules.resolve()).exchange.voluntary


def test_item49_a_grandchild_offers_again_what_its_parent_fixed(tmp_path: Path) -> None:
    child(tmp_path, "fixed: {exchange: false}\n")
    grandchild = tmp_path / "grandchild.yaml"
    grandchild.write_text(f"extends: child.yaml\noptions:\n  exchange: {{default: true, {TEXT}}}\n",
                          encoding="utf-8")
    rules = load_ruleset(grandchild)
    assert "exchange" in rules.options and "exchange" not in rules.fixed


@pytest.mark.parametrize(("body", "line", "says"), [
    # a strategy reads the option removed (check_needs)
    ("options:\n  exchange: ~\n", 4, "exchange 'muestra_7_2' needs option 'exchange'"),
    # the stock deal's hand size removed (the playable check)
    ("options:\n  hand_size: ~\n", 4, "deal 'stock' needs option 'hand_size'"),
    # a strategy picked by the option removed (by_option of a strategy)
    ("options:\n  deal_to: ~\n", 4, "next_dealer.by_option: expected the name"),
    # the option's values no longer cover the parent's by_option
    (f"options:\n  deal_to: {{default: rotate, choices: [rotate, winner, third], {TEXT}}}\n",
     4, "next_dealer: no strategy for deal_to = third"),
    # modifiers by_option
    ("options:\n  cargar: ~\n", 4, "modifiers.by_option: expected the name"),
    # exchange_takes by_option
    ("options:\n  takes: ~\n", 4, "exchange_takes.by_option: expected the name"),
    # another option's applies
    ("options:\n  scoring: ~\n", 4, "options.target.applies: 'scoring' is not another option"),
    # applies' values no longer the option's
    (f"options:\n  scoring: {{default: race, choices: [race, lowest, other], {TEXT}}}\n",
     4, "no strategy for scoring = other"),
    # an opener's {NAME}, the option fixed by the child
    ("fixed: {marks: 2}\n", 3, "{marks} is not an option"),
    # an opener's when:
    ("options:\n  tips: ~\n", 4, "ui.opener.1.when: 'tips' is not an option"),
    # removing what no file offers, removing players, offering and fixing in one file
    ("options:\n  nothing: ~\n", 4, "no ruleset this one extends offers 'nothing'"),
    ("options:\n  players: ~\n", 4, "every ruleset offers players"),
    (f"options:\n  exchange: {{default: true, {TEXT}}}\nfixed: {{exchange: false}}\n", 5,
     "fixed.exchange: also an option of the file"),
])
def test_item49_a_childs_fault_is_reported_at_the_childs_line(
        tmp_path: Path, body: str, line: int, says: str) -> None:
    path = child(tmp_path, body)
    fault = refused(path)
    assert (fault.source, fault.line) == (str(path), line), fault
    assert says in fault.message


@pytest.mark.parametrize(("parent", "body", "line", "says", "first"), [
    # a key that needs another key's strategy (KEY_NEEDS): the child changed the settlement
    ("manilla", "settlement: hands_won\n", 3, "shown_card_scores: ", "manilla.yaml"),
    # a strategy that needs another (REQUIRES): the child changed the deal under it
    ("bato", "deal: all_even\n", 3, "trump 'under_stock' needs deal stock", "bato.yaml"),
    # the opener names an option the child fixed
    ("cabrero", "fixed: {lives: 3}\n", 4, "{lives} is not an option", "cabrero.yaml"),
])
def test_item49_a_bundled_parents_key_broken_by_the_child_is_the_childs_fault(
        tmp_path: Path, parent: str, body: str, line: int, says: str, first: str) -> None:
    """Before, these were reported at the bundled file's line, which the player cannot
    change; now at his, naming where the key that no longer holds is written."""
    path = child(tmp_path, body.replace("fixed: {lives: 3}", "fixed:\n  lives: 3"),
                 parent)
    fault = refused(path)
    assert (fault.source, fault.line) == (str(path), line), fault
    assert says in fault.message and first in fault.message


def test_item49_null_in_a_file_that_extends_nothing_is_refused_with_its_line(
        tmp_path: Path) -> None:
    path = tmp_path / "alone.yaml"
    path.write_text(BASE.replace("  desempate: {", "  gone: ~\n  desempate: {"),
                    encoding="utf-8")
    fault = refused(path)
    assert (fault.source, fault.line) == (str(path), BASE.count("\n", 0, BASE.index(
        "  desempate:")) + 1)
    assert "no ruleset this one extends offers 'gone'" in fault.message


def test_item49_extends_is_written_down_in_the_schema_reference() -> None:
    text = reference()
    assert "## `extends`" in text
    for words in ("`NAME: null`", "`players` cannot be removed", "`fixed`: the child's names",
                  "replaces the inherited one whole", "at its own line"):
        assert words in text


@pytest.mark.parametrize("text", ["", "# only a comment\n", "~\n"])
def test_item49_an_empty_file_is_refused_at_a_line(tmp_path: Path, text: str) -> None:
    """Every refusal names a file and a line: an empty file, which has no line of its own
    (it was told as "mine.yaml: the file: ..."), is told at its first, itself or as a
    parent."""
    (tmp_path / "empty.yaml").write_text(text, encoding="utf-8")
    fault = refused(tmp_path / "empty.yaml")
    assert (fault.source, fault.line) == (str(tmp_path / "empty.yaml"), 1)
    assert "empty" in fault.message
    (tmp_path / "child.yaml").write_text("extends: empty.yaml\n", encoding="utf-8")
    fault = refused(tmp_path / "child.yaml")
    assert (fault.source, fault.line) == (str(tmp_path / "empty.yaml"), 1)
    assert "extended by child.yaml" in fault.message


def test_item49_fixed_merges_name_by_name(tmp_path: Path) -> None:
    """A grandchild's ``fixed`` adds to its parent's (it used to replace it whole, dropping
    the values the strategies read: the exchange came back on)."""
    child(tmp_path, "fixed: {exchange: false}\n")
    grandchild = tmp_path / "grandchild.yaml"
    grandchild.write_text("extends: child.yaml\nfixed: {desempate: true}\n", encoding="utf-8")
    rules = load_ruleset(grandchild)
    assert rules.fixed == {"exchange": False, "desempate": True}
    assert "exchange" not in rules.options and "desempate" not in rules.options
