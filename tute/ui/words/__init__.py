"""What the screens say: option values and button words, the lines players say at the
table, and the bundled games as the menus list them (cards are named by ``tute.cardnames``,
below the UI, which the puzzles' explanations use too).

May import no other room of the UI, nor pygame: pure text over the engine and the catalogs."""
