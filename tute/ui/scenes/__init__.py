"""The screens of the game: menu, new game, table, results, settings, rules, dialogs."""
