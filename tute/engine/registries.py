"""Every strategy a ruleset may name, by ruleset key, and the options the engine reads by name.

The one place strategy names live: the ruleset loader checks a file's names against it and
the schema reference lists them. It gathers the strategy modules and sits below the rules
(``tute.rules`` imports it, never ``kit``), as ``kit`` sits above them both.
"""

from __future__ import annotations

from collections.abc import Mapping

from tute.engine import deal, exchange, phases, scoring, settlement, trumps
from tute.engine.cantes import CANTE_BY
from tute.engine.obligations import FAMILIES
from tute.engine.table import SEATINGS

REGISTRIES: dict[str, Mapping[str, object]] = {
    "seating": SEATINGS,
    "first_dealer": trumps.FIRST_DEALERS,
    "next_dealer": trumps.NEXT_DEALERS,
    "deal": deal.PLANS,
    "trump": trumps.METHODS,
    "exchange": exchange.EXCHANGES,
    "exchange_when": exchange.WHEN,
    "phases": phases.PHASES,
    "lone": phases.LONE,
    "lead": phases.LEAD,
    "obligations": FAMILIES,
    "cante_by": CANTE_BY,
    "scoring": scoring.SCORERS,
    "settlement": settlement.SETTLEMENTS,
}
"""Every strategy name a ruleset may use, and what it means to the engine: the one place
strategy names live (the ruleset schema reads its names from here)."""

HOUSE_OPTIONS: dict[str, str] = {
    "players": "Players at the table; every file defines it, within `players`.",
    "renuncio": "What a revoke does: `prevent` (default), `penalize` or `accuse`.",
    "renuncio_marks": "Marks a revoke costs (default 2).",
    "no_cargar": "On: the `no_cargar` modifier, as if the file listed it.",
    "cuarenta_first": "Las cuarenta before any veinte (over `cantes.cuarenta_first`).",
    "sing_in_arrastre": "Cantes go on once the stock and its muestra are drawn (default on).",
    "desempate": "The mano adds 1/2 point, the next 1/4...: totals never tie.",
    "losers": "Cabrero's losers: `middle` (default) or `second`.",
    "dealer_out_from": "The player count from which the dealer sits out (over "
                       "`dealer_sits_out`).",
    "hand_size": "Cards each for a stock deal (over the key `hand_size`).",
    "trump_rotation": "No card is shown: trumps go oros, copas, espadas, bastos.",
    "final_duel": "When two remain, they play hands of Tute a dos.",
    "tie": "A tied hand of juegos goes to the `last_trick` taker (default) or the `mano`.",
    "tute_wins": "`match`: a sung tute wins the match (juegos).",
    "lives": "Marks at which a player retires (the match's marks shown).",
    "tute": "Off: there is no tute (over `cantes.tute`); the pairs inside one may still be "
            "sung.",
    "cantes_per_trick": "`one` (default): one cante per trick won, for the side; `each`: "
                        "each member of the trick-winning side may sing one pair of his "
                        "own (the winner enters both).",
    "treinta_malas": "Off: the key `card_minimum` does not apply.",
    "target": "The total a `race` settlement is run to (default 101); `balances` and "
              "`team_target` need it.",
}
"""The options the engine reads by name wherever a file defines them, beside those a
strategy ``needs`` (a file naming it must define them): the schema reference lists both."""
