"""Everything pygame: the app loop, scenes, sprites, animation and deck rendering."""

import os

# Before pygame is first imported: no banner on stdout.
os.environ.setdefault("PYGAME_HIDE_SUPPORT_PROMPT", "1")
