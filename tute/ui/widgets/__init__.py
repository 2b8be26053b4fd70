"""The look every screen shares: the theme (colours, fonts), buttons, choices, lists and text
fields, the toolbar, charts, the card art we draw ourselves, card sprites, screen spots and
HiDPI (a Retina window's points to pixels).

May import ``words`` only; knows nothing of scenes or of a match."""
