"""Checks written for this exercise with the graders library.

Both read the probe's `axis` (the second argument, -1 when absent) so that their messages
talk about the slices the learner was asked to normalise. The analyses below name a wrong
answer by recomputing it: each rebuilds the learner's values from x with one misconception
(a clip, a rescale, a shift along another axis, ...) and fits only when that explains every
wrong trial of the test.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import partial
from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Finding,
    Trial,
    analysis,
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


# --- analyses: which misconception produced these values ---------------------------------------

Wrong = tuple[np.ndarray[Any, Any], int, np.ndarray[Any, Any], np.ndarray[Any, Any]]


def _wrong_trials(trials: list[Trial], tolerance: float) -> list[Wrong] | None:
    """(x, axis, got, expected) of every wrong trial; None when one is not an array shaped
    like x (the generic analyses name that)."""
    wrong = []
    for trial in trials:
        x = np.asarray(trial.probe.args[0], dtype=np.float64)
        got, expected = as_float_array(trial.got), as_float_array(trial.expected)
        if got is None or expected is None or got.shape != x.shape:
            return None
        if not within_tolerance(got, expected, tolerance).all():
            wrong.append((x, _axis(trial), got, expected))
    return wrong


def _softmax(y: np.ndarray[Any, Any], axis: int) -> np.ndarray[Any, Any]:
    """The stable softmax of y, nan where a slice has nothing finite (as a learner's would)."""
    with np.errstate(all="ignore"):
        e = np.exp(y - np.max(y, axis=axis, keepdims=True))
        result: np.ndarray[Any, Any] = e / np.sum(e, axis=axis, keepdims=True)
    return result


Rebuild = Callable[[np.ndarray[Any, Any], int], np.ndarray[Any, Any]]


def _fits(wrong: list[Wrong], tolerance: float, rebuild: Rebuild) -> bool:
    """Whether `rebuild(x, axis)` gives the learner's values on every wrong trial."""
    return bool(wrong) and all(
        within_tolerance(got, rebuild(x, axis), tolerance).all() for x, axis, got, _ in wrong
    )


@analysis
def rounded_output(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Every value lies on a grid of `digits` decimals within rounding of the reference: the
    result was rounded. Within the tolerance value by value, it still breaks the sums."""
    pairs = []
    for trial in trials:
        got, expected = as_float_array(trial.got), as_float_array(trial.expected)
        if got is None or expected is None or got.shape != expected.shape:
            return None
        pairs.append((got, expected))
    for digits in range(1, 9):
        on_grid = all(
            np.isfinite(got).all()
            and (np.abs(got - np.round(got, digits)) <= 1e-12).all()
            and (np.abs(got - expected) <= 0.5 * 10.0**-digits + 1e-12).all()
            for got, expected in pairs
        )
        if on_grid and any((np.abs(got - expected) > 1e-12).any() for got, expected in pairs):
            return Finding(
                "low-precision",
                "Probabilities rounded before they are returned",
                f"Your probabilities are rounded to {digits} decimals. Each value is close to "
                "the exact one, but the rounding errors add up: a slice of yours can sum to "
                "0.9999 or 1.0001, not 1, and anything that uses these weights (a loss, a "
                "sample, the next layer) inherits the error. Return the full-precision "
                "values: round only when you print.",
            )
    return None


@analysis
def negative_infinity_gets_probability(
    trials: list[Trial], context: CheckContext
) -> Finding | None:
    """The -inf entries got weight: the values are the softmax of x with every -inf replaced
    by one finite score, estimated from the learner's own probabilities."""
    wrong = _wrong_trials(trials, context.tolerance)
    if not wrong or not all(np.isneginf(x).any() for x, *_ in wrong):
        return None
    candidates = set()
    for x, axis, got, _ in wrong:
        xs, gs = np.moveaxis(x, axis, -1), np.moveaxis(got, axis, -1)
        for row, probabilities in zip(
            xs.reshape(-1, xs.shape[-1]), gs.reshape(-1, xs.shape[-1]), strict=True
        ):
            masked = np.isneginf(row) & (probabilities > 0)
            seen = np.isfinite(row) & (probabilities > 0)
            if masked.any() and seen.any():
                k, j = int(np.argmax(masked)), int(np.argmax(seen))
                candidates.add(float(row[j] + np.log(probabilities[k] / probabilities[j])))
    for score in sorted(candidates, key=abs):
        if _fits(wrong, context.tolerance, partial(_neginf_as, score)):
            return Finding(
                "neginf-gets-probability",
                "-inf entries treated as a finite score",
                f"Your -inf entries get a probability above 0: your values are the softmax "
                f"of x with every -inf replaced by {number(score)}. An entry of -inf is a "
                "masked score, which must get exactly 0. Nothing needs replacing: "
                "`np.exp(-np.inf)` is 0, and the maximum of a slice that holds a finite "
                "value is finite, so `x - max` and `np.exp` handle -inf on their own.",
            )
    return None


def _neginf_as(score: float, x: np.ndarray[Any, Any], axis: int) -> np.ndarray[Any, Any]:
    return _softmax(np.where(np.isneginf(x), score, x), axis)


@analysis
def maximum_along_another_axis(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The shift is a maximum along another axis than the sum's: not one constant per slice."""
    wrong = _wrong_trials(trials, context.tolerance)
    if not wrong:
        return None
    used = []
    for x, axis, got, _ in wrong:
        other = next(
            (
                a
                for a in range(x.ndim)
                if a != axis
                and within_tolerance(got, _shifted(x, axis, a), context.tolerance).all()
            ),
            None,
        )
        if other is None:
            return None
        used.append(f"axis={other} for axis={axis}")
    return Finding(
        "max-wrong-axis",
        "Maximum taken along another axis than the sum",
        f"You subtract a maximum taken along another axis than the one you sum over (here "
        f"{used[0]}). The shift cancels only when it is **one constant per slice**: a maximum "
        "along another axis subtracts a different number from each entry of the slice, which "
        "changes the probabilities (and can still overflow or underflow). Take both "
        "reductions along the same `axis`: `np.max(x, axis=axis, keepdims=True)`.",
    )


def _shifted(x: np.ndarray[Any, Any], axis: int, other: int) -> np.ndarray[Any, Any]:
    with np.errstate(all="ignore"):
        e = np.exp(x - np.max(x, axis=other, keepdims=True))
        result: np.ndarray[Any, Any] = e / np.sum(e, axis=axis, keepdims=True)
    return result


@analysis
def clipped_scores(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The values are the softmax of np.clip(x, low, high): the bounds are estimated from the
    learner's probabilities (the top entry against the next one, the bottom against the one
    above it), then every candidate pair is checked on every wrong trial."""
    wrong = _wrong_trials(trials, context.tolerance)
    if not wrong:
        return None
    highs, lows = {np.inf}, {-np.inf}
    for x, axis, got, _ in wrong:
        xs, gs = np.moveaxis(x, axis, -1), np.moveaxis(got, axis, -1)
        for row, probabilities in zip(
            xs.reshape(-1, xs.shape[-1]), gs.reshape(-1, xs.shape[-1]), strict=True
        ):
            order = np.argsort(row)
            if len(order) < 2 or not (np.isfinite(row).all() and (probabilities > 0).all()):
                continue
            top, below, bottom, above = order[-1], order[-2], order[0], order[1]
            highs.add(float(row[below] + np.log(probabilities[top] / probabilities[below])))
            lows.add(float(row[above] - np.log(probabilities[above] / probabilities[bottom])))
    lows |= {-high for high in highs}
    for high in sorted(highs):
        for low in sorted(lows, reverse=True):
            bounded = np.isfinite(low) or np.isfinite(high)
            if (
                bounded
                and low < high
                and _fits(wrong, context.tolerance, partial(_clipped, low, high))
            ):
                return Finding(
                    "clips-inputs",
                    "Clipping the inputs to avoid overflow",
                    f"Your values are the softmax of x clipped into [{number(low)}, "
                    f"{number(high)}]. That prevents the overflow but changes the answer: "
                    "every score beyond the bound is flattened onto it, so "
                    "`[1000, 999, 998]` becomes three equal scores and gets 1/3 each instead "
                    "of `[0.6652, 0.2447, 0.09]`. Nothing needs to be thrown away: subtract "
                    "each slice's maximum, an exact identity, and every exponent is <= 0.",
                )
    return None


def _clipped(low: float, high: float, x: np.ndarray[Any, Any], axis: int) -> np.ndarray[Any, Any]:
    return _softmax(np.clip(x, low, high), axis)


@analysis
def rescaled_scores(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The values are the softmax of x times a factor per slice (x / max, x / norm, ...): the
    log-probabilities of a slice are a straight line in x, of slope other than 1."""
    wrong = _wrong_trials(trials, context.tolerance)
    if not wrong:
        return None
    slopes: list[float] = []
    for x, axis, got, _ in wrong:
        xs, gs = np.moveaxis(x, axis, -1), np.moveaxis(got, axis, -1)
        rows, probabilities = xs.reshape(-1, xs.shape[-1]), gs.reshape(-1, xs.shape[-1])
        factors = np.ones(len(rows))
        for i, (row, p) in enumerate(zip(rows, probabilities, strict=True)):
            used = np.isfinite(row) & np.isfinite(p) & (p > 0)
            if used.sum() >= 2 and np.ptp(row[used]) > 0:
                factors[i] = np.polyfit(row[used], np.log(p[used]), 1)[0]
        # Dividing by a largest magnitude of 0 (a slice of zeros) or inf (a slice with -inf)
        # gives 0 / 0 or inf / inf: a slice of nan is what that division leaves.
        largest = np.max(np.abs(rows), axis=-1)
        divided = np.isnan(probabilities).all(axis=-1) & ((largest == 0) | np.isinf(largest))
        rebuilt = _softmax(factors[:, None] * rows, -1)
        rebuilt[divided] = np.nan
        if not within_tolerance(
            got, np.moveaxis(rebuilt.reshape(xs.shape), -1, axis), context.tolerance
        ).all():
            return None
        slopes.extend(float(f) for f in factors if abs(f - 1.0) > 1e-3)
    if not slopes:
        return None
    return Finding(
        "rescales-scores",
        "Scores divided instead of shifted",
        f"Your values are the softmax of x **multiplied** by a factor (here {number(slopes[0])}"
        ", one per slice): you divided the scores, by their maximum or their largest "
        "magnitude, instead of subtracting the maximum (and a slice of zeros, or one holding "
        "-inf, gives `nan`: 0 / 0 and inf / inf). Only a shift leaves the softmax "
        "unchanged, because $e^{x_i - c} = e^{x_i} e^{-c}$ and the factor $e^{-c}$ cancels "
        "with the denominator; dividing changes every ratio between probabilities (it is a "
        "temperature). Subtract: `x - np.max(x, axis=axis, keepdims=True)`.",
    )


@analysis
def broken_where_exp_overflows(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Right in every slice but those where np.exp of the raw scores overflows or the sum of
    the exponentials underflows to 0: somewhere np.exp(x) is taken before the shift."""
    wrong = _wrong_trials(trials, context.tolerance)
    if not wrong:
        return None
    finite = True
    for x, axis, got, expected in wrong:
        with np.errstate(all="ignore"):
            sums = np.sum(np.exp(x), axis=axis)
        breaks = ~np.isfinite(sums) | (sums < np.finfo(np.float64).tiny)
        bad = ~within_tolerance(got, expected, context.tolerance).all(axis=axis)
        if (bad & ~breaks).any() or (breaks & ~bad).any():
            return None
        finite = finite and bool(np.isfinite(got).all())
    if finite:
        return Finding(
            "nan-patched",
            "nan from the overflow replaced afterwards",
            "Your result is right except in exactly the slices where `np.exp(x)` of the raw "
            "scores overflows (a score above about 709) or all its exponentials underflow to "
            "0, and there you return finite numbers that are not the probabilities (zeros, "
            "huge values): the `nan` of `inf / inf` or `0 / 0` was replaced afterwards, with "
            "`np.nan_to_num` or `np.where`. That hides the symptom; the information is already "
            "lost. Prevent the overflow instead: subtract each slice's maximum before "
            "`np.exp`, and nothing overflows.",
        )
    return Finding(
        "unshifted-exp",
        "np.exp of the raw scores still overflows",
        "Your result is right except in exactly the slices where `np.exp(x)` of the raw "
        "scores overflows (a score above about 709) or all its exponentials underflow to 0: "
        "somewhere, in the numerator, the denominator or inside a log-sum-exp "
        "(`np.log(np.sum(np.exp(x)))`), you take `np.exp` of x before subtracting the "
        "maximum. Every exponential must be of a shifted score: with "
        "`m = np.max(x, axis=axis, keepdims=True)`, use `np.exp(x - m)`, and a log-sum-exp "
        "is `m + np.log(np.sum(np.exp(x - m), axis=axis, keepdims=True))`.",
    )
