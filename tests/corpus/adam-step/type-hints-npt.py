# Typed learner: numpy.typing annotations everywhere and a type alias for the result.
from __future__ import annotations

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]
AdamResult = tuple[FloatArray, FloatArray, FloatArray]


def adam_step(
    param: FloatArray,
    grad: FloatArray,
    m: FloatArray,
    v: FloatArray,
    t: int,
    lr: float = 1e-3,
    beta1: float = 0.9,
    beta2: float = 0.999,
    eps: float = 1e-8,
) -> AdamResult:
    new_m: FloatArray = beta1 * m + (1.0 - beta1) * grad
    new_v: FloatArray = beta2 * v + (1.0 - beta2) * grad * grad
    m_hat: FloatArray = new_m / (1.0 - beta1**t)
    v_hat: FloatArray = new_v / (1.0 - beta2**t)
    new_param: FloatArray = param - lr * m_hat / (np.sqrt(v_hat) + eps)
    return new_param, new_m, new_v
