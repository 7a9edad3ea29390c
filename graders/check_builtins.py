"""The built-in checks an exercise's tests name (`check = "shape"`, ...), but the loop check
(graders.check_loops)."""

from __future__ import annotations

from typing import Any

import numpy as np

from graders.check_core import CheckContext, Failure, Trial, check
from graders.check_describe import describe, kind_of
from graders.check_values import (
    _ONE_NUMBER,
    _not_numbers,
    as_float_array,
    compare_values,
    is_number,
    is_structure,
    paired_items,
    position,
)
from graders.protocol.matching import numbers_of
from graders.protocol.values import ListOfNumbers
from graders.wording import joined, number, tolerance_text

# --- the built-in checks --------------------------------------------------------------------


@check("shape", values=False)
def check_shape(trials: list[Trial], context: CheckContext) -> Failure | None:
    """A real numpy.ndarray with the reference's shape, for every probe (item by item when the
    reference returns a tuple, a list of arrays or a dict); where the reference returns one
    number, any number (a float, a NumPy scalar, an array of shape ())."""
    for trial in trials:
        message = _shape_message(trial.got, trial.expected)
        if message is not None:
            return Failure(message, trial, message_id="shape-differs")
    return None


def _shape_message(got: Any, expected: Any) -> str | None:
    """What is wrong with the kind or shape of `got`, in words that name no value."""
    if is_structure(expected):
        pairs = paired_items(got, expected)
        if pairs is None:
            return f"It returned {kind_of(got)}; {kind_of(expected)} was expected."
        for where, mine, theirs in pairs:
            message = _shape_message(mine, theirs)
            if message is not None:
                return joined(where, message)
        return None
    if is_number(expected):  # a loss or a metric: a float, a NumPy scalar or a 0-d array
        return (
            None if is_number(got) else f"It returned {kind_of(got)}; {_ONE_NUMBER} was expected."
        )
    expected_shape = tuple(np.shape(expected))
    if not isinstance(got, np.ndarray):
        return (
            f"It returned {kind_of(got)}; a numpy.ndarray of shape {expected_shape} was expected."
        )
    if got.shape != expected_shape:
        if got.dtype.kind == "c" and not np.iscomplexobj(expected):
            # Complex numbers are the slip, not the shape (pairs kept as one complex value).
            return (
                f"It returned a complex ({got.dtype}) array of shape {tuple(got.shape)}; a real "
                f"array of shape {expected_shape} was expected."
            )
        return f"It returned shape {tuple(got.shape)} but shape {expected_shape} was expected."
    return None


