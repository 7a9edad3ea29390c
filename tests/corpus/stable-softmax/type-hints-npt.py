# A mypy --strict user: numpy.typing aliases, annotated locals, a docstring.
from __future__ import annotations

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]


def softmax(x: FloatArray, axis: int = -1) -> FloatArray:
    """Numerically stable softmax of x along axis."""
    peak: FloatArray = np.max(x, axis=axis, keepdims=True)
    weights: FloatArray = np.exp(x - peak)
    total: FloatArray = np.sum(weights, axis=axis, keepdims=True)
    return weights / total
