# Fully annotated with numpy.typing: `from __future__ import annotations`, NDArray[np.floating]
# parameters, an ArrayLike-free strict signature and annotated locals such as
# `mu: npt.NDArray[np.floating] = ...`. A mypy user's submission.
from __future__ import annotations

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.floating]


def layer_norm(x: FloatArray, gamma: FloatArray, beta: FloatArray, eps: float = 1e-5) -> FloatArray:
    """Normalise each vector along the last axis, then scale by gamma and shift by beta."""
    mu: FloatArray = np.mean(x, axis=-1, keepdims=True)
    var: FloatArray = np.var(x, axis=-1, keepdims=True)
    x_hat: FloatArray = (x - mu) / np.sqrt(var + eps)
    y: FloatArray = gamma * x_hat + beta
    return y
