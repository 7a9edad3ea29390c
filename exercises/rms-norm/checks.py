"""Checks written for this exercise with the graders library.

Each check looks at the vectors along the last axis: it flattens the leading axes, so one
check covers inputs of any rank, and names a failing vector by its full index, e.g.
`out[1, 3, :]`. RMSNorm only rescales a vector, so a learner's output can be read back as
"x divided by some denominator": the messages show that denominator beside the formula's.
"""

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
    number,
    returned_array,
    row_text,
    tolerance_text,
    value_mismatch,
    within_tolerance,
)

_DEFAULT_EPS = 1e-6

FloatArray = np.ndarray[Any, np.dtype[np.float64]]


def _eps(trial: Trial) -> float:
    return float(trial.probe.args[2]) if len(trial.probe.args) > 2 else _DEFAULT_EPS


def _where(shape: tuple[int, ...], flat_index: int) -> str:
    """The index of the `flat_index`-th vector along the last axis, as `[1, 3, :]`."""
    if len(shape) == 1:
        return "[:]"
    index = np.unravel_index(flat_index, shape[:-1])
    return "[" + ", ".join(str(int(i)) for i in index) + ", :]"


def _vectors(trial: Trial) -> tuple[FloatArray, FloatArray]:
    """x and the learner's output, both as (number of vectors, d) tables (Failure otherwise)."""
    x = np.asarray(trial.probe.args[0], dtype=np.float64)
    got = returned_array(trial, x.shape, ", the shape of x,")
    rows = x.reshape(-1, x.shape[-1])
    return rows, got.reshape(rows.shape)


def _unit_gamma(trial: Trial) -> bool:
    return bool(np.all(np.asarray(trial.probe.args[1], dtype=np.float64) == 1.0))


def _denominator(row: FloatArray, out: FloatArray) -> float | None:
    """What the learner divided `row` by, if `out` is one positive multiple of it (gamma = 1)."""
    used = (np.abs(row) > 0) & (np.abs(out) > 0) & np.isfinite(out)
    if used.sum() < 2:
        return None
    ratios = row[used] / out[used]
    median = float(np.median(ratios))
    if median <= 0 or not np.allclose(ratios, median, rtol=1e-3, atol=0.0):
        return None
    return median


def _explain_denominator(row: FloatArray, out: FloatArray, eps: float) -> str:
    mean_square = float((row**2).mean())
    want = math.sqrt(mean_square + eps)
    formula = f"The formula divides it by sqrt({mean_square:.4g} + {eps:g}) = {want:.4g}."
    used = _denominator(row, out)
    if used is not None:
        return f"{formula} Your output is it divided by {used:.4g}."
    return (
        f"{formula} Your output is not x divided by one number: RMSNorm only rescales each "
        "vector, so with gamma = 1 every entry must keep its sign and the ratios out / x "
        "must all be equal (is a mean subtracted, or a statistic shared across vectors?)."
    )


@check("unit_rms_last_axis")
def check_unit_rms_last_axis(trials: list[Trial], context: CheckContext) -> Failure | None:
    """With gamma = 1, every vector is rescaled (same direction) to root mean square 1."""
    tolerance = context.tolerance
    for trial in trials:
        if not _unit_gamma(trial):
            raise ValueError("unit_rms_last_axis needs probes with gamma = 1")
        rows, got = _vectors(trial)
        mismatch = value_mismatch(trial, tolerance)
        if mismatch is None:
            continue
        shape = mismatch.got.shape
        k = int(np.ravel_multi_index(mismatch.index[:-1], shape[:-1])) if len(shape) > 1 else 0
        where = _where(shape, k)
        mean_square = float((rows[k] ** 2).mean())
        want_rms = math.sqrt(mean_square / (mean_square + _eps(trial)))
        got_rms = float(np.sqrt((got[k] ** 2).mean()))
        return Failure(
            "With gamma = 1 the output is the normalised x itself, so every vector along the "
            "last axis must be a positive multiple of the input vector with root mean square "
            f"1 (precisely sqrt(ms / (ms + eps)) = {number(want_rms)}).\n"
            f"out{where} is {row_text(got[k])}: its root mean square is {number(got_rms)} "
            f"(some entry is off by more than {tolerance_text(tolerance)}).\n"
            f"x{where} is {row_text(rows[k])}, with mean square {number(mean_square)}. "
            + _explain_denominator(rows[k], got[k], _eps(trial)),
            trial,
        )
    return None


