"""Everything pygame, in rooms named for what the player sees.

From the bottom up — a room may import the rooms below it, never one above, and never
``tute.ui.main`` (see docs/design.md, "The window's rooms"; tests/test_layers.py checks it):

- ``words``: what the screens say — option words, what players say, the games' names;
- ``widgets``: the look — theme, buttons and lists, charts, the toolbar, card art, sprites,
  HiDPI;
- ``shell``: the app loop, the scene stack, held keys, the worker, audio, dialogs, the
  routes between screens;
- ``table``: a match at the table — its scene, controller, session, painter, director,
  animation, scoreboard, results and reasons, hints, pickers, undo and the play log;
- ``learning``: lessons at the table and the how-to-play openers;
- ``practice``: puzzles, deal codes, the hand review and kept records;
- ``menus``: the main menu, new game, settings, statistics, rules help, match start and end.
"""

import os

# Before pygame is first imported: no banner on stdout.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
