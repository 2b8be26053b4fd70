"""Practice away from a match: the Puzzles screen and a puzzle at the table, deal codes, the
hand review, and the list of kept records.

May import ``words``, ``widgets``, ``shell``, ``table`` and ``learning``. The puzzles' data
and proofs live in ``tute.puzzles``, free of pygame."""
