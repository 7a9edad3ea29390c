"""A generic analysis of structured returns: the right values in the wrong container.

Where the reference returns a tuple, a list or a dict of values (`(loss, grad)`, `{"loss":
..., "grad": ...}`), a learner may return the same values, in the same order, in another kind
of container: a list for a tuple, a tuple for a list, a tuple or a list for a dict or a dict
for either. `container_swapped` names that when it explains every trial that is not the
reference's (and the values were compared, not only their types and shapes).
"""

from __future__ import annotations

from typing import Any

from graders.checks import Finding, Trial
from graders.protocol.articles import with_article
from graders.protocol.matching import numbers_of, within_tolerance
from graders.protocol.values import ListOfNumbers

CONTAINERS = ("tuple", "list", "dict")


def container_of(value: Any) -> str | None:
    """ "tuple", "list" or "dict" for a value of that kind, however it crossed the sandbox
    (a list of numbers comes back as a `ListOfNumbers` that remembers its container)."""
    if isinstance(value, ListOfNumbers):
        return value.container
    name = type(value).__name__
    return name if type(value) in (tuple, list, dict) else None


def _items(value: Any) -> list[Any]:
    if isinstance(value, ListOfNumbers):
        return list(value.array)
    return list(value.values()) if isinstance(value, dict) else list(value)


def _same(got: Any, expected: Any, tolerance: float) -> bool:
    mine, theirs = numbers_of(got), numbers_of(expected)
    if theirs is None:
        return type(got) is type(expected) and bool(got == expected)
    return (
        mine is not None
        and mine.shape == theirs.shape
        and bool(within_tolerance(mine, theirs, tolerance).all())
    )


def _swapped(trial: Trial, tolerance: float) -> bool | None:
    """True for the reference's values, in order, in another container; False for a trial in
    the reference's own container (right or not); None for anything else."""
    mine, theirs = container_of(trial.got), container_of(trial.expected)
    if theirs is None or mine is None:
        return None
    if mine == theirs:
        return False
    got, expected = _items(trial.got), _items(trial.expected)
    if len(got) != len(expected) or not all(
        _same(a, b, tolerance) for a, b in zip(got, expected, strict=True)
    ):
        return None
    return True


def container_swapped(trials: list[Trial], tolerance: float, values: bool) -> Finding | None:
    """The finding when every trial that is not the reference's holds its values, in order,
    in another kind of container (and at least one does); None otherwise."""
    if not values or not trials:
        return None
    found = [_swapped(trial, tolerance) for trial in trials]
    if None in found or not any(found):
        return None
    if any(
        not swapped and not _same_items(t, tolerance)
        for t, swapped in zip(trials, found, strict=True)
    ):
        return None  # a trial in the right container with wrong values: not only the container
    first = next(trial for trial, swapped in zip(trials, found, strict=True) if swapped)
    got, expected = container_of(first.got), str(container_of(first.expected))
    return Finding(
        "wrong-container",
        f"The right values in {with_article(str(got))} instead of {with_article(expected)}",
        f"Your values are right, and in the right order, but they come back in "
        f"{with_article(str(got))} where {with_article(expected)} is expected. {_FIX.get(expected) or _keys(first)}",
    )


def _same_items(trial: Trial, tolerance: float) -> bool:
    got, expected = _items(trial.got), _items(trial.expected)
    return len(got) == len(expected) and all(
        _same(a, b, tolerance) for a, b in zip(got, expected, strict=True)
    )


_FIX = {
    "tuple": "Return a tuple: `return a, b` makes one (no brackets), and `tuple(items)` turns "
    "a list into one.",
    "list": "Return a list: `[a, b]`, or `list(items)` of a tuple.",
}


def _keys(trial: Trial) -> str:
    keys = ", ".join(f"`{key!r}`" for key in list(trial.expected)[:6])
    return f"Return a dict with the keys {keys}, each with its value: `{{key: value, ...}}`."
