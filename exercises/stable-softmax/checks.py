"""stable-softmax's analyses: the reference rounded, or on changed scores (-inf given a score, a
clip, a rescale), a shift along another axis, an exp that overflows; the words: messages.toml."""

from __future__ import annotations

from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Finding,
    Trial,
    analysis,
    exp_overflow_wrong,
    got_array,
    slice_rows,
    transformation,
)


def _clip_bounds(wrong: list[Trial], context: CheckContext) -> list[dict[str, float]]:
    """Bounds from the top entry against the next one, the bottom against the one above it."""
    highs, lows = {np.inf}, {-np.inf}
    for trial in wrong:
        x, p, axis = trial.array("x"), got_array(trial), trial.arg("axis")
        for row, q in zip(slice_rows(x, axis), slice_rows(p, axis), strict=True):
            if len(row) >= 2 and np.isfinite(row).all() and (q > 0).all():
                o = np.argsort(row)  # o[-1] the top, o[-2] below it; o[0] the bottom, o[1] above
                highs.add(float(row[o[-2]] + np.log(q[o[-1]] / q[o[-2]])))
                lows.add(float(row[o[1]] - np.log(q[o[1]] / q[o[0]])))
    tops, bottoms = sorted(highs), sorted(lows | {-h for h in highs}, reverse=True)
    return [{"low": lo, "high": hi} for hi in tops for lo in bottoms if lo < hi]


def _slopes(trial: Trial, context: CheckContext) -> list[dict[str, Any]]:
    """One factor per slice, broadcasting along the axis: the least-squares slope of its
    log-probabilities against its scores (1 where no two differ); the first not 1, worded."""
    x, p, axis = trial.array("x"), got_array(trial), trial.arg("axis")
    with np.errstate(all="ignore"):
        used = np.isfinite(x) & np.isfinite(p) & (p > 0)
        dx = x - np.sum(x, axis, keepdims=True, where=used) / np.sum(used, axis, keepdims=True)
        xy, xx = (np.sum(v, axis, keepdims=True, where=used) for v in (dx * np.log(p), dx * dx))
    top = np.max(np.abs(x), axis, keepdims=True)  # x / top: a slice of nan where it is 0 or inf
    nan_slice = np.isnan(p).all(axis, keepdims=True) & np.isin(top, (0.0, np.inf))
    factors = np.where(nan_slice, np.nan, np.where(xx > 0, xy / xx, 1.0))
    factor = next((f for f in factors.flat if abs(f - 1) > 1e-3), np.nan)
    return [{"factors": factors, "factor": factor}]


@transformation("low-precision", grid={"digits": range(1, 9)})
@transformation("neginf-gets-probability", solve={"score": (-1e3, 1e3)})
@transformation("clips-inputs", fit=_clip_bounds)
@transformation("rescales-scores", fit_each=_slopes)
def changed(reference: Any, x: Any, axis: int, **change: Any) -> Any:
    """The reference with one change per misconception: its output rounded to `digits`; every
    -inf given `score`; the scores clipped into [low, high]; each slice's times its factor."""
    f, given = change.get("factors", 1.0), np.where(np.isneginf(x), change.get("score", -np.inf), x)
    clipped = np.clip(given, change.get("low", -np.inf), change.get("high", np.inf))
    probs = reference(np.nan_to_num(f) * clipped, axis) + 0.0 * f  # f nan: a slice of nan
    return np.round(probs, change["digits"]) if "digits" in change else probs


@transformation("max-wrong-axis", grid={"other": range(-1, 4)})  # other = axis: the reference
def max_along_another_axis(reference: Any, x: Any, axis: int, *, other: int) -> Any:
    e = np.exp(x - np.max(x, axis=other, keepdims=True))  # as the learner's overflows
    return e / np.sum(e, axis=axis, keepdims=True)


@analysis
def broken_where_exp_overflows(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Wrong in exactly the slices where np.exp of the raw scores overflows, or their sum
    underflows to 0: somewhere np.exp(x) is taken before the shift (nan there: patched)."""
    if (wrong := exp_overflow_wrong(trials, context.tolerance)) is None:
        return None
    patched = all(np.isfinite(got).all() for got in wrong)
    return context.finding("nan-patched" if patched else "unshifted-exp")
