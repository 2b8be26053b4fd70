"""A match at the table: the scene and its controller and session (the match without a
window), the painter and director, animation, sprites' places, scoreboard, results and the
reasons behind them, hints and the hard level's verdicts in words, the pickers for decisions,
undo, the hand result and the play log.

May import ``words``, ``widgets`` and ``shell``. Where it leads elsewhere (the menu, the
match's end, a review), it asks the app's routes instead of importing the screen."""
