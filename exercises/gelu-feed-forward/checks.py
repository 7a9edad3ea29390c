"""Checks written for this exercise with the graders library.

The learner returns only the block's output, never the activation. One probe design makes
the activation visible anyway: with w1 and w2 the identity matrix and both biases zero, the
output *is* gelu(x), element by element, so a wrong constant shows at the z where it matters.
"""

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
    as_float_array,
    check,
    compare_values,
    number,
    position,
    returned_array,
    tolerance_text,
    value_mismatch,
    within_tolerance,
)

_SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)


def _is_identity(matrix: Any) -> bool:
    matrix = np.asarray(matrix, dtype=np.float64)
    return (
        matrix.ndim == 2
        and matrix.shape[0] == matrix.shape[1]
        and bool(np.array_equal(matrix, np.eye(matrix.shape[0])))
    )


def _gelu_steps(z: float) -> str:
    """The tanh form of GELU at one z, step by step, as the learner can recompute it."""
    inner = z + 0.044715 * z**3
    u = _SQRT_2_OVER_PI * inner
    t = math.tanh(u)
    return (
        f"z + 0.044715 z^3 = {number(inner)}, times sqrt(2/pi) = {number(_SQRT_2_OVER_PI)} "
        f"gives u = {number(u)}, tanh(u) = {number(t)}, and 0.5 * z * (1 + tanh(u)) = "
        f"{number(0.5 * z * (1.0 + t))}"
    )


@check("gelu_elementwise")
def check_gelu_elementwise(trials: list[Trial], context: CheckContext) -> Failure | None:
    """With identity weights and zero biases the output is gelu(x) itself, element by element."""
    for trial in trials:
        x, w1, b1, w2, b2 = trial.probe.args
        if not (_is_identity(w1) and _is_identity(w2) and not np.any(b1) and not np.any(b2)):
            raise ValueError("gelu_elementwise needs identity weights and zero biases")
        returned_array(trial, np.shape(x), ", the shape of x,")
        mismatch = value_mismatch(trial, context.tolerance)
        if mismatch is None:
            continue
        index = mismatch.index
        z = float(np.asarray(x, dtype=np.float64)[index])
        got = float(mismatch.got[index])
        return Failure(
            "w1 and w2 are identity matrices and b1 = b2 = 0 in this call, so your output is "
            "your activation itself, applied to each entry of x.\n"
            f"{position(index)} of x is z = {number(z)}: your activation gives {number(got)}, but "
            f"GELU gives {number(float(mismatch.expected[index]))} "
            f"(|error| > {tolerance_text(context.tolerance)}).\n"
            f"Step by step: {_gelu_steps(z)}.",
            trial,
        )
    return None


@check("stable_for_large_activations")
def check_stable_for_large_activations(
    trials: list[Trial], context: CheckContext
) -> Failure | None:
    """No nan or inf when the pre-activations are in the hundreds, and still the right values."""
    for trial in trials:
        got = as_float_array(trial.got)
        expected = as_float_array(trial.expected)
        if got is not None and expected is not None and got.shape == expected.shape:
            bad = ~np.isfinite(got)
            if bad.any():
                x, w1, b1 = (np.asarray(a, dtype=np.float64) for a in trial.probe.args[:3])
                z = x @ w1 + b1
                return Failure(
                    f"{int(bad.sum())} of the {got.size} values you returned are nan or inf, "
                    f"for example {position(tuple(int(i) for i in np.argwhere(bad)[0])).lower()}.\n"
                    f"The pre-activations z = x @ w1 + b1 in this call run from "
                    f"{number(float(z.min()))} to {number(float(z.max()))}, so u = sqrt(2/pi) "
                    f"(z + 0.044715 z^3) reaches {number(float(_SQRT_2_OVER_PI * np.abs(z + 0.044715 * z**3).max()))}. "
                    "np.exp overflows to inf above about 709: a tanh computed from exponentials, "
                    "such as (exp(2u) - 1) / (exp(2u) + 1) or sinh / cosh, divides inf by inf, "
                    "which is nan. np.tanh is computed stably for any u: it simply saturates "
                    "at -1 and 1.",
                    trial,
                )
        failure = compare_values(trial, context.tolerance)
        if failure is not None:
            return failure
    return None


# Roundings of the two constants a learner types by hand: pi (inside sqrt(2/pi)), sqrt(2/pi)
# itself, and the cubic coefficient 0.044715.
_ROUNDED_PI = (3.14, 3.141, 3.142, 3.1416, 22 / 7)
_ROUNDED_SCALE = (0.8, 0.798, 0.7979, 0.797, 0.79)
_ROUNDED_COEFFICIENT = (0.044715, 0.0447, 0.04472, 0.0448, 0.045, 0.044, 0.04)
_SCALES = (_SQRT_2_OVER_PI, *(math.sqrt(2.0 / pi) for pi in _ROUNDED_PI), *_ROUNDED_SCALE)


