"""Each strategy says which options it reads (``needs``), on its own class: the ruleset
schema reads them from the engine's registries, the one place strategy names live."""

from __future__ import annotations

import pytest

from tute.engine.registries import REGISTRIES
from tute.rules import load_ruleset
from tute.rules.ruleset import Pick, bundled_names

AXES = ("deal", "exchange", "scoring", "settlement", "phases")


@pytest.mark.parametrize("axis", AXES)
def test_every_strategy_lists_the_options_it_reads(axis: str) -> None:
    for name, strategy in REGISTRIES[axis].items():
        needs = getattr(strategy, "needs", None)
        assert isinstance(needs, tuple) and all(isinstance(o, str) for o in needs), (
            axis, name)


def test_every_bundled_ruleset_defines_what_its_strategies_read() -> None:
    for game in bundled_names():
        rules = load_ruleset(game)
        for axis in AXES:
            value = getattr(rules, axis)
            names = value.all_names() if isinstance(value, Pick) else (
                value if isinstance(value, tuple) else (value,))
            if axis == "phases":  # every list an option may choose (Manilla's trumps)
                names = (*names, *(p for ps in rules.phases_by[1].values() for p in ps))
            for name in names:  # offered as options, or fixed by the file (``fixed:``)
                assert set(REGISTRIES[axis][name].needs) <= {*rules.options, *rules.fixed}, (
                    game, name)


def test_a_strategys_needs_come_from_its_class() -> None:
    """Subclasses inherit what they read (Codillo's side marks count lives as Cabrero's
    marks do) and the schema refuses a file without it (tests/test_audit_edges.py)."""
    settlements = REGISTRIES["settlement"]
    assert settlements["side_marks"].needs == settlements["marks"].needs == ("lives",)
    assert REGISTRIES["phases"]["subasta"].needs == ("min_bid", "auction")
