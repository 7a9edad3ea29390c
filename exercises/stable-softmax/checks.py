"""stable-softmax's analyses: each rebuilds the learner's values from the reference with one
misconception (a rounding, a clip, a rescale, a shift along another axis); the words are in
messages.toml."""

from __future__ import annotations

from collections.abc import Iterator
from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Finding,
    Trial,
    analysis,
    got_array,
    slice_rows,
    transformation,
    within_tolerance,
    wrong_trials,
)


def _rows(trial: Trial) -> Iterator[tuple[Any, Any]]:
    """(the scores, the learner's probabilities) of each slice of a wrong trial."""
    x, axis = np.asarray(trial.arg("x"), dtype=np.float64), trial.arg("axis")
    return zip(slice_rows(x, axis), slice_rows(got_array(trial), axis), strict=True)


@transformation("low-precision", grid={"digits": range(1, 9)})
def rounded(reference: Any, x: Any, axis: int, *, digits: int) -> Any:
    return np.round(reference(x, axis), digits)


def _neginf_scores(trial: Trial, context: CheckContext) -> Iterator[dict[str, float]]:
    """The score a -inf was given, from its probability against a finite entry's."""
    for row, p in _rows(trial):
        masked, seen = np.isneginf(row) & (p > 0), np.isfinite(row) & (p > 0)
        if masked.any() and seen.any():
            k, j = int(np.argmax(masked)), int(np.argmax(seen))
            yield {"score": float(row[j] + np.log(p[k] / p[j]))}


@transformation("neginf-gets-probability", fit_each=_neginf_scores)
def neginf_as_a_score(reference: Any, x: Any, axis: int, *, score: float) -> Any:
    return reference(np.where(np.isneginf(x), score, x), axis)


def _other_axes(trial: Trial, context: CheckContext) -> Iterator[dict[str, int]]:
    ndim, axis = np.ndim(trial.arg("x")), trial.arg("axis")
    yield from ({"other": a} for a in range(ndim) if a != axis % ndim)


@transformation("max-wrong-axis", fit_each=_other_axes)
def max_along_another_axis(reference: Any, x: Any, axis: int, *, other: int) -> Any:
    e = np.exp(x - np.max(x, axis=other, keepdims=True))  # as the learner's overflows
    return e / np.sum(e, axis=axis, keepdims=True)


def _clip_bounds(wrong: list[Trial], context: CheckContext) -> Iterator[dict[str, float]]:
    """Bounds from the top entry against the next one, the bottom against the one above it."""
    highs, lows = {np.inf}, {-np.inf}
    for row, p in (pair for trial in wrong for pair in _rows(trial)):
        order = np.argsort(row)
        if len(order) >= 2 and np.isfinite(row).all() and (p > 0).all():
            top, below, bottom, above = order[-1], order[-2], order[0], order[1]
            highs.add(float(row[below] + np.log(p[top] / p[below])))
            lows.add(float(row[above] - np.log(p[above] / p[bottom])))
    for high in sorted(highs):
        for low in sorted(lows | {-h for h in highs}, reverse=True):
            if low < high and (np.isfinite(low) or np.isfinite(high)):
                yield {"low": low, "high": high}


@transformation("clips-inputs", fit=_clip_bounds)
def clipped(reference: Any, x: Any, axis: int, *, low: float, high: float) -> Any:
    return reference(np.clip(x, low, high), axis)


def _slopes(trial: Trial, context: CheckContext) -> Iterator[dict[str, Any]]:
    """Per slice, the slope of the log-probabilities against the scores; nan where dividing by
    a largest magnitude of 0 or inf left a slice of nan."""
    factors = []
    for row, p in _rows(trial):
        used = np.isfinite(row) & np.isfinite(p) & (p > 0)
        largest = np.max(np.abs(row))
        if np.isnan(p).all() and (largest == 0 or np.isinf(largest)):
            factors.append(np.nan)
        elif used.sum() >= 2 and np.ptp(row[used]) > 0:
            factors.append(np.polyfit(row[used], np.log(p[used]), 1)[0])
        else:
            factors.append(1.0)
    yield {"factors": np.array(factors)}


def _factor(params: dict[str, Any], wrong: list[Trial]) -> dict[str, float]:
    return {"factor": next((f for f in params["factors"] if abs(f - 1) > 1e-3), np.nan)}


@transformation("rescales-scores", fit_each=_slopes, words=_factor)
def rescaled(reference: Any, x: Any, axis: int, *, factors: Any) -> Any:
    moved = np.moveaxis(np.asarray(x, dtype=np.float64), axis, -1)
    scaled = np.where(np.isnan(factors), np.nan, 1.0).reshape((*moved.shape[:-1], 1))
    rows = np.nan_to_num(factors).reshape((*moved.shape[:-1], 1)) * moved
    return np.moveaxis(reference(rows, -1) * scaled, -1, axis)


@analysis
def broken_where_exp_overflows(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Wrong in exactly the slices where np.exp of the raw scores overflows, or their sum
    underflows to 0: somewhere np.exp(x) is taken before the shift."""
    wrong = wrong_trials(trials, context.tolerance)
    if not wrong:
        return None
    for trial in wrong:
        x, axis = np.asarray(trial.arg("x"), dtype=np.float64), trial.arg("axis")
        with np.errstate(all="ignore"):
            sums = np.sum(np.exp(x), axis=axis)
        breaks = ~np.isfinite(sums) | (sums < np.finfo(np.float64).tiny)
        right = within_tolerance(got_array(trial), trial.expected, context.tolerance)
        if (breaks == right.all(axis=axis)).any():
            return None
    if all(np.isfinite(got_array(trial)).all() for trial in wrong):
        return context.finding("nan-patched")
    return context.finding("unshifted-exp")
