"""Everything pygame: the app loop, scenes, sprites, animation and deck rendering."""
