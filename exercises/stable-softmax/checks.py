"""stable-softmax's analyses: the reference with one misconception (a rounding, a clip, a
rescale, a shift along another axis), or an exp that overflows; the words are in messages.toml."""

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
    every_wrong,
    got_array,
    slice_rows,
    transformation,
    wrong_where_exp_overflows,
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
    pairs = itertools.product(sorted(highs), sorted(lows | {-h for h in highs}, reverse=True))
    yield from (
        {"low": lo, "high": hi} for hi, lo in pairs if lo < hi and np.isfinite([lo, hi]).any()
    )


@transformation("clips-inputs", fit=_clip_bounds)
def clipped(reference: Any, x: Any, axis: int, *, low: float, high: float) -> Any:
    return reference(np.clip(x, low, high), axis)


def _slope(row: Any, p: Any) -> float:
    """The slope of a slice's log-probabilities against its scores; nan where dividing by a
    largest magnitude of 0 or inf left a slice of nan."""
    used = np.isfinite(row) & np.isfinite(p) & (p > 0)
    if np.isnan(p).all() and np.max(np.abs(row)) in (0.0, np.inf):
        return np.nan
    fitted = used.sum() >= 2 and np.ptp(row[used]) > 0
    return float(np.polyfit(row[used], np.log(p[used]), 1)[0]) if fitted else 1.0


def _slopes(trial: Trial, context: CheckContext) -> Iterator[dict[str, Any]]:
    yield {"factors": np.array([_slope(row, p) for row, p in _rows(trial)])}


def _factor(params: dict[str, Any], wrong: list[Trial]) -> dict[str, float]:
    return {"factor": next((f for f in params["factors"] if abs(f - 1) > 1e-3), np.nan)}


@transformation("rescales-scores", fit_each=_slopes, words=_factor)
def rescaled(reference: Any, x: Any, axis: int, *, factors: Any) -> Any:
    moved = np.moveaxis(np.asarray(x, dtype=np.float64), axis, -1)
    f = np.reshape(factors, (*moved.shape[:-1], 1))  # one per slice, nan: a slice of nan
    return np.moveaxis(reference(np.nan_to_num(f) * moved, -1) + 0.0 * f, -1, axis)


@analysis
def broken_where_exp_overflows(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Wrong in exactly the slices where np.exp of the raw scores overflows, or their sum
    underflows to 0: somewhere np.exp(x) is taken before the shift (nan there: patched)."""

    def fits(trial: Trial, got: Any, tolerance: float, finite: bool) -> bool:
        x, axis = trial.arg("x"), trial.arg("axis")
        broken = wrong_where_exp_overflows(x, got, trial.expected, axis, tolerance)
        return broken and (not finite or bool(np.isfinite(got).all()))

    if not every_wrong(trials, context.tolerance, fits, False):
        return None
    patched = every_wrong(trials, context.tolerance, fits, True)
    return context.finding("nan-patched" if patched else "unshifted-exp")
