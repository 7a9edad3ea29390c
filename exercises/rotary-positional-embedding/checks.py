"""Checks written for this exercise with the graders library."""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Finding,
    Trial,
    analysis,
    check,
    first_mismatch,
    number,
    returned_array,
    tolerance_text,
    value_mismatch,
    within_tolerance,
)


def _input_and_output(trial: Trial) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """x and the learner's output, of the shape of x (Failure otherwise)."""
    x = np.asarray(trial.probe.args[0], dtype=np.float64)
    return x, returned_array(trial, x.shape, ", the shape of x,")


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
        mismatch = value_mismatch(trial, tolerance)
        if mismatch is None:
            continue
        x, got = np.asarray(trial.probe.args[0], dtype=np.float64), mismatch.got
        (row, column), largest = mismatch.index, mismatch.largest
        pair = column // 2
        d = x.shape[1]
        a, b = float(x[row, 2 * pair]), float(x[row, 2 * pair + 1])
        c, e = float(got[row, 2 * pair]), float(got[row, 2 * pair + 1])
        if not (math.isfinite(c) and math.isfinite(e)):
            return mismatch.failure
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
        same_length = within_tolerance(np.array(length_out), np.array(length_in), tolerance)
        if length_in < 1e-3 or not same_length:
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


@analysis
def complex_result(trials: list[Trial], context: CheckContext) -> Finding | None:
    """A complex array came back: the complex-number route without the way back to real pairs
    (the shape test alone would only blame the shape)."""
    results = [trial.got for trial in trials]
    if not results or not all(
        isinstance(got, np.ndarray) and got.dtype.kind == "c" for got in results
    ):
        return None
    got, x = results[0], tuple(np.shape(trials[0].probe.args[0]))
    found = (
        f"Your result is an array of **complex** numbers ({got.dtype}, shape "
        f"`{tuple(got.shape)}`, for `x` of shape `{x}`). "
    )
    if got.shape == x and all(np.allclose(np.imag(r), 0.0, rtol=0.0, atol=0.0) for r in results):
        fix = (
            "Every imaginary part is 0: the values are real, but the array was made complex "
            "along the way (a `dtype=complex` buffer or a complex factor). Return `.real`, "
            "or build the output as a real array such as `np.empty_like(x)`."
        )
    else:
        fix = (
            "Multiplying $a + bi$ by $e^{i\\,pos\\,\\theta_i}$ is a fine way to turn a pair, but "
            "the function must return real numbers laid out like `x`: put the real part of "
            "each rotated pair back into its even column and the imaginary part into the odd "
            "column next to it (`.real` and `.imag`), in a fresh real array of shape "
            "`(seq_len, d)`."
        )
    return Finding("complex-result", "Returns complex numbers", found + fix)
