"""rotary-positional-embedding's checks and analyses: a rotation keeps every pair's length and
turns pair i at position pos by pos * theta_i (that it leaves row 0 as it is: the built-in
row_matches); the words are in messages.toml."""

from __future__ import annotations

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Finding,
    Trial,
    analysis,
    check_each,
    first_mismatch,
    returned_like,
    value_mismatch,
)


@check_each("pair_lengths")
def check_pair_lengths(trial: Trial, context: CheckContext) -> Failure | None:
    """Each pair (column 2i, column 2i + 1) keeps its length: a rotation preserves lengths."""
    x, got = returned_like(trial, "x", note=False)
    before, after = np.hypot(x[:, 0::2], x[:, 1::2]), np.hypot(got[:, 0::2], got[:, 1::2])
    if (mismatch := first_mismatch(after, before, context.tolerance)) is None:
        return None
    (row, pair), largest = mismatch
    lengths = {"before": before[row, pair], "after": after[row, pair], "largest": largest}
    return context.fail("pair-length-changed", **_pair(row, pair), **lengths)


def _pair(row: int, pair: int) -> dict[str, int]:
    return {"row": row, "pair": pair, "even": 2 * pair, "odd": 2 * pair + 1}


@check_each("rotation_angles")
def check_rotation_angles(trial: Trial, context: CheckContext) -> Failure | None:
    """Every pair at position pos is turned by pos * theta_i, counterclockwise."""
    if (wrong := value_mismatch(trial, context.tolerance)) is None:
        return None
    row, pair, d = wrong.index[0], wrong.index[1] // 2, wrong.got.shape[1]
    (a, b), (c, e) = (v[row, 2 * pair : 2 * pair + 2] for v in (trial.array("x"), wrong.got))
    if not (np.isfinite(c) and np.isfinite(e)):
        return wrong.failure
    theta = 10000.0 ** (-2 * pair / d)
    said = {**_pair(row, pair), "theta": theta, "angle": row * theta, "d": d}
    said["wrapped"] = np.arctan2(np.sin(row * theta), np.cos(row * theta))
    turn = context.fail("turn-wrapped" if abs(row * theta) > np.pi else "turn", **said)
    length_in, length_out = np.hypot(a, b), np.hypot(c, e)
    said |= {"a": a, "b": b, "c": c, "e": e, "turned": np.arctan2(a * e - b * c, a * c + b * e)}
    said |= {"length_in": length_in, "length_out": length_out, "expected": turn.message}
    rigid = length_in >= 1e-3 and abs(length_out - length_in) <= context.tolerance  # lengths kept
    return context.fail("wrong-turn" if rigid else "not-a-rotation", largest=wrong.largest, **said)


@analysis
def complex_result(trials: list[Trial], context: CheckContext) -> Finding | None:
    """A complex array came back: the complex-number route without the way back to real pairs
    (the shape test alone would only blame the shape)."""
    results = [trial.got for trial in trials]
    if not results or not all(isinstance(r, np.ndarray) and r.dtype.kind == "c" for r in results):
        return None
    got, x = results[0], np.shape(trials[0].arg("x"))
    real = got.shape == x and not any(np.imag(result).any() for result in results)
    fix = context.fail("complex-but-real" if real else "complex-pairs").message
    shapes = {"shape": str(got.shape), "x_shape": str(x)}
    return context.finding("complex-result", dtype=got.dtype, **shapes, fix=fix)
