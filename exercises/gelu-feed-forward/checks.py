"""gelu-feed-forward's checks and analyses; the words are in messages.toml.

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
    check_each,
    got_array,
    mismatch_values,
    transformation,
    value_mismatch,
    wrong_trials,
)

SQRT_2_OVER_PI = math.sqrt(2.0 / math.pi)


@check_each("gelu_elementwise")
def check_gelu_elementwise(trial: Trial, context: CheckContext) -> Failure | None:
    """With identity weights and zero biases the output is gelu(x) itself, element by element."""
    x, w1, b1, w2, b2 = trial.probe.args
    if not all(np.array_equal(w, np.eye(len(w))) for w in (w1, w2)) or np.any(b1) or np.any(b2):
        raise ValueError("gelu_elementwise needs identity weights and zero biases")
    if (mismatch := value_mismatch(trial, context.tolerance)) is None:
        return None
    z = float(x[mismatch.index])
    u = SQRT_2_OVER_PI * (z + 0.044715 * z**3)
    return context.fail("not-gelu", **mismatch_values(mismatch), z=z, u=u, tanh=math.tanh(u))


# Roundings of the two constants a learner types by hand, worded as typed (4 decimals would hide
# 0.0447): pi (inside sqrt(2/pi)), sqrt(2/pi) itself, and the cubic coefficient 0.044715.
ROUNDED_PI = (3.14, 3.141, 3.142, 3.1416, 22 / 7)
ROUNDED_SCALE = (0.8, 0.798, 0.7979, 0.797, 0.79)
ROUNDED = {
    "scale": (SQRT_2_OVER_PI, *(math.sqrt(2 / pi) for pi in ROUNDED_PI), *ROUNDED_SCALE),
    "coefficient": (0.044715, 0.0447, 0.04472, 0.0448, 0.045, 0.044, 0.04),
}


@transformation("gelu-rounded-constants", grid=ROUNDED, typed=("scale", "coefficient"))
def rounded_constants(
    reference: Any, x: Any, w1: Any, b1: Any, w2: Any, b2: Any, *, scale: float, coefficient: float
) -> Any:
    z = np.asarray(x, dtype=np.float64) @ w1 + b1
    return 0.5 * z * (1.0 + np.tanh(scale * (z + coefficient * z**3))) @ w2 + b2


@analysis
def computed_in_float16(trials: list[Trial], context: CheckContext) -> Finding | None:
    """Every value the learner returned is a float16 number, not the reference's own, within a
    few percent of its largest value (float16 keeps about three significant digits; two matrix
    products add a few roundings): the block ran in half precision, cast back or not."""
    wrong = wrong_trials(trials, context.tolerance) or []
    for trial in wrong:
        got, expected = got_array(trial), np.asarray(trial.expected, dtype=np.float64)
        with np.errstate(all="ignore"):
            half = got.astype(np.float16).astype(np.float64)
            near = np.abs(got - expected).max() <= 0.05 * max(1.0, np.abs(expected).max())
        if not (np.isfinite(got).all() and np.isfinite(expected).all() and near):
            return None
        if not np.array_equal(half, got) or np.array_equal(half, expected):
            return None
    return context.finding("low-precision") if wrong else None
