"""Built-in checks several exercises used to write by hand, configured by test keys.

- `finite_then_matches`: every value finite where the reference's is (inputs far outside the
  usual range: `np.exp` overflows; a tuple's items each), then the reference's values. `explain = "<id>"` adds the
  exercise's `[messages] <id>`, which may use `{{low}}` and `{{high}}` (the range of the
  call's first array argument).
- `reduces_to`: every slice along an axis reduces to a value (`reduce = "sum"` (or "mean",
  "max", "min", "prod", "norm"), `axis` an int or the name of the reference's parameter that
  holds it (default -1), `to` (default 1)); `within = [low, high]` bounds every value first
  (probabilities in [0, 1]). The message says when the whole array, or the slices along
  another axis, reduce to the value instead; `explain = "<id>"` adds the exercise's words.
- `item_matches`: one item of a tuple (`item = 0`) or one key of a dict (`item = "loss"`)
  matches the reference's, the item named in the message (`item_name = "the loss"`).
- `returns_python_float`: a Python float, not a NumPy scalar or a 0-d array.
- `row_matches`: one row of the result (`row = 0`, the default) is the reference's row (a
  table's row 0, known by heart: sin 0 and cos 0; a rotation by 0), whatever the other rows
  hold; `explain` words the first value off, a message id or a list of ids chosen by its
  column, cycling (`["even", "odd"]`: column % 2).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import numpy as np

from graders.check_core import CheckContext, Failure, Trial, check_each
from graders.check_describe import describe, kind_of
from graders.check_helpers import axis_index, first_index, slice_at, slice_name
from graders.check_values import (
    as_float_array,
    compare_values,
    error_summary,
    first_mismatch,
    is_structure,
    paired_items,
    returned_array,
)
from graders.protocol.articles import with_article
from graders.protocol.matching import numbers_of, within_tolerance
from graders.protocol.values import ListOfNumbers
from graders.wording import as_text, joined, number, row_text, tolerance_text

Array = np.ndarray[Any, Any]

REDUCTIONS: dict[str, Callable[..., Array]] = {
    "sum": np.sum,
    "mean": np.mean,
    "max": np.max,
    "min": np.min,
    "prod": np.prod,
    "norm": lambda values, axis: np.sqrt(np.sum(values * values, axis=axis)),
}


def _first_array(trial: Trial) -> Array | None:
    for arg in trial.probe.args:
        if isinstance(arg, np.ndarray) and arg.dtype.kind in "biuf":
            return np.asarray(arg, dtype=np.float64)
    return None


@check_each("finite_then_matches")
def check_finite_then_matches(trial: Trial, context: CheckContext) -> Failure | None:
    pairs = paired_items(trial.got, trial.expected) if is_structure(trial.expected) else None
    for where, got, expected in pairs or [("", trial.got, trial.expected)]:
        if (message := _not_finite(where, got, expected)) is not None:
            x = _first_array(trial)
            low, high = (x.min(), x.max()) if x is not None and x.size else (np.nan, np.nan)
            if isinstance(explain := context.params.get("explain"), str):
                note = context.fail(explain, trial, low=float(low), high=float(high)).message
                message = f"{message}\n{note}"
            return Failure(message, trial, message_id="not-finite")
    return compare_values(trial, context.tolerance)


def _not_finite(where: str, got: Any, expected: Any) -> str | None:
    """What is nan or inf where the reference's value is finite (`where`: the item of a tuple,
    "" for the whole value), or None."""
    got, expected = as_float_array(got), numbers_of(expected)
    if got is None or expected is None or got.shape != expected.shape:
        return None
    broken = ~np.isfinite(got) & np.isfinite(expected)
    if (index := first_index(broken)) is None:
        return None
    if where and got.ndim == 0:
        return f"{where} is {number(float(got))} where the reference's value is finite."
    return (
        f"{f'{where}: the' if where else 'The'} value at index {as_text(index)} is "
        f"{number(float(got[index]))} ({int(broken.sum())} of {got.size} values are NaN or inf "
        "where the reference's are finite)."
    )


@check_each("reduces_to")
def check_reduces_to(trial: Trial, context: CheckContext) -> Failure | None:
    try:
        failure = _reduces_to(trial, context)
    except Failure as raised:  # not an array of the reference's shape
        failure = raised
    if failure is not None and isinstance(explain := context.params.get("explain"), str):
        failure.message = f"{failure.message}\n{context.fail(explain, trial).message}"
    return failure


def _reduces_to(trial: Trial, context: CheckContext) -> Failure | None:
    params, tolerance = context.params, context.tolerance
    how = str(params.get("reduce", "sum"))
    target = float(params.get("to", 1.0))
    axis_param = params.get("axis", -1)
    axis = int(trial.arg(axis_param) if isinstance(axis_param, str) else axis_param)
    shape = np.shape(trial.expected)
    got = returned_array(trial, shape)
    within = params.get("within")
    if within is not None:
        low, high = float(within[0]), float(within[1])
        outside = ~np.isfinite(got) | (got < low - tolerance) | (got > high + tolerance)
        if (index := first_index(outside)) is not None:
            return Failure(
                f"The value at index {as_text(index)} is {number(float(got[index]))}: every "
                f"value must be a finite number in [{low:g}, {high:g}].",
                trial,
                message_id="outside-range",
            )
    if got.ndim == 0:
        return compare_values(trial, tolerance)
    axis = axis_index(axis, got.ndim)
    reduced = np.asarray(REDUCTIONS[how](got, axis=axis))
    wrong = ~within_tolerance(reduced, np.full_like(reduced, target), tolerance)
    if (index := first_index(wrong)) is None:
        return None
    index = index if reduced.ndim else ()
    message = (
        f"With axis={axis}, the slice {slice_name(axis, got.ndim, index)} of your result is "
        f"{row_text(slice_at(got, axis, index))}, whose {how} is "
        f"{number(float(reduced[index]))}, but the {how} of every slice along the axis must be "
        f"{target:g} (|error| > {tolerance_text(tolerance)})."
    )
    whole = np.asarray(REDUCTIONS[how](got, axis=None))
    if got.ndim > 1 and within_tolerance(whole, np.asarray(target), tolerance):
        message += (
            f"\nThe whole array's {how} is {target:g} instead: reduce along `axis` only, with "
            "keepdims=True."
        )
    for other in (other for other in range(got.ndim) if other != axis):
        along = np.asarray(REDUCTIONS[how](got, axis=other))
        if within_tolerance(along, np.full_like(along, target), tolerance).all():
            message += (
                f"\nIts slices along axis {other} have {with_article(how)} of {target:g} instead: the {how} "
                f"must be taken along axis {axis}."
            )
            break
    return Failure(message, trial, message_id="slice-reduces-wrong")


@check_each("item_matches")
def check_item_matches(trial: Trial, context: CheckContext) -> Failure | None:
    item = context.params.get("item", 0)
    name = str(context.params.get("item_name", f"item {item!r}"))
    got, expected = trial.got, trial.expected
    place = f"under key {item!r}" if isinstance(item, str) else f"as item {item!r}"
    where = (
        f", with {name} {place}"
        if "item_name" in context.params
        else f"; this test compares its {kind_of_item(item)} {item!r}"
    )
    if _container_of(got) != _container_of(expected):  # a list for a tuple: another value
        return Failure(
            f"It returned {kind_of(got)}; {kind_of(expected)} was expected{where}.",
            trial,
            message_id="wrong-container",
        )
    try:
        mine = got[item]
    except (TypeError, IndexError, KeyError):
        has = "key" if isinstance(item, str) else "item"
        return Failure(
            f"It returned {describe(got)}, which has no {has} {item!r}; "
            f"{kind_of(expected)} was expected{where}.",
            trial,
            message_id="item-missing",
        )
    failure = compare_values(trial.with_values(mine, expected[item]), context.tolerance)
    if failure is not None:
        failure.message = joined(f"About {name} ({kind_of_item(item)} {item!r})", failure.message)
    return failure


def _container_of(value: Any) -> str | None:
    """ "tuple", "list" or "dict" for a value of that kind (however it crossed), else None."""
    if isinstance(value, ListOfNumbers):
        return value.container
    return type(value).__name__ if type(value) in (tuple, list, dict) else None


def kind_of_item(item: Any) -> str:
    return "key" if isinstance(item, str) else "item"


@check_each("row_matches")
def check_row_matches(trial: Trial, context: CheckContext) -> Failure | None:
    """Row `row` of the result is the reference's row. The result needs only that row, of the
    reference's row's length (a row too many elsewhere is the other tests'); `explain` gets
    `row` (the learner's row), `column`, `got`, `expected` (the values there) and `largest`
    (the row's largest error)."""
    row, expected = int(context.params.get("row", 0)), numbers_of(trial.expected)
    if expected is None or expected.ndim == 0:
        raise ValueError("row_matches needs a reference that returns an array")
    wanted, got = expected[row], as_float_array(trial.got)
    if (
        got is None
        or got.ndim != expected.ndim
        or len(got) <= row
        or got[row].shape != wanted.shape
    ):
        return Failure(
            f"It returned {describe(trial.got)}, which has no row {row} of {wanted.size} values "
            f"to compare: an array of shape {expected.shape} was expected.",
            trial,
            message_id="shape-differs",
        )
    if (mismatch := first_mismatch(got[row], wanted, context.tolerance)) is None:
        return None
    index, largest = mismatch
    said = {"row": got[row], "column": index[0], "got": got[row][index], "largest": largest}
    if (explain := context.params.get("explain")) is not None:
        ids = [explain] if isinstance(explain, str) else list(explain)
        return context.fail(ids[index[0] % len(ids)], trial, **said, expected=wanted[index])
    return Failure(
        f"Row {row} is {row_text(got[row])}: at index {as_text(index)} it is "
        f"{number(float(said['got']))} but {number(float(wanted[index]))} was expected "
        f"(|error| > {tolerance_text(context.tolerance)}; in the row, "
        f"{error_summary(got[row], wanted, context.tolerance)}).",
        trial,
        message_id="value-differs",
    )


@check_each("returns_python_float")
def check_returns_python_float(trial: Trial, context: CheckContext) -> Failure | None:
    if type(trial.got) is float:
        return compare_values(trial, context.tolerance)
    return Failure(
        f"It returned {describe(trial.got)}; a Python float was expected (`float(...)` "
        "turns a NumPy scalar or a 0-d array into one).",
        trial,
        message_id="python-float-expected",
    )