@check("zero_rows")
def check_zero_rows(trials: list[Trial], context: CheckContext) -> Failure | None:
    """An all-zero vector has mean square 0: it comes out as zeros (eps prevents 0 / 0)."""
    tolerance = context.tolerance
    for trial in trials:
        rows, got = _vectors(trial)
        shape = tuple(np.shape(trial.probe.args[0]))
        for k in np.flatnonzero(~rows.any(axis=1)):
            zeros = np.zeros_like(got[k])
            if within_tolerance(got[k], zeros, tolerance).all():
                continue
            where = _where(shape, int(k))
            message = (
                f"x{where} is all zeros, so its mean square is 0 and the formula gives "
                f"0 / sqrt(0 + eps) = 0 in every entry, whatever gamma is.\n"
                f"Your out{where} is {row_text(got[k])}."
            )
            if not np.isfinite(got[k]).all():
                message += (
                    "\nWithout eps (or with eps only after the square root is taken and the "
                    "division already done) this is 0 / 0 = nan. The eps inside "
                    "sqrt(mean(x**2) + eps) keeps the denominator at least sqrt(eps) > 0."
                )
            return Failure(message, trial)
        failure = compare_values(trial, tolerance)
        if failure is not None:
            return failure
    return None


@check("tiny_values")
def check_tiny_values(trials: list[Trial], context: CheckContext) -> Failure | None:
    """When the mean square is as small as eps, the output depends on where eps goes."""
    tolerance = context.tolerance
    for trial in trials:
        if not _unit_gamma(trial):
            raise ValueError("tiny_values needs probes with gamma = 1")
        rows, got = _vectors(trial)
        mismatch = value_mismatch(trial, tolerance)
        if mismatch is None:
            continue
        shape = mismatch.got.shape
        k = int(np.ravel_multi_index(mismatch.index[:-1], shape[:-1]))
        where = _where(shape, k)
        eps = _eps(trial)
        mean_square = float((rows[k] ** 2).mean())
        relation = "smaller than" if mean_square < eps else "comparable to"
        passed = " (passed in this call)" if len(trial.probe.args) > 2 else " (the default)"
        return Failure(
            f"x{where} is {row_text(rows[k])}, with mean square {mean_square:.4g}, "
            f"{relation} eps = {eps:g}{passed}, so the placement of eps matters here.\n"
            + _explain_denominator(rows[k], got[k], eps)
            + f"\nout{where} should be {row_text(mismatch.expected.reshape(rows.shape)[k])}, "
            f"and yours is {row_text(got[k])}.\n{mismatch.failure.message}",
            trial,
        )
    return None


@check("stable_for_large_values")
def check_stable_for_large_values(trials: list[Trial], context: CheckContext) -> Failure | None:
    """No overflow for entries around 1e30 and beyond, and still the right values."""
    for trial in trials:
        got = as_float_array(trial.got)
        x = np.asarray(trial.probe.args[0], dtype=np.float64)
        if got is not None and got.shape == x.shape:
            lost = ~np.isfinite(got) | ((got == 0) & (x != 0))
            if lost.any():
                largest = float(np.abs(x).max())
                return Failure(
                    f"{int(lost.sum())} of the {got.size} values you returned are 0, nan or "
                    f"inf where the input is not 0.\nThe entries of x in this call reach "
                    f"{largest:.3g}, so their squares reach {largest**2:.3g}: fine in "
                    "float64 (up to about 1.8e308) but far above the largest float32, about "
                    "3.4e38. Squares computed in float32 (or float16) become inf, the mean "
                    "square is inf, and x / inf is 0 (inf / inf is nan). Keep the whole "
                    "computation in float64, the dtype of x.",
                    trial,
                )
        failure = compare_values(trial, context.tolerance)
        if failure is not None:
            return failure
    return None
