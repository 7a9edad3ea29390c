"""The checks library: functions that compare a learner's outcome with the reference.

A check receives every trial of its test (one per probe: the call, what came back, what the
reference returned) and returns `None` when they pass or a `Failure` that says what came
back and what was expected (or raises it, from a helper as deep as it likes). The engine adds the "Called ..." line, the tolerance and the
previews. Exercises add their own checks in `checks.py` with the `@check` decorator:

    >>> @check("row_zero")
    ... def check_row_zero(trials: list[Trial], context: CheckContext) -> Failure | None:
    ...     ...
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from graders.probes import Probe
from graders.protocol.loops import LoopFinding
from graders.protocol.values import Unsupported

CHECK_MARK = "__gradebox_check__"


@dataclass(frozen=True)
class Trial:
    """One probe: the call, the learner's return value and the reference's."""

    probe: Probe
    got: Any
    expected: Any


class Failure(Exception):
    """Why a test failed, about one trial (or none, for static checks).

    A check returns it, or raises it from a helper as deep as it likes: either way the test
    fails with this message.
    """

    def __init__(self, message: str, trial: Trial | None = None) -> None:
        super().__init__(message)
        self.message, self.trial = message, trial


@dataclass(frozen=True)
class CheckContext:
    """What a check may consult besides the trials."""

    tolerance: float
    entry: str
    loops: list[LoopFinding] = field(default_factory=list)
    params: dict[str, Any] = field(default_factory=dict)


CheckFunction = Callable[[list[Trial], CheckContext], Failure | None]


@dataclass(frozen=True)
class Check:
    name: str
    function: CheckFunction
    static: bool  # looks at the source (the loop scan), not at returned values
    values: bool  # needs the returned values, not only their type, dtype and shape


def check(
    name: str, static: bool = False, values: bool = True
) -> Callable[[CheckFunction], CheckFunction]:
    """Register a check under `name` (the `check =` of a test in exercise.toml).

    `values=False` promises the check reads only each result's type, dtype and shape; the
    sandbox then sends a summary instead of the data (the values read as zeros).
    """

    def mark(function: CheckFunction) -> CheckFunction:
        setattr(function, CHECK_MARK, Check(name, function, static, values))
        return function

    return mark


def collect_checks(namespace: dict[str, Any]) -> dict[str, Check]:
    return {
        value.name: value
        for item in namespace.values()
        if isinstance(value := getattr(item, CHECK_MARK, None), Check)
    }


# --- helpers for check authors --------------------------------------------------------------


def number(value: float) -> str:
    """A number as the learner reads it: 4 decimals, or scientific when tiny or huge."""
    if not np.isfinite(value):
        return str(value)
    if value != 0 and (abs(value) < 1e-3 or abs(value) >= 1e5):
        return f"{value:.3e}"
    return f"{value:.4f}"


def tolerance_text(tolerance: float) -> str:
    return f"{tolerance:g}"


def row_text(values: np.ndarray[Any, Any], shown: int = 6) -> str:
    """A row of numbers as the learner reads it, the first `shown` of them:

    >>> row_text(np.array([0.0, 1.0, 0.5]))
    '[0.0000, 1.0000, 0.5000]'
    >>> row_text(np.arange(10.0), shown=2)
    '[0.0000, 1.0000, ...]'
    """
    listed = ", ".join(number(float(value)) for value in values[:shown])
    return f"[{listed}{', ...' if values.size > shown else ''}]"


def describe(value: Any) -> str:
    """What came back, in a few words: 'a float64 array of shape (3, 4)', 'a list of 3 items'."""
    if isinstance(value, np.ndarray):
        return f"a {value.dtype.name} array of shape {tuple(value.shape)}"
    if isinstance(value, Unsupported):
        shape = f" of shape {tuple(value.shape)}" if value.shape else ""
        return f"an object of type {value.type}{shape}"
    if value is None:
        return "None (did the function reach a `return`?)"
    if isinstance(value, list | tuple):
        return f"a {type(value).__name__} of {len(value)} items"
    return f"the {type(value).__name__} {value!r}"[:120]


def as_float_array(value: Any) -> np.ndarray[Any, Any] | None:
    """The returned value as a float array, or None when it is not array-like."""
    if isinstance(value, np.ndarray):
        return value.astype(np.float64)
    if isinstance(value, list | tuple):
        try:
            array = np.asarray(value, dtype=np.float64)
        except (TypeError, ValueError):
            return None
        return array
    if isinstance(value, bool | int | float):
        return np.asarray(value, dtype=np.float64)
    return None


def returned_array(
    trial: Trial, shape: tuple[int, ...], shape_note: str = ""
) -> np.ndarray[Any, Any]:
    """The learner's value as a float array of `shape`; otherwise the Failure saying what came
    back is raised. `shape_note`, if any, follows the shape in its message, as written:

        x = np.asarray(trial.probe.args[0])
        got = returned_array(trial, x.shape, ", the shape of x,")
        # a list came back: "It returned a list of 3 items; an array of shape (3, 4), the
        # shape of x, was expected."
    """
    got = as_float_array(trial.got)
    if got is None or got.shape != tuple(shape):
        raise Failure(
            f"It returned {describe(trial.got)}; an array of shape {tuple(shape)}{shape_note} "
            "was expected.",
            trial,
        )
    return got


def within_tolerance(
    got: np.ndarray[Any, Any], expected: np.ndarray[Any, Any], tolerance: float
) -> np.ndarray[Any, Any]:
    """The one rule for "the same number", element by element, used by every comparison:
    |got - expected| <= tolerance, or both NaN, or the same infinity."""
    close: np.ndarray[Any, Any] = np.isclose(
        got, expected, rtol=0.0, atol=tolerance, equal_nan=True
    )
    return close


def first_mismatch(
    got: np.ndarray[Any, Any], expected: np.ndarray[Any, Any], tolerance: float
) -> tuple[tuple[int, ...], float] | None:
    """The first index not `within_tolerance`, and the largest error (NaN counts as infinite)."""
    bad = ~within_tolerance(got, expected, tolerance)
    if not bad.any():
        return None
    index = tuple(int(i) for i in np.argwhere(bad)[0])
    with np.errstate(all="ignore"):
        error = np.abs(got - expected)
    largest = float(np.nanmax(np.where(np.isnan(error) & bad, np.inf, np.where(bad, error, 0.0))))
    return index, largest


def position(index: tuple[int, ...]) -> str:
    if len(index) == 2:
        return f"Row {index[0]}, column {index[1]}"
    if len(index) == 1:
        return f"Element {index[0]}"
    return f"Element {list(index)}"


def compare_values(trial: Trial, tolerance: float) -> Failure | None:
    """Array-like, same shape as the reference, every element within `tolerance`."""
    got, expected = as_float_array(trial.got), as_float_array(trial.expected)
    assert expected is not None
    if got is None:
        return Failure(f"It returned {describe(trial.got)}; a numeric array was expected.", trial)
    if got.shape != expected.shape:
        return Failure(
            f"It returned shape {tuple(got.shape)} but shape {tuple(expected.shape)} was expected.",
            trial,
        )
    mismatch = first_mismatch(got, expected, tolerance)
    if mismatch is None:
        return None
    index, largest = mismatch
    message = (
        f"{position(index)} is {number(float(got[index]))} but {number(float(expected[index]))} "
        f"was expected (|error| > {tolerance_text(tolerance)}).\n"
        f"Largest error: {number(largest)}."
    )
    if isinstance(trial.got, np.ndarray) and trial.got.dtype in (np.float16, np.int64, np.int32):
        message += (
            f"\nYour array's dtype is {trial.got.dtype.name}; the values need float64 (or float32)."
        )
    return Failure(message, trial)


@dataclass(frozen=True)
class Mismatch:
    """Where a result of the reference's shape first differs from it (see `value_mismatch`)."""

    got: np.ndarray[Any, Any]  # the learner's value, as floats
    expected: np.ndarray[Any, Any]  # the reference's, as floats, of the same shape
    index: tuple[int, ...]  # the first element not `within_tolerance`
    largest: float  # the largest error (NaN counts as infinite)
    failure: Failure  # what `compare_values` says, for a check with nothing better to add


