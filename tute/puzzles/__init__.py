"""Card-play puzzles: endgame positions from real play where exactly one card reaches a
stated goal against any defence, proven by the AI's exact endgame search (``proof``),
shipped as data (``assets/puzzles/GAME.yaml``, read by ``data``) and described in words
(``words``)."""
