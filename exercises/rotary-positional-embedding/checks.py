"""rotary-positional-embedding's checks and analyses: a rotation leaves row 0 as it is, keeps
every pair's length and turns pair i at position pos by pos * theta_i; the words are in
messages.toml."""

from __future__ import annotations

import math

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Finding,
    Trial,
    analysis,
    check_each,
    first_mismatch,
    returned_array,
    value_mismatch,
)


@check_each("row_zero_unchanged")
def check_row_zero_unchanged(trial: Trial, context: CheckContext) -> Failure | None:
    """Position 0 turns every pair by 0 radians, so row 0 of the output equals row 0 of x."""
    x = np.asarray(trial.arg("x"), dtype=np.float64)
    got = returned_array(trial, x.shape)
    if (mismatch := first_mismatch(got[0], x[0], context.tolerance)) is None:
        return None
    (column,), largest = mismatch
    return context.fail(
        "row-0-changed", trial, column=column, got=got[0, column], x=x[0, column], largest=largest
    )


@check_each("pair_lengths")
def check_pair_lengths(trial: Trial, context: CheckContext) -> Failure | None:
    """Each pair (column 2i, column 2i + 1) keeps its length: a rotation preserves lengths."""
    x = np.asarray(trial.arg("x"), dtype=np.float64)
    got = returned_array(trial, x.shape)
    before, after = np.hypot(x[:, 0::2], x[:, 1::2]), np.hypot(got[:, 0::2], got[:, 1::2])
    if (mismatch := first_mismatch(after, before, context.tolerance)) is None:
        return None
    (row, pair), largest = mismatch
    lengths = {"before": before[row, pair], "after": after[row, pair], "largest": largest}
    return context.fail("pair-length-changed", trial, **_pair(row, pair), **lengths)


def _pair(row: int, pair: int) -> dict[str, int]:
    return {"row": row, "pair": pair, "even": 2 * pair, "odd": 2 * pair + 1}


@check_each("rotation_angles")
def check_rotation_angles(trial: Trial, context: CheckContext) -> Failure | None:
    """Every pair at position pos is turned by pos * theta_i, counterclockwise."""
    if (mismatch := value_mismatch(trial, context.tolerance)) is None:
        return None
    x = np.asarray(trial.arg("x"), dtype=np.float64)
    row, pair, d = mismatch.index[0], mismatch.index[1] // 2, x.shape[1]
    (a, b), (c, e) = x[row, 2 * pair : 2 * pair + 2], mismatch.got[row, 2 * pair : 2 * pair + 2]
    if not (math.isfinite(c) and math.isfinite(e)):
        return mismatch.failure
    theta = 10000.0 ** (-2 * pair / d)
    turn = {**_pair(row, pair), "theta": theta, "angle": row * theta, "two_i": 2 * pair, "d": d}
    if abs(row * theta) > math.pi:
        wrapped = math.atan2(math.sin(row * theta), math.cos(row * theta))
        expected = context.fail("turn-wrapped", trial, **turn, wrapped=wrapped).message
    else:
        expected = context.fail("turn", trial, **turn).message
    values = {**_pair(row, pair), "a": a, "b": b, "c": c, "e": e, "expected": expected}
    length_in, length_out = math.hypot(a, b), math.hypot(c, e)
    largest = mismatch.largest
    if length_in < 1e-3 or abs(length_out - length_in) > context.tolerance:
        lengths = {"length_in": length_in, "length_out": length_out}
        return context.fail("not-a-rotation", trial, **values, **lengths, largest=largest)
    turned = math.atan2(a * e - b * c, a * c + b * e)
    return context.fail("wrong-turn", trial, **values, turned=turned, largest=largest)


@analysis
def complex_result(trials: list[Trial], context: CheckContext) -> Finding | None:
    """A complex array came back: the complex-number route without the way back to real pairs
    (the shape test alone would only blame the shape)."""
    results = [trial.got for trial in trials]
    if not results or not all(isinstance(r, np.ndarray) and r.dtype.kind == "c" for r in results):
        return None
    got, x = results[0], np.shape(trials[0].arg("x"))
    if got.shape == x and not any(np.imag(result).any() for result in results):
        fix = context.fail("complex-but-real").message
    else:
        fix = context.fail("complex-pairs").message
    shapes = {"shape": str(got.shape), "x_shape": str(x)}
    return context.finding("complex-result", dtype=got.dtype, **shapes, fix=fix)
