"""The one rule for "the same value", shared by the checks and the reference's child.

The trusted side compares a learner's value with the reference's and with each known mistake's
by these functions (graders.checks, graders.engine.diagnosis); the child that runs the
reference and the known mistakes on a learner's own call (graders.inside.reference) matches the
learner's value against each mistake by the same rule, so the two can never disagree.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from graders.protocol.values import ListOfNumbers, Unsupported


def numbers_of(value: Any) -> np.ndarray[Any, Any] | None:
    """The returned value's numbers as a float64 array (complex128 if any is complex), or None
    when it holds anything else. Reads arrays, NumPy and Python scalars, and lists or tuples of
    them, whichever way they crossed the sandbox boundary."""
    if isinstance(value, ListOfNumbers):
        value = value.array
    elif type(value) in (list, tuple):
        value = _unwrapped(value)
    elif not isinstance(value, np.ndarray | np.generic | bool | int | float | complex):
        return None
    try:
        array = np.asarray(value)
    except (TypeError, ValueError, OverflowError, RecursionError):  # ragged, or not numbers
        return None
    if array.dtype.kind not in "biufc":
        return None
    return array.astype(np.complex128 if array.dtype.kind == "c" else np.float64)


def _unwrapped(value: Any, depth: int = 0) -> Any:
    """A list or tuple with every `ListOfNumbers` in it replaced by its array (for np.asarray);
    anything NumPy would not read as a number becomes None, so the result is refused."""
    if isinstance(value, ListOfNumbers):
        return value.array
    if type(value) in (list, tuple) and depth < 32:
        return [_unwrapped(item, depth + 1) for item in value]
    if isinstance(value, np.ndarray | np.generic | bool | int | float | complex):
        return value
    return None


def within_tolerance(
    got: np.ndarray[Any, Any], expected: np.ndarray[Any, Any], tolerance: float
) -> np.ndarray[Any, Any]:
    """The one rule for "the same number", element by element, used by every comparison:
    |got - expected| <= tolerance, or both NaN, or the same infinity."""
    fast = got.ndim > 0 and got.shape == expected.shape
    if fast and got.dtype.kind in "fc" and expected.dtype.kind in "fc":
        # The same rule, fast: |got - expected| first (a fifth of np.isclose's time), and
        # np.isclose only for the elements that fail it (NaN, infinities, or truly apart).
        with np.errstate(invalid="ignore", over="ignore"):
            near: np.ndarray[Any, Any] = np.abs(got - expected) <= tolerance
            if near.all():
                return near
            apart = ~near
            near[apart] = np.isclose(
                got[apart], expected[apart], rtol=0.0, atol=tolerance, equal_nan=True
            )
        return near
    close: np.ndarray[Any, Any] = np.isclose(
        got, expected, rtol=0.0, atol=tolerance, equal_nan=True
    )
    return close


def outcomes_match(learner: Any, mistake: Any, tolerance: float) -> bool:
    """Same kind of value, same shape, every element within tolerance (the one rule), item by
    item for tuples, lists of arrays and dicts. One number is one kind, however it is typed: a
    loss returned as `float(loss)` matches a mistake that returns `np.float64`."""
    if _one_number(learner) and _one_number(mistake):
        return bool(within_tolerance(np.asarray(learner), np.asarray(mistake), tolerance).all())
    if type(learner) is not type(mistake):
        return False
    if isinstance(learner, dict):
        return list(learner) == list(mistake) and all(
            outcomes_match(learner[key], mistake[key], tolerance) for key in learner
        )
    if isinstance(learner, list | tuple):
        return len(learner) == len(mistake) and all(
            outcomes_match(mine, theirs, tolerance)
            for mine, theirs in zip(learner, mistake, strict=True)
        )
    if isinstance(learner, ListOfNumbers) and learner.container != mistake.container:
        return False
    if isinstance(learner, np.ndarray) and (  # before any copy: a mistake has ten chances
        learner.shape != mistake.shape or learner.dtype.kind != mistake.dtype.kind
    ):
        return False
    got, theirs = numbers_of(learner), numbers_of(mistake)
    if got is None or theirs is None:  # text, None, or a value that did not cross
        return bool(learner == mistake)
    if got.shape != theirs.shape or got.dtype != theirs.dtype:  # real or complex alike
        return False
    return bool(within_tolerance(got, theirs, tolerance).all())


def summaries_match(learner: Any, mistake: Any, tolerance: float) -> bool:
    """`outcomes_match` for values of which only the summary crossed (types and shapes, for a
    check that reads no more): one number matches one number whatever it holds, since a Python
    float's summary keeps its value and a NumPy scalar's does not; item by item for tuples,
    lists of arrays and dicts."""
    if _one_number(learner) and _one_number(mistake):
        return True
    if isinstance(learner, dict) and isinstance(mistake, dict):
        return list(learner) == list(mistake) and all(
            summaries_match(learner[key], mistake[key], tolerance) for key in learner
        )
    if type(learner) is type(mistake) and isinstance(learner, list | tuple):
        return len(learner) == len(mistake) and all(
            summaries_match(mine, theirs, tolerance)
            for mine, theirs in zip(learner, mistake, strict=True)
        )
    return outcomes_match(learner, mistake, tolerance)


def behaves_like(learner: Any, mistake: Any, tolerance: float, summary: bool = False) -> bool:
    """Whether the learner's outcome on one call is a known mistake's (how the engine names a
    mistake, graders.engine.diagnosis): the same value by `outcomes_match` (`summaries_match`
    where only summaries crossed), or a raise of the same exception type, whatever its message
    says (wording is shared by mistakes that do quite different things; what a mistake does
    across the tests tells them apart)."""
    raised = raised_type(learner)
    if raised is not None or raised_type(mistake) is not None:
        return raised == raised_type(mistake)
    return (summaries_match if summary else outcomes_match)(learner, mistake, tolerance)


def slips_like(learner: Any, mistake: Any, expected: Any, tolerance: float) -> bool:
    """Whether a tuple or list outcome has the mistake's slip in some of its items: every item
    the mistake gets wrong (against the reference's, `expected`) the learner got wrong the same
    way, and at least one such item. Items the mistake gets right may be anything: a loss
    summed and a gradient missing its 2 are two slips, each named where it shows."""
    if not (type(learner) is type(mistake) is type(expected) and isinstance(learner, list | tuple)):
        return False
    if not len(learner) == len(mistake) == len(expected):
        return False
    given = False
    for mine, theirs, right in zip(learner, mistake, expected, strict=True):
        if outcomes_match(theirs, right, tolerance):
            continue  # the mistake's item is right: this item says nothing about it
        if not outcomes_match(mine, theirs, tolerance):
            return False  # the mistake's slip here is not the learner's
        given = True
    return given


def raised_type(value: Any) -> str | None:
    """The exception type of an outcome that is a raise (graders.trusted.raised_value reads a
    raise as `Unsupported("raised <type>: <wording>")`), else None."""
    if not isinstance(value, Unsupported) or not value.type.startswith("raised "):
        return None
    return value.type.removeprefix("raised ").partition(":")[0]


def _one_number(value: Any) -> bool:
    """A real Python or NumPy scalar (not bool: True is no loss)."""
    real = (int, float, np.integer, np.floating)
    return isinstance(value, real) and not isinstance(value, bool | np.bool_)
