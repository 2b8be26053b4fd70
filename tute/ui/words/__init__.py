"""What the screens say: option values and button words, the lines players say at the
table, and the bundled games as the menus list them (cards are named by ``tute.cardnames``,
below the UI, which the puzzles' explanations use too).

Pure text over the engine and the catalogs: no pygame, and no other room of the UI."""
