"""Golden playthroughs: one whole match per game and main option set, played by the computer
(every seat at the medium level, a fixed seed), committed as a record
(``tests/golden/NAME.yaml``) with its ``tute replay --json`` (``tests/golden/NAME.json``).
``tests/test_golden.py`` replays every record and compares with the JSON exactly, so any
change of behaviour, in the engine or in the computer players, shows as a diff to review.

    python tools/golden.py            # play every match again and rewrite both files
    python tools/golden.py --check    # compare only; exit 1 naming what differs

Rewrite on purpose: after a change of rules or of the medium level that the diff shows to be
intended (commit the new files with the change), or after adding a game. Every bundled
ruleset gets a record with its default options even if ``SETS`` does not name it yet; name
it there with options that keep its match to a few hands.
"""

from __future__ import annotations

import argparse
import contextlib
import io
import json
import sys
from dataclasses import dataclass, field
from pathlib import Path

from tute.cli import main as tute_main
from tute.engine.record import dump_record
from tute.rules import OptionValue, load_ruleset
from tute.rules.ruleset import bundled_names
from tute.simulate import Simulation

FOLDER = Path(__file__).resolve().parent.parent / "tests" / "golden"
SEED = 1
"""The seed of every match (its shuffles and the players' choices)."""


@dataclass(frozen=True)
class GoldenSet:
    """One golden match: a game and the options that make it a main variant, kept short."""

    name: str
    game: str
    options: dict[str, OptionValue] = field(default_factory=dict)
    seed: int = SEED
    """Another seed where the common one does not reach what the set is for (vueltas)."""


SETS = (
    GoldenSet("cabrero", "cabrero", {"players": 4, "lives": 2}),
    GoldenSet("cabrero-duel", "cabrero", {"players": 3, "lives": 1, "final_duel": True}),
    GoldenSet("chancho", "chancho", {"players": 5, "lives": 2}),
    GoldenSet("dos", "dos", {"players": 2}),
    GoldenSet("dos-lowest", "dos", {"players": 2, "scoring": "lowest_loses",
                                    "exchange": False, "hand_size": 8}),
    GoldenSet("parejas", "parejas", {"players": 4, "games_to": 8, "tute_wins": "match"}),
    GoldenSet("arrastrado", "arrastrado", {"players": 3}),
    GoldenSet("arrastrado-lost-games", "arrastrado", {"players": 3, "scoring": "lost_games",
                                                      "lost_games_to": 8}),
    GoldenSet("arrastrado-teams", "arrastrado", {"players": 4}),
    GoldenSet("subastado", "subastado", {"players": 4, "deals": 4}),
    GoldenSet("subastado-open", "subastado", {"players": 4, "deals": 4, "auction": "open",
                                              "takeover": False, "no_cargar": True}),
    GoldenSet("codillo", "codillo", {"players": 5, "lives": 2}),
    GoldenSet("bato", "bato", {"players": 4, "hands": 10}),
    GoldenSet("butifarra", "butifarra", {"players": 4, "target": 51}),
    GoldenSet("butifarra-sant-vicenc", "butifarra", {"players": 4, "target": 51,
                                                     "sant_vicenc": True,
                                                     "capot_bonus": True}),
    GoldenSet("butifarra-contro-by-mano", "butifarra", {"players": 4, "target": 51,
                                                        "contro_by": "mano"}),
    GoldenSet("cabrero-house", "cabrero", {"players": 5, "lives": 2, "losers": "second",
                                           "dealer_out_from": 5, "renuncio": "penalize",
                                           "renuncio_marks": 1, "no_cargar": True}),
    GoldenSet("dos-juegos", "dos", {"players": 2, "scoring": "juegos", "games_to": 3,
                                    "sing_in_arrastre": False}),
    GoldenSet("subastado-three", "subastado", {"players": 3, "deals": 4,
                                               "cuarenta_first": True}),
    GoldenSet("brisca", "brisca", {"players": 2}),
    GoldenSet("brisca-pairs", "brisca", {"players": 4, "arrastre": True}),
    GoldenSet("guinote", "guinote", {"players": 4, "partidas_to": 2}),
    GoldenSet("julepe", "julepe", {"players": 4, "hands": 10}),
    GoldenSet("julepe-six-players-ante", "julepe", {"players": 6, "hands": 10,
                                                    "ante_by": "players", "forced": "none"}),
    GoldenSet("julepe-three-tricks", "julepe", {"players": 3, "hands": 10,
                                                "take_pinta": "three_tricks",
                                                "subfallar": False, "chips": 30,
                                                "ante": 10, "match_end": "first_out"}),
    GoldenSet("manilla", "manilla", {"players": 4}),
    GoldenSet("manilla-named", "manilla", {"players": 4, "trumps": "named", "target": 51}),
    GoldenSet("manilla-no-shown-points", "manilla", {"players": 4, "shown_points": False}),
    GoldenSet("guinote-two", "guinote", {"players": 2, "partidas_to": 2}),
    GoldenSet("guinote-vueltas", "guinote", {"players": 4, "partidas_to": 2,
                                             "treinta_malas": False, "exchange_two": True},
              seed=2),
)
"""The main option sets, each with options that end its match within a few hands."""


