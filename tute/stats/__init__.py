"""The player's statistics: every finished hand and match, per game, player count, level and
options, kept in a versioned file beside the settings (``file``), derived from what the engine
reports (``hands``) and summed up for a screen or ``tute stats`` (``figures``)."""