def value_mismatch(trial: Trial, tolerance: float) -> Mismatch | None:
    """Where `compare_values` fails, for a check that goes on to explain why; None if it passes.

    A result that is not a numeric array of the reference's shape has no values to explain:
    then `compare_values`' own Failure is raised.

        for trial in trials:
            mismatch = value_mismatch(trial, context.tolerance)
            if mismatch is not None:
                row, column = mismatch.index
                return Failure(f"Column {column} should be a sine ...", trial)
    """
    failure = compare_values(trial, tolerance)
    if failure is None:
        return None
    got, expected = as_float_array(trial.got), as_float_array(trial.expected)
    if got is None or expected is None or got.shape != expected.shape:
        raise failure
    found = first_mismatch(got, expected, tolerance)
    assert found is not None, "compare_values failed on values within the tolerance"
    return Mismatch(got, expected, found[0], found[1], failure)


# --- the built-in checks --------------------------------------------------------------------


@check("shape", values=False)
def check_shape(trials: list[Trial], context: CheckContext) -> Failure | None:
    """A real numpy.ndarray with the reference's shape, for every probe."""
    for trial in trials:
        expected_shape = tuple(np.shape(trial.expected))
        if not isinstance(trial.got, np.ndarray):
            return Failure(
                f"It returned {describe(trial.got)}; a numpy.ndarray of shape {expected_shape} "
                "was expected.",
                trial,
            )
        if trial.got.shape != expected_shape:
            return Failure(
                f"It returned shape {tuple(trial.got.shape)} but shape {expected_shape} was expected.",
                trial,
            )
    return None


