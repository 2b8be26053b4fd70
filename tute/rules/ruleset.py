"""Ruleset files -> validated RuleSet objects.

A ruleset names the game's deck, its strategies (deal, trump method, obligations, scoring)
and its options, each option with a default, the values it allows, and a label and a one-line
description in Spanish and English for the options screen.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from tute.cards import DECKS, ORDERS
from tute.resources import rules_dir
from tute.rules.yamlio import Located, YamlError, parse, read

OptionValue = bool | int | str
LANGS = ("es", "en")

# The strategies the engine knows, by ruleset key; a new game adds its name here and a
# function in the engine, never a fork of the engine.
STRATEGIES: dict[str, tuple[str, ...]] = {
    "deal": ("cabrero",),
    "trump": ("cabrero",),
    "obligations": ("tute", "free", "butifarra"),
    "auction": ("none",),
    "scoring": ("cabrero",),
}
MODIFIERS = ("no_cargar",)


class RulesetError(YamlError):
    """A ruleset file that breaks the schema, or an option value it does not allow."""


@dataclass(frozen=True)
class Option:
    """One house option: its default and what it allows."""

    name: str
    default: OptionValue
    label: Mapping[str, str]
    description: Mapping[str, str]
    choices: tuple[OptionValue, ...] = ()
    low: int | None = None
    high: int | None = None

    @property
    def kind(self) -> type:
        return type(self.default)

    def allowed(self) -> list[OptionValue]:
        """Every value the option allows, in display order."""
        if self.choices:
            return list(self.choices)
        if self.kind is bool:
            return [False, True]
        assert self.low is not None and self.high is not None
        return list(range(self.low, self.high + 1))

    def check(self, value: object) -> str | None:
        """Why ``value`` is not allowed, or None when it is."""
        if type(value) is not self.kind:
            return f"expected {_kind_name(self.kind)}, got {value!r}"
        if self.choices and value not in self.choices:
            return f"{value!r} is not one of {', '.join(map(str, self.choices))}"
        if self.low is not None and self.high is not None:
            assert isinstance(value, int)
            if not self.low <= value <= self.high:
                return f"{value} is out of range {self.low}..{self.high}"
        return None

    def parse_text(self, text: str) -> OptionValue:
        """Value from command-line text such as ``3``, ``on`` or ``accuse``."""
        t = text.strip()
        value: OptionValue
        if self.kind is bool:
            low = t.lower()
            if low in ("true", "yes", "on", "1", "si", "sí"):
                value = True
            elif low in ("false", "no", "off", "0"):
                value = False
            else:
                raise ValueError(f"option '{self.name}': '{text}' is not on/off")
        elif self.kind is int:
            try:
                value = int(t)
            except ValueError:
                raise ValueError(f"option '{self.name}': '{text}' is not a number") from None
        else:
            value = t
        problem = self.check(value)
        if problem:
            raise ValueError(f"option '{self.name}': {problem}")
        return value


def _kind_name(kind: type) -> str:
    return {bool: "true or false", int: "a whole number", str: "text"}.get(kind, kind.__name__)


@dataclass(frozen=True)
class RuleSet:
    """A validated game definition."""

    id: str
    source: str
    name: Mapping[str, str]
    deck: str
    order: str
    min_players: int
    max_players: int
    deal: str
    trump: str
    obligations: str
    modifiers: tuple[str, ...]
    cantes: bool
    auction: str
    scoring: str
    options: Mapping[str, Option] = field(default_factory=dict)

    def resolve(self, overrides: Mapping[str, object] | None = None) -> dict[str, OptionValue]:
        """The full option values: defaults with ``overrides`` checked and applied."""
        values: dict[str, OptionValue] = {k: o.default for k, o in self.options.items()}
        for key, value in (overrides or {}).items():
            opt = self.options.get(key)
            if opt is None:
                raise ValueError(
                    f"unknown option '{key}' for {self.id} "
                    f"(options: {', '.join(self.options)})"
                )
            problem = opt.check(value)
            if problem:
                raise ValueError(f"option '{key}': {problem}")
            values[key] = value  # type: ignore[assignment]
        return values


_TOP_KEYS = {
    "name": True, "deck": True, "order": True, "players": True, "deal": True, "trump": True,
    "obligations": True, "modifiers": False, "cantes": True, "auction": True, "scoring": True,
    "options": True,
}
_OPTION_KEYS = {"default", "choices", "range", "label", "description"}


def load_ruleset(name_or_path: str | Path) -> RuleSet:
    """Load a bundled ruleset by name (``cabrero``) or any ruleset file by path."""
    text_name = str(name_or_path)
    if text_name.endswith((".yaml", ".yml")) or "/" in text_name or "\\" in text_name:
        path = Path(text_name)
    else:
        path = rules_dir() / f"{text_name}.yaml"
        if not path.is_file():
            known = ", ".join(sorted(p.stem for p in rules_dir().glob("*.yaml")))
            raise RulesetError(text_name, None, f"no ruleset named '{text_name}' ({known})")
    return _Validator(read(path, RulesetError)).ruleset(path.stem)


def ruleset_from_text(text: str, source: str, rules_id: str) -> RuleSet:
    return _Validator(parse(text, source, RulesetError)).ruleset(rules_id)


class _Validator:
    def __init__(self, doc: Located) -> None:
        self.doc = doc

    def fail(self, path: tuple[Any, ...], message: str) -> RulesetError:
        return RulesetError(self.doc.source, self.doc.line(path), message)

    def mapping(self, value: object, path: tuple[Any, ...], keys: Mapping[str, bool]) -> dict[
        str, Any
    ]:
        where = ".".join(map(str, path)) or "the file"
        if not isinstance(value, dict):
            raise self.fail(path, f"{where}: expected a mapping of keys")
        for key in value:
            if key not in keys:
                raise self.fail(
                    (*path, key), f"{where}: unknown key '{key}' (allowed: {', '.join(keys)})"
                )
        for key, required in keys.items():
            if required and key not in value:
                raise self.fail(path, f"{where}: missing key '{key}'")
        return value

    def choice(self, value: object, path: tuple[Any, ...], allowed: tuple[str, ...]) -> str:
        if not isinstance(value, str) or value not in allowed:
            raise self.fail(
                path, f"{'.'.join(map(str, path))}: {value!r} is not one of {', '.join(allowed)}"
            )
        return value

    def integer(self, value: object, path: tuple[Any, ...], low: int, high: int) -> int:
        where = ".".join(map(str, path))
        if type(value) is not int:
            raise self.fail(path, f"{where}: expected a whole number, got {value!r}")
        if not low <= value <= high:
            raise self.fail(path, f"{where}: {value} is out of range {low}..{high}")
        return value

    def texts(self, value: object, path: tuple[Any, ...]) -> dict[str, str]:
        m = self.mapping(value, path, dict.fromkeys(LANGS, True))
        for lang in LANGS:
            if not isinstance(m[lang], str) or not m[lang].strip():
                raise self.fail((*path, lang), f"{'.'.join(map(str, path))}.{lang}: expected text")
        return {lang: m[lang] for lang in LANGS}

    def ruleset(self, rules_id: str) -> RuleSet:
        top = self.mapping(self.doc.data, (), _TOP_KEYS)
        players = self.mapping(top["players"], ("players",), {"min": True, "max": True})
        low = self.integer(players["min"], ("players", "min"), 2, 8)
        high = self.integer(players["max"], ("players", "max"), low, 8)
        mods = top.get("modifiers", [])
        if not isinstance(mods, list):
            raise self.fail(("modifiers",), "modifiers: expected a list")
        modifiers = tuple(self.choice(m, ("modifiers", i), MODIFIERS) for i, m in enumerate(mods))
        if not isinstance(top["cantes"], bool):
            raise self.fail(("cantes",), f"cantes: expected true or false, got {top['cantes']!r}")
        if not isinstance(top["options"], dict):
            raise self.fail(("options",), "options: expected a mapping of option names")
        options = {name: self.option(name, spec) for name, spec in top["options"].items()}
        if "players" not in options:
            raise self.fail(("options",), "options: missing option 'players'")
        p = options["players"]
        if p.kind is not int or set(p.allowed()) - set(range(low, high + 1)):
            raise self.fail(("options", "players"), "options.players must lie within players")
        return RuleSet(
            id=rules_id,
            source=self.doc.source,
            name=self.texts(top["name"], ("name",)),
            deck=self.choice(top["deck"], ("deck",), tuple(DECKS)),
            order=self.choice(top["order"], ("order",), tuple(ORDERS)),
            min_players=low,
            max_players=high,
            deal=self.choice(top["deal"], ("deal",), STRATEGIES["deal"]),
            trump=self.choice(top["trump"], ("trump",), STRATEGIES["trump"]),
            obligations=self.choice(top["obligations"], ("obligations",),
                                    STRATEGIES["obligations"]),
            modifiers=modifiers,
            cantes=top["cantes"],
            auction=self.choice(top["auction"], ("auction",), STRATEGIES["auction"]),
            scoring=self.choice(top["scoring"], ("scoring",), STRATEGIES["scoring"]),
            options=options,
        )

    def option(self, name: object, spec: object) -> Option:
        path: tuple[Any, ...] = ("options", name)
        where = f"options.{name}"
        # Option names are plain identifiers, as used on the command line (name=value).
        if not isinstance(name, str) or not name.isidentifier():
            raise self.fail(path, f"{where}: option names are identifiers like 'lives'")
        m = self.mapping(spec, path, {k: k in ("default", "label", "description")
                                      for k in _OPTION_KEYS})
        default = m["default"]
        if type(default) not in (bool, int, str):
            raise self.fail((*path, "default"), f"{where}.default: expected true/false, "
                            f"a whole number or text, got {default!r}")
        choices: tuple[OptionValue, ...] = ()
        low = high = None
        if "choices" in m:
            raw = m["choices"]
            if not isinstance(raw, list) or not raw:
                raise self.fail((*path, "choices"), f"{where}.choices: expected a list")
            for i, c in enumerate(raw):
                if type(c) is not type(default):
                    raise self.fail((*path, "choices", i), f"{where}.choices: {c!r} is not "
                                    f"{_kind_name(type(default))} like the default")
            choices = tuple(raw)
        if "range" in m:
            r = m["range"]
            if type(default) is not int:
                raise self.fail((*path, "default"), f"{where}.default: expected a whole "
                                f"number (the option has a range), got {default!r}")
            if not (isinstance(r, list) and len(r) == 2 and all(type(x) is int for x in r)
                    and r[0] <= r[1]):
                raise self.fail((*path, "range"), f"{where}.range: expected [low, high]")
            low, high = r
        if type(default) is int and not choices and low is None:
            raise self.fail(path, f"{where}: a number option needs choices or a range")
        if type(default) is str and not choices:
            raise self.fail(path, f"{where}: a text option needs choices")
        opt = Option(name, default, self.texts(m["label"], (*path, "label")),
                     self.texts(m["description"], (*path, "description")), choices, low, high)
        problem = opt.check(default)
        if problem:
            raise self.fail((*path, "default"), f"{where}.default: {problem}")
        return opt
