"""Checks written for this exercise with the graders library.

Each check looks at the vectors along the last axis: it flattens the leading axes, so one
check covers inputs of any rank, and names a failing vector by its full index, e.g.
`out[1, 3, :]`.
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

from graders import (
    CheckContext,
    Failure,
    Trial,
    check,
    first_mismatch,
    number,
    returned_array,
    row_text,
    tolerance_text,
    value_mismatch,
    within_tolerance,
)

_DEFAULT_EPS = 1e-5


def _plain(value: float) -> str:
    """`number`, with rounding noise such as -5.6e-17 shown as 0."""
    return number(0.0 if abs(value) < 1e-12 else value)


def _eps(trial: Trial) -> float:
    return float(trial.probe.args[3]) if len(trial.probe.args) > 3 else _DEFAULT_EPS


def _where(shape: tuple[int, ...], flat_index: int) -> str:
    """The index of the `flat_index`-th vector along the last axis, as `[1, 3, :]`."""
    if len(shape) == 1:
        return "[:]"
    index = np.unravel_index(flat_index, shape[:-1])
    return "[" + ", ".join(str(int(i)) for i in index) + ", :]"


def _rows(trial: Trial) -> np.ndarray[Any, Any]:
    """x as a (number of vectors, d) table."""
    x = np.asarray(trial.probe.args[0], dtype=np.float64)
    return x.reshape(-1, x.shape[-1])


def _vectors(trial: Trial) -> tuple[np.ndarray[Any, Any], np.ndarray[Any, Any]]:
    """x and the learner's output, both as (number of vectors, d) tables (Failure otherwise)."""
    got = returned_array(trial, np.shape(trial.probe.args[0]), ", the shape of x,")
    rows = _rows(trial)
    return rows, got.reshape(rows.shape)


def _identity_affine(trial: Trial) -> bool:
    gamma, beta = (np.asarray(a, dtype=np.float64) for a in trial.probe.args[1:3])
    return bool(np.all(gamma == 1.0) and np.all(beta == 0.0))


@check("normalised_last_axis")
def check_normalised_last_axis(trials: list[Trial], context: CheckContext) -> Failure | None:
    """With gamma = 1 and beta = 0, every vector along the last axis has mean 0, variance 1."""
    tolerance = context.tolerance
    for trial in trials:
        if not _identity_affine(trial):
            raise ValueError("normalised_last_axis needs probes with gamma = 1 and beta = 0")
        rows, got = _vectors(trial)
        shape = tuple(np.shape(trial.probe.args[0]))
        input_var = rows.var(axis=1)
        want_var = input_var / (input_var + _eps(trial))
        means, variances = got.mean(axis=1), got.var(axis=1)
        off_mean = ~within_tolerance(means, np.zeros_like(means), tolerance)
        bad = off_mean | ~within_tolerance(variances, want_var, tolerance)
        if bad.any():
            k = int(np.argmax(bad))
            where = _where(shape, k)
            return Failure(
                "With gamma = 1 and beta = 0 the output is the normalised x itself, so every "
                "vector along the last axis must have mean 0 and variance 1 (precisely "
                "var / (var + eps), a hair below 1).\n"
                f"out{where} is {row_text(got[k])}: its mean is {_plain(float(means[k]))} and its "
                f"variance {number(float(variances[k]))}, where mean 0 and variance "
                f"{number(float(want_var[k]))} were expected "
                f"(|error| > {tolerance_text(tolerance)}).\n"
                f"The statistics come from x{where} alone, which has mean "
                f"{number(float(rows[k].mean()))} and variance {number(float(input_var[k]))}.",
                trial,
            )
    return None


@check("constant_rows")
def check_constant_rows(trials: list[Trial], context: CheckContext) -> Failure | None:
    """A constant vector has variance 0: it normalises to 0, so its output is exactly beta."""
    tolerance = context.tolerance
    for trial in trials:
        rows, got = _vectors(trial)
        shape = tuple(np.shape(trial.probe.args[0]))
        beta = np.asarray(trial.probe.args[2], dtype=np.float64)
        for k in np.flatnonzero(np.ptp(rows, axis=1) == 0):
            if first_mismatch(got[k], beta, tolerance) is None:
                continue
            where = _where(shape, int(k))
            message = (
                f"x{where} is constant (every entry is {number(float(rows[k, 0]))}), so "
                "x - mean is all zeros and the variance is 0. The normalised vector is then 0, "
                f"and the output must be exactly beta = {row_text(beta)}.\n"
                f"Your out{where} is {row_text(got[k])}."
            )
            if not np.isfinite(got[k]).all():
                message += (
                    "\nWithout eps this is 0 / sqrt(0) = 0 / 0 = nan. The eps inside "
                    "sqrt(var + eps) keeps the denominator at least sqrt(eps) > 0, so the "
                    "zeros stay zeros."
                )
            return Failure(message, trial)
    return None


