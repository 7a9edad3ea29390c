# Learner from a typed codebase who names the pair: a typing.NamedTuple (loss, grad), which is
# still the tuple the statement asks for, and reads better at the call site.
from typing import NamedTuple

import numpy as np


class LossAndGrad(NamedTuple):
    loss: float
    grad: np.ndarray


def mse_loss_and_grad(X, y, w):
    residual = X @ w - y
    return LossAndGrad(loss=float(np.mean(residual**2)), grad=2.0 * X.T @ residual / X.shape[0])
