"""What the screens say: card and suit names, option values and button words, the lines
players say at the table, and the bundled games as the menus list them.

Pure text over the engine and the catalogs: no pygame, and no other room of the UI."""