def _block(args: tuple[Any, ...], scale: float, coefficient: float) -> np.ndarray[Any, Any]:
    """The feed-forward block with GELU's two constants given."""
    x, w1, b1, w2, b2 = (np.asarray(a, dtype=np.float64) for a in args)
    z = x @ w1 + b1
    hidden = 0.5 * z * (1.0 + np.tanh(scale * (z + coefficient * z**3)))
    block: np.ndarray[Any, Any] = hidden @ w2 + b2
    return block


def _wrong_trials(
    trials: list[Trial], tolerance: float
) -> list[tuple[Trial, np.ndarray[Any, Any], np.ndarray[Any, Any]]] | None:
    """(trial, got, expected) for each wrong trial, or None when one is not a float array
    of the expected shape (not a question of values)."""
    wrong = []
    for trial in trials:
        got, expected = as_float_array(trial.got), as_float_array(trial.expected)
        if got is None or expected is None or got.shape != expected.shape:
            return None
        if not within_tolerance(got, expected, tolerance).all():
            wrong.append((trial, got, expected))
    return wrong


@analysis
def rounded_constants(trials: list[Trial], context: CheckContext) -> Finding | None:
    """The block computed with pi, sqrt(2/pi) or 0.044715 rounded gives the learner's values."""
    wrong = _wrong_trials(trials, context.tolerance)
    if not wrong or any(len(trial.probe.args) != 5 for trial, _, _ in wrong):
        return None
    for scale in _SCALES:
        for coefficient in _ROUNDED_COEFFICIENT:
            if scale == _SQRT_2_OVER_PI and coefficient == 0.044715:
                continue  # the exact constants: the reference itself
            if all(
                _explains(trial, got, expected, scale, coefficient, context.tolerance)
                for trial, got, expected in wrong
            ):
                return Finding(
                    "gelu-rounded-constants",
                    "GELU's constants rounded",
                    "Your values are what GELU gives with rounded constants: "
                    f"sqrt(2/pi) as {scale:.6g} (it is {_SQRT_2_OVER_PI:.7f}...) and the cubic "
                    f"coefficient as {coefficient:g} (it is 0.044715). Each rounding changes "
                    "every activation a little, and the second layer adds those changes up: "
                    "here past the tolerance. Write the constants exactly: "
                    "`np.sqrt(2 / np.pi)` (NumPy's `np.pi`, or `math.pi`, not 3.14) and "
                    "`0.044715`.",
                )
    return None


def _explains(
    trial: Trial,
    got: np.ndarray[Any, Any],
    expected: np.ndarray[Any, Any],
    scale: float,
    coefficient: float,
    tolerance: float,
) -> bool:
    """These constants give the learner's values, and are themselves wrong on this trial."""
    with np.errstate(all="ignore"):
        theirs = _block(tuple(trial.probe.args), scale, coefficient)
    return bool(
        within_tolerance(got, theirs, tolerance).all()
        and not within_tolerance(theirs, expected, tolerance).all()
    )


@analysis
def computed_in_float16(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Every value the learner returned is a float16 number, close to the reference's: the
    block ran in half precision (cast back to float64 or not)."""
    wrong = _wrong_trials(trials, context.tolerance)
    if not wrong:
        return None
    for _, got, expected in wrong:
        if not np.isfinite(got).all() or not np.isfinite(expected).all():
            return None
        with np.errstate(all="ignore"):
            half = got.astype(np.float16).astype(np.float64)
        if not np.array_equal(half, got) or np.array_equal(half, expected):
            return None
        # float16 keeps about three significant digits; a few roundings through two matrix
        # products stay within a few percent of the largest value.
        if np.abs(got - expected).max() > 0.05 * max(1.0, float(np.abs(expected).max())):
            return None
    return Finding(
        "low-precision",
        "Computed in float16",
        "Every value you returned is a float16 number: the block ran in half precision "
        "(`astype(np.float16)`, as mixed-precision inference does), even if the result was "
        "cast back to float64 at the end. float16 keeps only about three significant "
        "digits, so each matrix product and each GELU adds rounding errors of about 0.1%, far "
        "above the tolerance, and anything above 65504 (`z**3` for `z` over about 40) "
        "overflows to `inf`. Compute in float64 all the way: no casts.",
    )
