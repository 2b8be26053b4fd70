"""Each settlement says what its standing counts (``Totals``) and what a player aims at
(``Aim``): the scoreboard, the result sheet, the final standing and the AI read those, so a
new settlement needs no table of names in any of them (docs/design.md, issue 23)."""

from __future__ import annotations

import pytest

from tute.ai.objectives import OBJECTIVES
from tute.engine.settlement import BALANCES, HANDS, JUEGOS, POINTS, SETTLEMENTS, Aim, Race, Totals
from tute.ui.table import results, scoreboard


def test_every_aim_has_an_objective_and_every_settlement_an_aim() -> None:
    assert set(OBJECTIVES) == set(Aim)
    for make in SETTLEMENTS.values():
        settlement = make({})
        assert settlement.aim in OBJECTIVES and settlement.totals.head


def test_only_the_race_to_101_is_a_race() -> None:
    """Points to 101 (docs/rules.md, Tute a dos): a hand loses nobody, it adds to a race."""
    assert [name for name, make in SETTLEMENTS.items() if make({}).race] == ["race"]
    assert Race.totals is POINTS


@pytest.mark.parametrize(("totals", "summary", "cell"), [
    (JUEGOS, {"juegos": [2, 0], "totals": [5, 3]}, "+2 · 5"),
    (POINTS, {"score": [40, 0], "totals": [90, 12]}, "+40 · 90"),
    (POINTS, {"totals": [90, 12]}, "90"),
    (BALANCES, {"payments": [-30, 15, 15], "balances": [-30, 45, -15]}, "-30 · -30"),
    (HANDS, {"winner": 0, "totals": [2, 1]}, "+1 · 2"),
    (HANDS, {"winner": None, "totals": [2, 1]}, "+0 · 2"),
])
def test_the_result_sheet_cell_reads_the_settlements_keys(totals: Totals,
                                                         summary: dict[str, object],
                                                         cell: str) -> None:
    assert results.column(totals, summary, 0, False) == cell


def test_the_target_comes_from_the_settlements_own_option() -> None:
    assert scoreboard.target({"games_to": 3, "target": 7}, HANDS) == 3
    assert scoreboard.target({}, POINTS) == 101
    assert scoreboard.target({"target": 7}, BALANCES) is None