@check("tiny_variance")
def check_tiny_variance(trials: list[Trial], context: CheckContext) -> Failure | None:
    """When the variance is as small as eps, the output depends on where eps goes."""
    tolerance = context.tolerance
    for trial in trials:
        if not _identity_affine(trial):
            raise ValueError("tiny_variance needs probes with gamma = 1 and beta = 0")
        mismatch = value_mismatch(trial, tolerance)
        if mismatch is None:
            continue
        shape = mismatch.got.shape
        k = int(np.ravel_multi_index(mismatch.index[:-1], shape[:-1]))
        rows, largest = _rows(trial), mismatch.largest
        got, expected = mismatch.got.reshape(rows.shape), mismatch.expected.reshape(rows.shape)
        where = _where(shape, k)
        eps = _eps(trial)
        centred = rows[k] - rows[k].mean()
        var = float((centred**2).mean())
        want = math.sqrt(var + eps)
        relation = "smaller than" if var < eps else "comparable to"
        summary = (
            f"x{where} has variance {var:.4g} (standard deviation {math.sqrt(var):.4g}), "
            f"{relation} eps = {eps:g}, so the placement of eps matters here: the formula "
            f"divides x - mean by sqrt(var + eps) = sqrt({var:.4g} + {eps:g}) = {want:.4g}."
        )
        overlap = float(centred @ got[k])
        if overlap > 0:
            divisor = float(centred @ centred) / overlap
            if first_mismatch(got[k], centred / divisor, tolerance) is None:
                return Failure(
                    f"{summary}\nYour out{where} is (x - mean) divided by {divisor:.4g} "
                    f"instead.\nLargest error: {number(largest)}.",
                    trial,
                )
        return Failure(
            f"{summary}\nout{where} is {row_text(got[k])} but {row_text(expected[k])} "
            f"was expected (|error| > {tolerance_text(tolerance)}).\n"
            f"Largest error: {number(largest)}.",
            trial,
        )
    return None


@check("large_offset")
def check_large_offset(trials: list[Trial], context: CheckContext) -> Failure | None:
    """Vectors far from zero with a small spread: only a variance taken from x - mean (two
    passes) keeps its digits; mean(x**2) - mean**2 cancels them away."""
    tolerance = context.tolerance
    for trial in trials:
        if not _identity_affine(trial):
            raise ValueError("large_offset needs probes with gamma = 1 and beta = 0")
        mismatch = value_mismatch(trial, tolerance)
        if mismatch is None:
            continue
        shape = mismatch.got.shape
        k = int(np.ravel_multi_index(mismatch.index[:-1], shape[:-1]))
        rows = _rows(trial)
        got, expected = mismatch.got.reshape(rows.shape), mismatch.expected.reshape(rows.shape)
        where, eps = _where(shape, k), _eps(trial)
        mean, centred = float(rows[k].mean()), rows[k] - rows[k].mean()
        var = float((centred**2).mean())
        message = (
            f"x{where} has mean {mean:.1f} but variance only {var:.4g}: its numbers are large "
            "and close together.\n"
            f"out{where} is {row_text(got[k])} but {row_text(expected[k])} was expected "
            f"(|error| > {tolerance_text(tolerance)}).\nLargest error: {number(mismatch.largest)}."
        )
        if _centred_but_rescaled(centred, got[k], tolerance) or not np.isfinite(got[k]).all():
            message += (
                f"\nYour vector is centred but divided by the wrong amount: the variance it "
                f"used is off. Here x**2 is about {mean * mean:.1e}, and float64 keeps about 16 "
                "significant digits, so mean(x**2) - mean**2 subtracts two nearly equal numbers "
                f"and loses the digits that hold a variance of {var:.4g} (it can even come out "
                "negative, and its square root nan). Take the variance of x - mean instead: "
                f"the deviations are small numbers, and sqrt(var + eps) = {math.sqrt(var + eps):.4g}."
            )
        return Failure(message, trial)
    return None


def _centred_but_rescaled(
    centred: np.ndarray[Any, Any], got: np.ndarray[Any, Any], tolerance: float
) -> bool:
    """Whether `got` is (x - mean) divided by some positive number: the mean was right, only
    the spread the learner divided by was not."""
    overlap = float(centred @ got)
    if not np.isfinite(got).all() or overlap <= 0:
        return False
    divisor = float(centred @ centred) / overlap
    return bool(first_mismatch(got, centred / divisor, tolerance) is None)
