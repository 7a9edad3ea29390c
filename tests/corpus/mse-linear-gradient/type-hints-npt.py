# mypy user: numpy.typing aliases, a tuple[float, NDArray] return annotation and a docstring.
from __future__ import annotations

import numpy as np
import numpy.typing as npt

FloatArray = npt.NDArray[np.float64]


def mse_loss_and_grad(
    X: FloatArray, y: FloatArray, w: FloatArray
) -> tuple[float, FloatArray]:
    """Mean squared error of X @ w against y, and its gradient with respect to w."""
    n: int = X.shape[0]
    residual: FloatArray = X @ w - y
    loss: float = float(np.mean(np.square(residual)))
    grad: FloatArray = (2.0 / n) * (X.T @ residual)
    return loss, grad
