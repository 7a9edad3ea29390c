"""Checks written for this exercise with the graders library."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Trial,
    as_float_array,
    check,
    compare_values,
    describe,
    first_mismatch,
    number,
    tolerance_text,
)


def _input_and_output(trial: Trial) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any] | None]:
    x = np.asarray(trial.probe.args[0], dtype=np.float64)
    got = as_float_array(trial.got)
    if got is None or got.shape != x.shape:
        return x, None
    return x, got


def _wrong_shape(trial: Trial, x: np.ndarray[Any, Any]) -> Failure:
    return Failure(
        f"It returned {describe(trial.got)}; an array of shape {tuple(x.shape)}, the shape of x, "
        "was expected.",
        trial,
    )


def _theta(pair: int, d: int) -> float:
    return float(10000.0 ** (-2 * pair / d))


def _wrapped(angle: float) -> float:
    """The same turn as an angle in (-pi, pi]."""
    return float(math.atan2(math.sin(angle), math.cos(angle)))


@check("row_zero_unchanged")
def check_row_zero_unchanged(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Position 0 turns every pair by 0 radians, so row 0 of the output equals row 0 of x."""
    for trial in trials:
        x, got = _input_and_output(trial)
        if got is None:
            return _wrong_shape(trial, x)
        mismatch = first_mismatch(got[0], x[0], context.tolerance)
        if mismatch is not None:
            (column,), largest = mismatch
            return Failure(
                f"Row 0 changed: column {column} is {number(float(got[0, column]))} but "
                f"x[0, {column}] is {number(float(x[0, column]))} "
                f"(|error| > {tolerance_text(context.tolerance)}; largest change in row 0: "
                f"{number(largest)}).\n"
                "Row 0 is position 0, where every angle is 0 * theta_i = 0, and a rotation by 0 "
                "leaves a vector as it is: row 0 must come back unchanged.",
                trial,
            )
    return None


@check("pair_lengths")
def check_pair_lengths(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Each pair (column 2i, column 2i + 1) keeps its length: a rotation preserves lengths."""
    for trial in trials:
        x, got = _input_and_output(trial)
        if got is None:
            return _wrong_shape(trial, x)
        before = np.hypot(x[:, 0::2], x[:, 1::2])
        after = np.hypot(got[:, 0::2], got[:, 1::2])
        mismatch = first_mismatch(after, before, context.tolerance)
        if mismatch is not None:
            (row, pair), largest = mismatch
            return Failure(
                f"Row {row}, pair {pair} (columns {2 * pair} and {2 * pair + 1}): the pair has "
                f"length {number(float(before[row, pair]))} in x but "
                f"{number(float(after[row, pair]))} in your output "
                f"(|error| > {tolerance_text(context.tolerance)}; largest change: "
                f"{number(largest)}).\n"
                "A rotation never changes a length, so each 2-D vector "
                "(x[pos, 2i], x[pos, 2i + 1]) must keep its length sqrt(a**2 + b**2). Both "
                "columns of a pair must be turned together, each computed from the original "
                "values of both.",
                trial,
            )
    return None


@check("rotation_angles")
def check_rotation_angles(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Every pair at position pos is turned by pos * theta_i, counterclockwise."""
    tolerance = context.tolerance
    for trial in trials:
        failure = compare_values(trial, tolerance)
        if failure is None:
            continue
        x, got = _input_and_output(trial)
        expected = as_float_array(trial.expected)
        if got is None or expected is None:
            return failure
        mismatch = first_mismatch(got, expected, tolerance)
        assert mismatch is not None
        (row, column), largest = mismatch
        pair = column // 2
        d = x.shape[1]
        a, b = float(x[row, 2 * pair]), float(x[row, 2 * pair + 1])
        c, e = float(got[row, 2 * pair]), float(got[row, 2 * pair + 1])
        if not (math.isfinite(c) and math.isfinite(e)):
            return failure
        theta = _theta(pair, d)
        want = row * theta
        where = (
            f"Row {row} (position {row}), pair {pair} (columns {2 * pair} and {2 * pair + 1}): "
            f"x has ({number(a)}, {number(b)}) and your output has ({number(c)}, {number(e)})"
        )
        expected_turn = (
            f"It should be turned by pos * theta_{pair} = {row} * {number(theta)} = "
            f"{number(want)} rad"
            + (f" (the same turn as {number(_wrapped(want))} rad)" if abs(want) > math.pi else "")
            + (
                ", since theta_0 = 1."
                if pair == 0
                else f", with theta_{pair} = 10000 ** (-{2 * pair}/{d})."
            )
        )
        length_in, length_out = math.hypot(a, b), math.hypot(c, e)
        if length_in < 1e-3 or abs(length_out - length_in) > tolerance:
            return Failure(
                f"{where}.\nThat is not a rotation of the pair: its length went from "
                f"{number(length_in)} to {number(length_out)}. {expected_turn}\n"
                f"Largest error: {number(largest)}.",
                trial,
            )
        turned = math.atan2(a * e - b * c, a * c + b * e)
        return Failure(
            f"{where}: a turn of {number(turned)} rad.\n{expected_turn}\n"
            f"Largest error: {number(largest)}.",
            trial,
        )
    return None
