"""The two deck patterns as data: palettes and drawing choices, so the drawing code is shared
and each deck is a set of parameters."""

from __future__ import annotations

from dataclasses import dataclass, field

SUITS = "OCEB"  # oros, copas, espadas, bastos (as in tute.cards)


@dataclass(frozen=True)
class Garb:
    """A figure's clothes: main garment, its lining or second colour, trim, hose, hat."""

    main: str
    second: str
    trim: str
    hose: str
    hat: str


@dataclass(frozen=True)
class Style:
    """Everything that makes one deck look like itself."""

    name: str
    paper: str
    paper_shade: str
    edge: str
    frame: str
    frame_double: bool  # a second, inner frame line
    pinta: bool  # breaks in the top and bottom frame lines: 0, 1, 2, 3 by suit
    index_box: bool  # indices sit in small framed boxes
    index_colours: dict[str, str]
    # Suit symbols.
    gold: str
    gold_light: str
    gold_dark: str
    ink: str  # outlines
    red: str
    blue: str
    green: str
    blade: str
    blade_light: str
    wood: str
    wood_light: str
    wood_dark: str
    cup_shape: str  # "chalice" or "egg"
    sword_shape: str  # "straight" or "sabre"
    club_shape: str  # "knotty" or "baton"
    coin_shape: str  # "sun" or "rose"
    # Figures.
    skin: str
    skin_shade: str
    hair: tuple[str, ...]
    page_hat: str  # "cap" (flat, plumed) or "barretina" (the Catalan stocking cap)
    rider_hat: str  # "brim" or "barretina"
    crown: str  # "points" or "fleurons"
    king_dress: str  # "robe" (long, ermine front) or "mantle" (tunic, ermine cape)
    caparison: bool  # horses wear a cloth over the back
    brocade: str  # pattern on garments: "dots" or "diamonds"
    horse_left: str  # suits whose horse faces left (the rest face right)
    bearded: str  # suits whose king has a beard (the others are young)
    sceptre: str  # suits whose king holds a sceptre in his free hand
    garbs: dict[str, Garb] = field(default_factory=dict)
    horse: dict[str, str] = field(default_factory=dict)


SPANISH = Style(
    name="spanish",
    paper="#FCF9F0", paper_shade="#EFE8D6", edge="#8C8172", frame="#3A3530",
    frame_double=False, pinta=True, index_box=False,
    index_colours={"O": "#835400", "C": "#B3202C", "E": "#1D4F9C", "B": "#2D6B2F"},
    gold="#F2B418", gold_light="#FFE27A", gold_dark="#B87A06", ink="#2A2420",
    red="#C8242E", blue="#2C63B8", green="#3E8A3A",
    blade="#5B86C8", blade_light="#D9E6F7", wood="#C98B3C", wood_light="#EDC27A",
    wood_dark="#7A4A18",
    cup_shape="chalice", sword_shape="straight", club_shape="knotty", coin_shape="sun",
    skin="#F6D2AE", skin_shade="#E0A983", hair=("#6B3F1D", "#E8B33A", "#2E2520", "#8E4A22"),
    page_hat="cap", rider_hat="brim", crown="points", king_dress="robe", caparison=False,
    brocade="dots", horse_left="OC", bearded="EB", sceptre="C",
    garbs={
        "O": Garb(main="#C8242E", second="#F2B418", trim="#2C63B8", hose="#2C63B8",
                  hat="#2C63B8"),
        "C": Garb(main="#2C63B8", second="#C8242E", trim="#F2B418", hose="#C8242E",
                  hat="#C8242E"),
        "E": Garb(main="#3E8A3A", second="#F2B418", trim="#C8242E", hose="#F2B418",
                  hat="#C8242E"),
        "B": Garb(main="#F2B418", second="#3E8A3A", trim="#C8242E", hose="#3E8A3A",
                  hat="#3E8A3A"),
    },
    horse={"O": "#F4EEE2", "C": "#C98B3C", "E": "#9AA3AE", "B": "#7A4A28"},
)

CATALAN = Style(
    name="catalan",
    paper="#FFFDF7", paper_shade="#F1EADB", edge="#7E6F66", frame="#7A2E2A",
    frame_double=True, pinta=False, index_box=True,
    index_colours={"O": "#7A4E00", "C": "#A3173A", "E": "#23406E", "B": "#4C5A16"},
    gold="#E8A91C", gold_light="#FFE9A6", gold_dark="#A8700C", ink="#3A2222",
    red="#B8203C", blue="#3A5C94", green="#6E8A24",
    blade="#8FA4B8", blade_light="#EEF3F8", wood="#A8542C", wood_light="#D98A55",
    wood_dark="#5E2A12",
    cup_shape="egg", sword_shape="sabre", club_shape="baton", coin_shape="rose",
    skin="#F8DCC2", skin_shade="#E3B190", hair=("#3A2418", "#A8642A", "#C9A060", "#5A3020"),
    page_hat="barretina", rider_hat="barretina", crown="fleurons", king_dress="mantle",
    caparison=True, brocade="diamonds", horse_left="CE", bearded="OEB", sceptre="O",
    garbs={
        "O": Garb(main="#3A5C94", second="#E8A91C", trim="#B8203C", hose="#B8203C",
                  hat="#B8203C"),
        "C": Garb(main="#B8203C", second="#6E8A24", trim="#E8A91C", hose="#E8A91C",
                  hat="#6E8A24"),
        "E": Garb(main="#6B3F7A", second="#E8A91C", trim="#3A5C94", hose="#3A5C94",
                  hat="#B8203C"),
        "B": Garb(main="#6E8A24", second="#B8203C", trim="#E8A91C", hose="#A8542C",
                  hat="#B8203C"),
    },
    horse={"O": "#E9DCC6", "C": "#4A3A30", "E": "#C7C9CC", "B": "#A8542C"},
)

STYLES: dict[str, Style] = {s.name: s for s in (SPANISH, CATALAN)}
