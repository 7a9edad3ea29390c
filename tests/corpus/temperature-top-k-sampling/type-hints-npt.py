# mypy user: numpy.typing aliases throughout, a docstring and annotated intermediates.
from __future__ import annotations

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


def sample(logits: FloatArray, temperature: float, k: int, uniform: FloatArray) -> IntArray:
    """Top-k, temperature-scaled sampling by inverse CDF, one token per row."""
    kth: FloatArray = np.partition(logits, -k, axis=1)[:, -k][:, np.newaxis]
    masked: FloatArray = np.where(logits >= kth, logits, -np.inf)
    scaled: FloatArray = masked / temperature
    weights: FloatArray = np.exp(scaled - np.max(scaled, axis=1, keepdims=True))
    probs: FloatArray = weights / np.sum(weights, axis=1, keepdims=True)
    above: npt.NDArray[np.bool_] = np.cumsum(probs, axis=1) > uniform[:, np.newaxis]
    return np.argmax(above, axis=1).astype(np.int64)
