"""Checks written for this exercise with the graders library.

Both read the probe's `axis` (the second argument, -1 when absent) so that their messages
talk about the slices the learner was asked to normalise.
"""

from __future__ import annotations

from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Trial,
    as_float_array,
    check,
    compare_values,
    number,
    returned_array,
    row_text,
    tolerance_text,
    within_tolerance,
)


def _axis(trial: Trial) -> int:
    """The probe's axis, as a non-negative index into x's dimensions."""
    x = np.asarray(trial.probe.args[0])
    axis = int(trial.probe.args[1]) if len(trial.probe.args) > 1 else -1
    return axis % x.ndim


def _slice_at(values: np.ndarray[Any, Any], axis: int, index: tuple[int, ...]) -> str:
    """The slice along `axis` through `index` (the other axes' coordinates), as a row."""
    where: list[Any] = list(index)
    where.insert(axis, slice(None))
    return row_text(values[tuple(where)])


def _index(index: tuple[int, ...]) -> str:
    return f"[{', '.join(map(str, index))}]"


def _slice_name(axis: int, ndim: int, index: tuple[int, ...]) -> str:
    where = [str(i) for i in index]
    where.insert(axis, ":")
    return f"[{', '.join(where)}]" if ndim > 1 else "the whole array"


@check("slices_sum_to_one")
def check_slices_sum_to_one(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Every value is a probability (finite, >= 0) and every slice along `axis` sums to 1."""
    tolerance = context.tolerance
    for trial in trials:
        x = np.asarray(trial.probe.args[0], dtype=np.float64)
        got = returned_array(trial, x.shape, ", the shape of x,")
        axis = _axis(trial)
        if not np.isfinite(got).all() or (got < -tolerance).any():
            bad = tuple(int(i) for i in np.argwhere(~np.isfinite(got) | (got < -tolerance))[0])
            return Failure(
                f"The value at index {_index(bad)} is {number(float(got[bad]))}: a probability "
                "is a finite number between 0 and 1.",
                trial,
            )
        sums = got.sum(axis=axis)
        bad_sums = ~within_tolerance(sums, np.ones_like(sums), tolerance)
        if bad_sums.any():
            index = tuple(int(i) for i in np.argwhere(bad_sums)[0]) if sums.ndim else ()
            name = _slice_name(axis, x.ndim, index)
            message = (
                f"With axis={axis}, the slice {name} of your result is "
                f"{_slice_at(got, axis, index)} and sums to {number(float(sums[index]))}, but "
                "every slice along the axis must sum to 1 "
                f"(|error| > {tolerance_text(tolerance)})."
            )
            if within_tolerance(np.asarray(got.sum()), np.asarray(1.0), tolerance):
                message += (
                    "\nThe whole array sums to 1 instead: the sum that divides must be taken "
                    "along `axis` only, with keepdims=True."
                )
            return Failure(message, trial)
    return None


@check("stable_for_large_inputs")
def check_stable_for_large_inputs(trials: list[Trial], context: CheckContext) -> Failure | None:
    """No nan or inf when the inputs are in the thousands, and still the right values."""
    for trial in trials:
        got = as_float_array(trial.got)
        x = np.asarray(trial.probe.args[0], dtype=np.float64)
        if got is not None and got.shape == x.shape and not np.isfinite(got).all():
            bad = tuple(int(i) for i in np.argwhere(~np.isfinite(got))[0])
            count = int((~np.isfinite(got)).sum())
            return Failure(
                f"The value at index {_index(bad)} is {number(float(got[bad]))} ({count} of "
                f"{got.size} values are nan or inf). x runs from {number(float(x.min()))} to "
                f"{number(float(x.max()))} in this call: np.exp overflows to inf above about "
                "709 and underflows to 0 below about -745, so inf / inf or 0 / 0 gives nan.\n"
                "Before np.exp, subtract from every slice its own maximum along `axis`: the "
                "result does not change mathematically, and the largest exponent of every "
                "slice becomes exactly 0.",
                trial,
            )
        failure = compare_values(trial, context.tolerance)
        if failure is not None:
            return failure
    return None
