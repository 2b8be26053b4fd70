"""``HandState.copy()`` is complete, checked by introspection rather than by a list kept by
hand: every attribute the class declares is copied from its own field, and no mutable
container is shared between the copy and the original. The computer players search on
copies; a field left out or shared would let a search change the real hand."""

from __future__ import annotations

import copy
import random
from collections.abc import Iterator
from fractions import Fraction
from typing import Any

import pytest

from tute.engine import DEAL, Game, HandState
from tute.engine.obligations import FAMILIES, Obligations
from tute.rules import load_ruleset

SHARED = {"kit", "at_deal"}
"""Fields a copy shares on purpose: the kit never changes during a match, nor the public
position at the deal once taken (readers replay copies of it)."""
IMMUTABLE = (int, bool, str, float, Fraction, type(None), frozenset, Obligations)
"""Values a copy may share: an obligation family is a stateless strategy."""


def fields() -> list[str]:
    """Every attribute a hand state has, as the class declares them."""
    names = [n for cls in reversed(HandState.__mro__) for n in getattr(cls, "__annotations__", {})]
    slots = [n for cls in HandState.__mro__ for n in getattr(cls, "__slots__", ())]
    return sorted(set(names) | set(slots))


def states(game_id: str, seed: int = 3) -> Iterator[HandState]:
    """The hand of a match of ``game_id`` at every step of its first two hands (random legal
    actions): the deal, each phase before play, mid-trick, between tricks, the hand's end."""
    rules = load_ruleset(game_id)
    game = Game(rules, {}, seed)
    rng = random.Random(seed)
    while len(game.summaries) < 2 and not game.is_over:
        if game.phase == DEAL:
            game.deal()
        else:
            game.apply(rng.choice(game.legal_actions()))
        yield game.hand


def shared_parts(a: Any, b: Any, path: str) -> list[str]:
    """Where two equal values share a mutable object (a list, a dict, a set...)."""
    if isinstance(a, IMMUTABLE) or callable(a):
        return []
    if a is b and not isinstance(a, tuple):
        return [path]
    if isinstance(a, dict):
        return [p for k in a for p in shared_parts(a[k], b[k], f"{path}[{k!r}]")]
    if isinstance(a, (list, tuple)):
        return [p for i, (x, y) in enumerate(zip(a, b, strict=True))
                for p in shared_parts(x, y, f"{path}[{i}]")]
    return []


def test_the_declared_fields_are_every_attribute_a_hand_has() -> None:
    """The class's annotations list every attribute (so checking them checks everything)."""
    h = Game(load_ruleset("cabrero"), {}, 0).hand
    if not hasattr(h, "__dict__"):
        pytest.skip("a compiled HandState keeps its attributes natively")
    assert set(vars(h)) == set(fields())


def test_a_copy_of_an_empty_hand_has_every_field() -> None:
    """``copy`` starts from an unfilled state: a field it forgets is missing, not stale."""
    h = Game(load_ruleset("cabrero"), {}, 0).hand
    c = h.copy()
    missing = [n for n in fields() if not hasattr(c, n)]
    assert not missing


def marked(value: object, mark: int) -> object:
    """A value of the same shape as ``value`` that no other field holds."""
    if isinstance(value, bool):
        return not value
    if isinstance(value, (int, type(None))):
        return 10_000 + mark
    if isinstance(value, list):  # one more element, shaped like the first
        return [*value, marked(value[0], mark) if value else 10_000 + mark]
    if isinstance(value, tuple):
        return (*value, 10_000 + mark)
    if isinstance(value, Obligations):  # the family in force: another one
        return next(f for f in FAMILIES.values() if f is not value)
    if callable(value):
        return lambda *args: mark
    raise AssertionError(f"no marker for a {type(value).__name__}")


@pytest.mark.parametrize("name", [n for n in fields() if n not in SHARED])
def test_each_field_is_copied_from_itself(name: str) -> None:
    """Changing one field of the original changes that field of the copy and no other one
    (a copy that filled a field from another would differ here)."""
    h = Game(load_ruleset("butifarra"), {}, 0).hand
    before = {n: copy.copy(getattr(h, n)) for n in fields()}
    setattr(h, name, marked(getattr(h, name), fields().index(name)))
    c = h.copy()
    assert getattr(c, name) == getattr(h, name)
    assert [n for n in fields() if n not in (name, *SHARED) and getattr(c, n) != before[n]] == []


def test_copies_share_no_mutable_container_in_any_game(every_game: str) -> None:
    """At every step of two hands: the copy equals the original field by field, shares
    only the kit, and playing on it leaves the original as it was."""
    for h in states(every_game):
        c = h.copy()
        assert c.kit is h.kit
        for name in fields():
            if name in SHARED:
                continue
            assert getattr(c, name) == getattr(h, name), name
            assert shared_parts(getattr(c, name), getattr(h, name), name) == []
        if c.legal_actions():
            snapshot = {n: copy.deepcopy(getattr(h, n)) for n in fields() if n not in SHARED}
            c.apply(c.legal_actions()[-1])
            assert {n: getattr(h, n) for n in snapshot} == snapshot
