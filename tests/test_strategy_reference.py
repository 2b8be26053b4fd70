"""Issue 49 item 4: the schema reference says what each strategy means. Every strategy of
every registry (and every modifier) has a description, and the record keys each strategy
and key declares (``adds``, ``ruleset.KEY_ADDS``) are exactly those its hands carry in the
committed golden matches' ``tute replay --json``, so the reference, written from them, cannot
drift from what the engine writes."""

from __future__ import annotations

import json
from collections import defaultdict
from dataclasses import fields
from pathlib import Path

import pytest
import yaml

from tute.engine.kit import DUEL_OPTIONS, DUEL_RULES
from tute.engine.registries import REGISTRIES
from tute.engine.results import HandSummary
from tute.engine.settlement import Settlement
from tute.rules import load_ruleset
from tute.rules import ruleset as rs
from tute.rules.schema import describe, reference

GOLDEN = Path(__file__).parent / "golden"
COMMON = {f.name for f in fields(HandSummary)} - {"result", "extra"}
"""The keys every hand's summary has (docs/records.md); the rest are the strategies'."""
WITH_KEYS = ("seating", "exchange", "settlement")
"""The registries whose strategies add record keys (``HandSummary.of``)."""


@pytest.mark.parametrize("key", list(REGISTRIES))
def test_item49_every_registered_strategy_says_what_it_does(key: str) -> None:
    for name, strategy in REGISTRIES[key].items():
        about = (strategy if isinstance(strategy, str) else getattr(strategy, "about", "")
                 ).strip()
        assert about.endswith(".") and len(about) > 20, f"{key} '{name}' has no description"
        assert describe(key, name, strategy) in reference()


def test_item49_every_modifier_says_what_it_does() -> None:
    for name, about in rs.MODIFIERS.items():
        assert about.strip(), f"modifier '{name}' has no description"
        assert f"**`{name}`**: {about}" in reference()


def test_item49_a_strategy_without_a_description_fails(monkeypatch: pytest.MonkeyPatch
                                                      ) -> None:
    """The check above can fail: a strategy registered with no ``about`` is caught."""
    class Bare(Settlement):
        """A settlement registered with no ``about``."""

    monkeypatch.setitem(REGISTRIES["settlement"], "bare", Bare)
    with pytest.raises(AssertionError, match="settlement 'bare' has no description"):
        test_item49_every_registered_strategy_says_what_it_does("settlement")


def _golden() -> list[tuple[str, dict[str, str], set[str]]]:
    """Per golden match: its strategies by registry, and every key its hands add."""
    out = []
    for path in sorted(GOLDEN.glob("*.yaml")):
        record = yaml.safe_load(path.read_text(encoding="utf-8"))
        rules = load_ruleset(record["rules"])
        options = rules.resolve(record.get("options") or {})
        picked = {key: getattr(rules, key).pick(options) for key in WITH_KEYS}
        if options.get("final_duel"):  # the duel's hands are its ruleset's, keys and all
            duel = load_ruleset(DUEL_RULES)
            picked.update({f"duel {key}": getattr(duel, key).pick(duel.resolve(DUEL_OPTIONS))
                           for key in WITH_KEYS})
        keys: set[str] = set()
        for hand in json.loads(path.with_suffix(".json").read_text(encoding="utf-8"))["hands"]:
            keys |= set(hand) - COMMON
        if rules.scoring.pick(options) == "commitment":  # the file names its failed seats' key
            keys.discard(rules.commitment.record_as)
        written = {key for key in rs.KEY_ADDS if key in _top_keys(rules)}
        out.append((path.name, picked, keys | {f"key:{k}" for k in written}))
    return out


def _top_keys(rules: rs.RuleSet) -> set[str]:
    """The ruleset's keys that add record keys (``KEY_ADDS``) and are in force."""
    return {"shown_card_scores"} & ({"shown_card_scores"} if rules.shows_scores else set())


def test_item49_the_declared_record_keys_are_those_the_golden_matches_carry() -> None:
    seen: dict[tuple[str, str], set[str]] = defaultdict(set)
    for name, picked, keys in _golden():
        declared = {k for key, strategy in picked.items()
                    for k in getattr(REGISTRIES[key.split()[-1]][strategy], "adds", ())}
        for key in {k[4:] for k in keys if k.startswith("key:")}:
            declared |= set(rs.KEY_ADDS[key])
        found = {k for k in keys if not k.startswith("key:")}
        assert found <= declared, f"{name}: undeclared record keys {sorted(found - declared)}"
        for key, picked_name in picked.items():
            if " " not in key:
                seen[key, picked_name] |= found
    for key in WITH_KEYS:
        for strategy_name, strategy in REGISTRIES[key].items():
            adds = set(getattr(strategy, "adds", ()))
            if not adds:
                continue
            assert (key, strategy_name) in seen, (
                f"{key} '{strategy_name}' adds record keys, and no golden match plays it")
            assert adds <= seen[key, strategy_name], (
                f"{key} '{strategy_name}' declares keys no golden match of it carries: "
                f"{sorted(adds - seen[key, strategy_name])}")


@pytest.mark.parametrize(("key", "name", "says"), [
    ("settlement", "juegos", "Plays with 2 players each for himself or two teams."),
    ("settlement", "lost_games", "Plays with 3 players each for himself."),
    ("settlement", "team_target", "Plays with two teams."),
    ("trump", "cabrero", "the deal must leave no card over with 2, 4, 5, 6, 7, 8 players; "
     "one card over with 3 players."),
    ("trump", "muestra", "the deal must leave one card over with 2 to 8 players."),
    ("phases", "call_partner", "Every card must be dealt."),
])
def test_item49_the_limits_the_loader_checks_are_told_from_the_strategy(
        key: str, name: str, says: str) -> None:
    """The tables a settlement plays at and the cards a trump method or phase needs left
    over are asked of the strategy's own ``misfit``, the check the loader makes."""
    assert says in describe(key, name, REGISTRIES[key][name])


def test_item49_a_changed_limit_changes_the_reference(monkeypatch: pytest.MonkeyPatch) -> None:
    settlement = REGISTRIES["settlement"]["hands_won"]
    assert "Plays with" not in describe("settlement", "hands_won", settlement)
    monkeypatch.setattr(settlement, "misfit",
                        lambda self, players, teams: None if teams else "teams only")
    assert "Plays with two teams." in describe("settlement", "hands_won", settlement)
