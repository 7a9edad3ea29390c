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
    Trial,
    as_float_array,
    check,
    compare_values,
    number,
    position,
    returned_array,
    tolerance_text,
    value_mismatch,
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
