# mypy user: numpy.typing aliases, a tuple[float, NDArray] return annotation and a docstring.
from __future__ import annotations

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
IntArray = npt.NDArray[np.int64]


def softmax_cross_entropy(logits: FloatArray, labels: IntArray) -> tuple[float, FloatArray]:
    """Mean cross-entropy of softmax(logits) against integer labels, and its gradient."""
    n: int = logits.shape[0]
    rows: IntArray = np.arange(n)
    shifted: FloatArray = logits - np.max(logits, axis=1, keepdims=True)
    log_probs: FloatArray = shifted - np.log(np.sum(np.exp(shifted), axis=1, keepdims=True))
    loss: float = float(-np.mean(log_probs[rows, labels]))
    grad: FloatArray = np.exp(log_probs)
    grad[rows, labels] -= 1.0
    grad /= n
    return loss, grad
