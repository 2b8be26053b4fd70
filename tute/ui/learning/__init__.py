"""Learning at the table: the guided lessons (a lesson file played on the real table with a
coach) and the how-to-play openers of a game's first hands.

May import ``words``, ``widgets``, ``shell`` and ``table``. The lesson files and their checks
live in ``tute.lessons``, free of pygame."""
