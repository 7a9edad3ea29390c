# mypy user: numpy.typing aliases on every parameter and local, a docstring, nothing clever.
from __future__ import annotations

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]


def gelu(z: Array) -> Array:
    """GELU in the tanh form used by GPT-2."""
    inner: Array = np.sqrt(2.0 / np.pi) * (z + 0.044715 * np.power(z, 3))
    return 0.5 * z * (1.0 + np.tanh(inner))


def pre_norm_block(
    x: Array,
    gamma: Array,
    beta: Array,
    w1: Array,
    b1: Array,
    w2: Array,
    b2: Array,
    eps: float = 1e-5,
) -> Array:
    """x + FFN(LayerNorm(x)), the pre-norm residual sub-layer."""
    mu: Array = np.mean(x, axis=-1, keepdims=True)
    var: Array = np.var(x, axis=-1, keepdims=True)
    normed: Array = (x - mu) / np.sqrt(var + eps) * gamma + beta
    hidden: Array = gelu(normed @ w1 + b1)
    out: Array = hidden @ w2 + b2
    return x + out
