"""Comparing and describing values: the helpers check authors use (graders/__init__.py
exports them) and the built-in checks are made of."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

import numpy as np

from graders.check_core import Failure, Trial
from graders.check_describe import describe
from graders.message_ids import CALL_RAISED, REFERENCE_RAISED
from graders.protocol.matching import numbers_of, raised_type, within_tolerance
from graders.protocol.values import ListOfNumbers
from graders.wording import joined, number, tolerance_text

# --- helpers for check authors --------------------------------------------------------------


def as_float_array(value: Any) -> np.ndarray[Any, Any] | None:
    """The returned value as a float array, or None when it is not real numbers (an array,
    a number, or a list of them; complex numbers are not real)."""
    array = numbers_of(value)
    return None if array is None or array.dtype.kind == "c" else array


def _is_complex(value: Any) -> bool:
    array = numbers_of(value)
    return array is not None and array.dtype.kind == "c"


def _not_numbers(trial: Trial) -> Failure:
    """The Failure for a result that holds no numbers to compare (or complex ones)."""
    if _is_complex(trial.got):
        return Failure(
            f"It returned {describe(trial.got)}; real numbers were expected."
            + _imaginary_note(trial.got),
            trial,
            message_id="complex-not-real",
        )
    wanted = _ONE_NUMBER if is_number(trial.expected) else "a numeric array"
    return Failure(
        f"It returned {describe(trial.got)}; {wanted} was expected.",
        trial,
        message_id="not-numbers",
    )


_ONE_NUMBER = "a single number"


def is_number(value: Any) -> bool:
    """One number: a Python or NumPy scalar, or an array of shape () (a loss, a metric)."""
    if isinstance(value, np.ndarray):
        return value.ndim == 0 and value.dtype.kind in "biufc"
    return isinstance(value, bool | int | float | complex | np.number | np.bool_)


def _imaginary_note(value: Any) -> str:
    array = numbers_of(value)
    if array is not None and array.size and not np.any(array.imag):
        return " Every imaginary part is 0: take the real part (`.real`) before returning."
    return ""


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
        real = "a real" if _is_complex(trial.got) else "an"
        raise Failure(
            f"It returned {describe(trial.got)}; {real} array of shape {tuple(shape)}"
            f"{shape_note} was expected.",
            trial,
            message_id="shape-differs",
        )
    return got


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


def error_summary(got: np.ndarray[Any, Any], expected: np.ndarray[Any, Any], tol: float) -> str:
    """The errors past `tol` in words: the largest finite one, the NaN and inf values counted
    and named apart ("largest error: 1.3254; 2 values are NaN"), never an error of inf."""
    bad = ~within_tolerance(got, expected, tol)
    with np.errstate(all="ignore"):
        error = np.abs(got - expected)
    finite = bad & np.isfinite(error)
    parts = [f"largest error: {number(float(error[finite].max()))}"] if finite.any() else []
    for name, where in (("NaN", np.isnan(got)), ("inf", np.isinf(got)),
                        ("finite where inf was expected", np.isfinite(got) & ~finite)):  # fmt: skip
        if count := int((bad & where).sum()):
            parts.append(f"{count} {'value is' if count == 1 else 'values are'} {name}")
    return "; ".join(parts)


def position(index: tuple[int, ...]) -> str:
    if len(index) == 2:
        return f"Row {index[0]}, column {index[1]}"
    if len(index) == 1:
        return f"Element {index[0]}"
    if not index:
        return "The value"
    return f"Element {list(index)}"


def compare_values(trial: Trial, tolerance: float) -> Failure | None:
    """Array-like, same shape as the reference, every element within `tolerance`.

    A reference that returns a tuple, a list of arrays or a dict is compared item by item."""
    if raised_type(trial.got) is not None or raised_type(trial.expected) is not None:
        return _compare_raised(trial)
    if is_structure(trial.expected):
        return _compare_items(trial, tolerance)
    got, expected = numbers_of(trial.got), numbers_of(trial.expected)
    if expected is None:  # text, None, ...: the reference's value itself is the answer
        return _compare_equal(trial)
    if got is None or (got.dtype.kind == "c" and expected.dtype.kind != "c"):
        return _not_numbers(trial)
    if got.shape != expected.shape:
        shape = tuple(expected.shape)
        if is_number(trial.expected):  # an array or a list, where one number was expected
            return Failure(
                f"It returned {describe(trial.got)}; {_ONE_NUMBER} was expected.",
                trial,
                message_id="number-expected",
            )
        if not got.ndim:  # a number, where an array was expected
            return Failure(
                f"It returned {describe(trial.got)}; an array of shape {shape} was expected.",
                trial,
                message_id="array-expected",
            )
        return Failure(
            f"It returned shape {tuple(got.shape)} but shape {shape} was expected.",
            trial,
            message_id="shape-differs",
        )
    mismatch = first_mismatch(got, expected, tolerance)
    if mismatch is None:
        return None
    index, _ = mismatch
    mine, theirs = _told_apart(got[index], expected[index])
    summary = error_summary(got, expected, tolerance)
    message = (
        f"{position(index)} is {mine} but {theirs} "
        f"was expected (|error| > {tolerance_text(tolerance)}).\n"
        f"{summary[0].upper()}{summary[1:]}."
    )
    if isinstance(trial.got, np.ndarray) and _coarse_dtype(trial.got, trial.expected):
        message += (
            f"\nYour array's dtype is {trial.got.dtype.name}; the values need float64 (or float32)."
        )
    return Failure(message, trial, message_id="value-differs")


def _compare_raised(trial: Trial) -> Failure | None:
    """A call that raised, on either side (`trusted.raised_value`): the same raise matches,
    and otherwise each side is named by what it did, never by the matching key."""
    mine, theirs = raised_type(trial.got), raised_type(trial.expected)
    if mine is not None and theirs is not None:
        if trial.got == trial.expected:
            return None
        said = (
            f"It raised {mine}, with other words than the reference's {theirs} on this call."
            if mine == theirs
            else f"It raised {mine}; the reference raises {theirs} on this call."
        )
        return Failure(
            said,
            trial,
            message_id="wrong-exception",
        )
    if theirs is not None:
        return Failure(
            f"It returned {describe(trial.got)}, but the reference raises {theirs} on this call.",
            trial,
            message_id=REFERENCE_RAISED,
        )
    return Failure(
        f"It raised {mine}; {describe(trial.expected)} was expected.",
        trial,
        message_id=CALL_RAISED,
    )


def _compare_equal(trial: Trial) -> Failure | None:
    """A reference value that is not numbers (a string, None, a bool in a dict): equal or not."""
    got, expected = trial.got, trial.expected
    if type(got) is type(expected) and bool(got == expected):
        return None
    return Failure(
        f"It returned {describe(got)}; {describe(expected)} was expected.",
        trial,
        message_id="value-differs",
    )


def _coarse_dtype(got: np.ndarray[Any, Any], expected: Any) -> bool:
    """Booleans, integers or float16 where the reference returns finer numbers."""
    coarse = got.dtype.kind in "biu" or got.dtype == np.float16
    return coarse and np.asarray(expected).dtype.kind in "fc"


def _told_apart(got: Any, expected: Any) -> tuple[str, str]:
    """The two numbers as the learner reads them, with as many digits as it takes to see that
    they differ (under a tight tolerance, 0.0900 and 0.0900 can be two different numbers)."""
    mine, theirs = _element(got), _element(expected)
    if mine != theirs or isinstance(got, complex | np.complexfloating):
        return mine, theirs
    for digits in (6, 8, 10, 12, 15, 17):
        mine, theirs = f"{float(got):.{digits}g}", f"{float(expected):.{digits}g}"
        if mine != theirs:
            break
    return mine, theirs


def _element(value: Any) -> str:
    if isinstance(value, complex | np.complexfloating):
        sign = "-" if value.imag < 0 else "+"
        return f"{number(float(value.real))} {sign} {number(abs(float(value.imag)))}j"
    return number(float(value))


def is_structure(value: Any) -> bool:
    """A tuple, list or dict that did not cross as one array of numbers (e.g. `(loss, grad)`)."""
    return type(value) in (list, tuple, dict)


def paired_items(got: Any, expected: Any) -> list[tuple[str, Any, Any]] | None:
    """Each item of a structured reference with the learner's item in its place, and where it
    is ("Item 1 of the tuple"); None when the learner's value is not that structure."""
    if isinstance(expected, dict):
        if not isinstance(got, dict) or list(got) != list(expected):
            return None
        return [(f"Under key {key!r}"[:60], got[key], expected[key]) for key in expected]
    if isinstance(got, ListOfNumbers) and got.container == type(expected).__name__:
        items = list(got.array)
    elif type(got) is type(expected):
        items = list(got)
    else:
        return None
    if len(items) != len(expected):
        return None
    kind = type(expected).__name__
    return [(f"Item {i} of the {kind}", items[i], item) for i, item in enumerate(expected)]


