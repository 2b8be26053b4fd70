"""Speech for players who cannot see the table: a queue of lines spoken through the
player's own screen reader (speech-dispatcher on Linux, NVDA, JAWS, SAPI or VoiceOver
elsewhere), or recorded for the tests, or nothing at all when no reader is there.

Nothing here imports pygame: the window hands it lines; it never waits for a reader.
"""