@check("matches_reference")
def check_matches_reference(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Every value within the exercise's tolerance of the reference solution's; with
    `exact_zeros = true`, a value the reference gives as exactly 0 must be exactly 0 (a
    statement's "probability exactly 0", which a tolerance would let 1e-12 through)."""
    exact_zeros = context.params.get("exact_zeros", False) is True
    for trial in trials:
        if failure := compare_values(trial, context.tolerance):
            return failure
        if exact_zeros and (failure := _not_exactly_zero(trial)):
            return failure
    return None


def _not_exactly_zero(trial: Trial) -> Failure | None:
    """The first value that is not exactly 0 where the reference's is (values already within
    the tolerance, so the shapes agree)."""
    got, expected = numbers_of(trial.got), numbers_of(trial.expected)
    if got is None or expected is None or got.shape != expected.shape:
        return None
    wrong = (expected == 0) & (got != 0)
    if not wrong.any():
        return None
    index = tuple(int(i) for i in np.argwhere(wrong)[0])
    return Failure(
        f"{position(index)} is {number(got[index])} but exactly 0 was expected: "
        "a tolerance does not apply where the value must be exactly zero.",
        trial,
        message_id="not-exactly-zero",
    )


@check("finite_within")
def check_finite_within(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Every value finite and inside [low, high] (params `low`, `high`; default [-1, 1])."""
    low, high = float(context.params.get("low", -1.0)), float(context.params.get("high", 1.0))
    tolerance = context.tolerance
    for trial in trials:
        got = as_float_array(trial.got)
        if got is None:
            return _not_numbers(trial)
        finite = np.isfinite(got)
        if not finite.all():
            index = tuple(int(i) for i in np.argwhere(~finite)[0])
            return Failure(
                f"{position(index)} is {number(float(got[index]))}; every value must be finite.",
                trial,
                message_id="not-finite",
            )
        outside = (got < low - tolerance) | (got > high + tolerance)
        if outside.any():
            index = tuple(int(i) for i in np.argwhere(outside)[0])
            return Failure(
                f"{position(index)} is {number(float(got[index]))}, outside [{low:g}, {high:g}] "
                f"(tolerance {tolerance_text(tolerance)}). {int(outside.sum())} of {got.size} "
                f"values are outside; the largest magnitude is {number(float(np.abs(got).max()))}.",
                trial,
                message_id="outside-range",
            )
    return None


@check("inputs_unchanged", values=False)
def check_inputs_unchanged(trials: list[Trial], context: CheckContext) -> Failure | None:
    """The call leaves every array it was given as it was, each named in the message by the
    reference's parameter name (param `names`, if given: the parameters watched, by name; the
    load check refuses a name the reference has not). With param `new_array = true`, the
    result must also be a new array: not the input itself nor a view of one
    (`x.reshape(...)`, `x.T`, `x[1:]`), which the caller would change by writing into the
    result. Items of a returned tuple or list count as the result."""
    watched = context.params.get("names")
    new_array = context.params.get("new_array", False) is True

    def named(trial: Trial, positions: tuple[int, ...]) -> str | None:
        names = trial.parameters.names or tuple(watched or ())  # no signature: by position
        for index in positions:
            name = names[index] if index < len(names) else None
            if watched is None or name is None or name in watched:
                return f"`{name}`" if name is not None else f"argument {index + 1}"
        return None

    for trial in trials:
        if (name := named(trial, trial.modified)) is not None:
            return Failure(
                f"It changed its input {name} in place: after the call, {name} no longer holds "
                "the values it was given. The caller still needs them: compute the result in a "
                "new array (`out = np.empty_like(x)`, or an expression), or copy first "
                "(`x = x.copy()`).",
                trial,
                message_id="input-changed",
            )
        if new_array and (name := named(trial, trial.shares_memory)) is not None:
            return Failure(
                f"It returned {name} itself, or a view of it (`reshape`, `.T`, a slice and "
                f"`np.asarray` give views): the result shares its memory with {name}, so a "
                f"caller who writes into the result changes {name} too. A new array was "
                "expected: build the result with an expression, or return a `.copy()`.",
                trial,
                message_id="returns-input-view",
            )
    return None


@check("dtype", values=False)
def check_dtype(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Every array the call returns, and every NumPy scalar (a tuple's items each), has the
    dtype of param `dtype` (default "float64"); a Python float counts as float64, a Python
    int as int64. For a statement that promises the dtype: float32 or float16 results (or
    ints where floats are promised) fail, with what came back and what was expected."""
    wanted = np.dtype(str(context.params.get("dtype", "float64")))
    for trial in trials:
        for where, value in _returned_items(trial.got):
            got = _dtype_of(value)
            if got is None or got == wanted:
                continue
            rounded = (
                f" {got.name} keeps about {_DIGITS[got.name]} significant digits, "
                f"{wanted.name} about {_DIGITS[wanted.name]}, so every value is rounded."
                if got.name in _DIGITS and wanted.name in _DIGITS and got.itemsize < wanted.itemsize
                else ""
            )
            return Failure(
                f"{where}It returned {kind_of(value)}; {wanted.name} was expected.{rounded} "
                f"Keep the result in {wanted.name}: look for an `.astype(...)` or a `dtype=` "
                "that changes it.",
                trial,
                message_id="dtype-differs",
            )
    return None


_DIGITS = {"float16": 3, "float32": 7, "float64": 16}


def _returned_items(value: Any) -> list[tuple[str, Any]]:
    """The value, or each item of a returned tuple or list with where it is ("Item 1 of the
    tuple: ")."""
    if isinstance(value, tuple | list) and not isinstance(value, ListOfNumbers):
        container = type(value).__name__
        return [(f"Item {i} of the {container}: ", item) for i, item in enumerate(value)]
    return [("", value)]


def _dtype_of(value: Any) -> np.dtype[Any] | None:
    """The dtype a returned value carries (None for what has none to judge: a str, None)."""
    if isinstance(value, np.ndarray | np.generic):
        return value.dtype
    if isinstance(value, bool):
        return np.dtype(bool)
    if isinstance(value, int):
        return np.dtype("int64")
    if isinstance(value, float):
        return np.dtype("float64")
    return None


@check("raises", raises=True)
def check_raises(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Every call raises the exception named by param `exception` (e.g. "IndexError": the type
    itself, not a subclass), and its message contains each string of param `mentions` (the
    offending value, the limit it broke: what a caller needs to fix the call)."""
    wanted = str(context.params.get("exception", "Exception"))
    mentions = [str(item) for item in context.params.get("mentions", [])]
    for trial in trials:
        raised = trial.raised
        if raised is None:
            return Failure(
                f"It returned {describe(trial.got)}; this call should raise {wanted}, "
                "since its arguments are invalid.",
                trial,
                message_id="did-not-raise",
            )
        said = (
            f"It raised {raised.type}: {raised.message}"
            if raised.message
            else (f"It raised {raised.type} with no message")
        )
        if not raised.is_a(wanted):
            return Failure(
                f"{said}\n{wanted} was expected.", trial, raised.line, message_id="wrong-exception"
            )
        missing = [text for text in mentions if text not in raised.message]
        if missing:
            needed = " and ".join(f"`{text}`" for text in mentions)
            return Failure(
                f"{said}\nThe right exception, but its message should contain {needed}, "
                f"so the caller can see what was wrong: `{missing[0]}` is not in it.",
                trial,
                raised.line,
                message_id="exception-message-lacks",
            )
    return None