def _compare_items(trial: Trial, tolerance: float) -> Failure | None:
    pairs = paired_items(trial.got, trial.expected)
    if pairs is None:
        return Failure(
            f"It returned {describe(trial.got)}; {describe(trial.expected)} was expected.",
            trial,
            message_id="structure-differs",
        )
    for where, mine, theirs in pairs:
        failure = compare_values(Trial(trial.probe, mine, theirs), tolerance)
        if failure is not None:  # the item's own id: what is wrong with it
            return Failure(joined(where, failure.message), trial, message_id=failure.message_id)
    return None


def same_kind(got: Any, expected: Any) -> bool:
    """Whether a returned value is the kind the reference returned: numbers of its shape (real
    or complex alike), or the same structure of such items. A check that fails on a value of
    another kind is the value's doing, not the check's (the engine reports what came back)."""
    if is_structure(expected):
        pairs = paired_items(got, expected)
        return pairs is not None and all(same_kind(mine, theirs) for _, mine, theirs in pairs)
    mine, theirs = numbers_of(got), numbers_of(expected)
    if theirs is None:
        return type(got) is type(expected)
    return (
        mine is not None
        and mine.shape == theirs.shape
        and (mine.dtype.kind == "c") == (theirs.dtype.kind == "c")
    )


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

    A result that is not a real numeric array of the reference's shape has no values to
    explain: then `compare_values`' own Failure is raised.

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
    if found is None:  # the values agree; the kind of value did not (e.g. a list for a tuple)
        raise failure
    return Mismatch(got, expected, found[0], found[1], failure)