@check("matches_reference")
def check_matches_reference(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Every value within the exercise's tolerance of the reference solution's."""
    for trial in trials:
        if failure := compare_values(trial, context.tolerance):
            return failure
    return None


@check("finite_within")
def check_finite_within(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Every value finite and inside [low, high] (params `low`, `high`; default [-1, 1])."""
    low, high = float(context.params.get("low", -1.0)), float(context.params.get("high", 1.0))
    tolerance = context.tolerance
    for trial in trials:
        got = as_float_array(trial.got)
        if got is None:
            return Failure(
                f"It returned {describe(trial.got)}; a numeric array was expected.", trial
            )
        finite = np.isfinite(got)
        if not finite.all():
            index = tuple(int(i) for i in np.argwhere(~finite)[0])
            return Failure(f"{position(index)} is {got[index]}; every value must be finite.", trial)
        outside = (got < low - tolerance) | (got > high + tolerance)
        if outside.any():
            index = tuple(int(i) for i in np.argwhere(outside)[0])
            return Failure(
                f"{position(index)} is {number(float(got[index]))}, outside [{low:g}, {high:g}] "
                f"(tolerance {tolerance_text(tolerance)}). {int(outside.sum())} of {got.size} "
                f"values are outside; the largest magnitude is {number(float(np.abs(got).max()))}.",
                trial,
            )
    return None


@check("no_python_loops", static=True)
def check_no_python_loops(trials: list[Trial], context: CheckContext) -> Failure | None:
    """No Python-level loop in the entry function or the module-level helpers it calls."""
    if not context.loops:
        return None
    first = context.loops[0]
    where = (
        ""
        if first.function == context.entry
        else f" (in {first.function}(), which {context.entry}() calls)"
    )
    others = len(context.loops) - 1
    more = f" There {'is' if others == 1 else 'are'} {others} more after it." if others else ""
    return Failure(
        f"Line {first.line} uses a {first.kind}{where}. Build the result with whole-array NumPy "
        f"operations (broadcasting, slicing, ufuncs) instead.{more}"
    )


BUILTIN_CHECKS = collect_checks(dict(globals()))