def golden_sets() -> list[GoldenSet]:
    """``SETS``, and every other bundled game with its default options."""
    named = {s.game for s in SETS}
    return [*SETS, *(GoldenSet(g, g) for g in bundled_names() if g not in named)]


def play(golden: GoldenSet) -> str:
    """The record of the match, as ``tute simulate --seats medium,... --matches 1 --records``
    would write it."""
    rules = load_ruleset(golden.game)
    options = rules.resolve(golden.options)
    players = int(options["players"])
    sim = Simulation(rules, options, ["medium"] * players, seed=golden.seed)
    return dump_record(sim.play_match(golden.seed, 0, one_hand=False))


def replay_json(path: Path) -> str:
    """``tute replay PATH --json``, indented so a change reads as a diff of a few lines."""
    out = io.StringIO()
    with contextlib.redirect_stdout(out):
        code = tute_main(["replay", str(path), "--json"])
    if code != 0:
        raise SystemExit(f"{path}: tute replay failed:\n{out.getvalue()}")
    return json.dumps(json.loads(out.getvalue()), indent=1, ensure_ascii=False) + "\n"


def write(folder: Path) -> None:
    """Play every golden match again and rewrite its record and JSON; remove files of sets
    that are no longer golden."""
    folder.mkdir(parents=True, exist_ok=True)
    keep = set()
    for golden in golden_sets():
        record = folder / f"{golden.name}.yaml"
        record.write_text(play(golden), encoding="utf-8")
        doc = replay_json(record)
        (folder / f"{golden.name}.json").write_text(doc, encoding="utf-8")
        keep |= {record.name, f"{golden.name}.json"}
        print(f"{golden.name}: {len(json.loads(doc)['hands'])} hands")
    for stale in folder.glob("*.*"):
        if stale.name not in keep:
            stale.unlink()


def differences(folder: Path) -> list[str]:
    """What a rewrite would change: sets whose record the players would now play otherwise,
    or whose committed JSON the replay no longer gives."""
    out = []
    for golden in golden_sets():
        record = folder / f"{golden.name}.yaml"
        expected = folder / f"{golden.name}.json"
        if not record.exists() or not expected.exists():
            out.append(f"{golden.name}: missing")
            continue
        if record.read_text(encoding="utf-8") != play(golden):
            out.append(f"{record.name}: the computer players now play this match otherwise")
        if expected.read_text(encoding="utf-8") != replay_json(record):
            out.append(f"{expected.name}: the replay of {record.name} now differs")
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--check", action="store_true",
                        help="compare with the committed files instead of rewriting them")
    parser.add_argument("--folder", type=Path, default=FOLDER, help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.check:
        problems = differences(args.folder)
        for line in problems:
            print(line, file=sys.stderr)
        return 1 if problems else 0
    write(args.folder)
    return 0


if __name__ == "__main__":
    sys.exit(main())
