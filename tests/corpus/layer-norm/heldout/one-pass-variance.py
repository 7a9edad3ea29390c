# wrong: computes the variance with the one-pass shortcut E[x^2] - E[x]^2, which cancels catastrophically for vectors around 1e7.
# diagnosis: one-pass-variance

import numpy as np


def layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float = 1e-5) -> np.ndarray:
    mu = x.mean(axis=-1, keepdims=True)
    mean_sq = (x * x).mean(axis=-1, keepdims=True)
    var = mean_sq - mu ** 2
    x_hat = (x - mu) / np.sqrt(var + eps)
    return x_hat * gamma + beta
