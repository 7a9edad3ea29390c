# Fully annotated with numpy.typing; a mypy --strict user. Docstrings on both functions.
from __future__ import annotations

import numpy as np
import numpy.typing as npt

Array = npt.NDArray[np.float64]


def gelu(z: Array) -> Array:
    """GELU, tanh approximation (as in GPT-2)."""
    inner: Array = np.sqrt(2.0 / np.pi) * (z + 0.044715 * np.power(z, 3))
    result: Array = 0.5 * z * (1.0 + np.tanh(inner))
    return result


def feed_forward(x: Array, w1: Array, b1: Array, w2: Array, b2: Array) -> Array:
    """Position-wise feed-forward: gelu(x @ w1 + b1) @ w2 + b2."""
    hidden: Array = gelu(x @ w1 + b1)
    output: Array = hidden @ w2 + b2
    return output
