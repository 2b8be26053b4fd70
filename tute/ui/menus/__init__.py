"""The menus and the screens around a match: the main menu, new game and its options,
settings, statistics, rules help, starting or resuming a match and the match's end.

May import every room below it."""
