"""stable-softmax's analyses: the reference rounded, or on changed scores (-inf given a score, a
clip, a rescale), a shift along another axis, an exp that overflows; the words: messages.toml."""

from __future__ import annotations

import itertools
from collections.abc import Iterator
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


def _rows(trial: Trial) -> Iterator[tuple[Any, Any]]:
    """(the scores, the learner's probabilities) of each slice of a wrong trial."""
    x, axis = np.asarray(trial.arg("x"), dtype=np.float64), trial.arg("axis")
    return zip(slice_rows(x, axis), slice_rows(got_array(trial), axis), strict=True)


@transformation("low-precision", grid={"digits": range(1, 9)})
def rounded(reference: Any, x: Any, axis: int, *, digits: int) -> Any:
    return np.round(reference(x, axis), digits)


def _clip_bounds(wrong: list[Trial], context: CheckContext) -> Iterator[dict[str, float]]:
    """Bounds from the top entry against the next one, the bottom against the one above it."""
    highs, lows = {np.inf}, {-np.inf}
    for row, p in (pair for trial in wrong for pair in _rows(trial)):
        if len(row) >= 2 and np.isfinite(row).all() and (p > 0).all():
            o = np.argsort(row)  # o[-1] the top, o[-2] below it; o[0] the bottom, o[1] above
            highs.add(float(row[o[-2]] + np.log(p[o[-1]] / p[o[-2]])))
            lows.add(float(row[o[1]] - np.log(p[o[1]] / p[o[0]])))
    pairs = itertools.product(sorted(highs), sorted(lows | {-h for h in highs}, reverse=True))
    yield from ({"low": lo, "high": hi} for hi, lo in pairs if lo < hi and min(hi, -lo) < np.inf)


def _slope(row: Any, p: Any) -> float:
    """The slope of a slice's log-probabilities against its scores; nan where dividing by a
    largest magnitude of 0 or inf left a slice of nan."""
    used = np.isfinite(row) & np.isfinite(p) & (p > 0)
    if np.isnan(p).all() and np.max(np.abs(row)) in (0.0, np.inf):
        return np.nan
    fitted = used.sum() >= 2 and np.ptp(row[used]) > 0
    return float(np.polyfit(row[used], np.log(p[used]), 1)[0]) if fitted else 1.0


def _slopes(trial: Trial, context: CheckContext) -> Iterator[dict[str, Any]]:
    """One factor per slice, shaped to broadcast along the axis; the first not 1, worded."""
    slopes = np.array([_slope(row, p) for row, p in _rows(trial)])
    shape = np.shape(np.sum(trial.array("x"), axis=trial.arg("axis"), keepdims=True))
    factor = next((f for f in slopes if abs(f - 1) > 1e-3), np.nan)
    yield {"factors": np.reshape(slopes, shape), "factor": factor}


@transformation("neginf-gets-probability", solve={"score": (-1e3, 1e3)})
@transformation("clips-inputs", fit=_clip_bounds)
@transformation("rescales-scores", fit_each=_slopes)
def scores_changed(reference: Any, x: Any, axis: int, **change: Any) -> Any:
    """The softmax of changed scores, one change per misconception: every -inf given `score`,
    the scores clipped into [low, high], each slice's times its factor (nan: a slice of nan)."""
    f, given = change.get("factors", 1.0), np.where(np.isneginf(x), change.get("score", -np.inf), x)
    clipped = np.clip(given, change.get("low", -np.inf), change.get("high", np.inf))
    return reference(np.nan_to_num(f) * clipped, axis) + 0.0 * f


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
