# wrong: writes the variance by hand and divides the sum of squares by d - 1 out of habit.
# diagnosis: unbiased-variance

import numpy as np


def layer_norm(x: np.ndarray, gamma: np.ndarray, beta: np.ndarray, eps: float = 1e-5) -> np.ndarray:
    d = x.shape[-1]
    mu = np.sum(x, axis=-1, keepdims=True) / d
    diff = x - mu
    sigma_sq = np.sum(diff * diff, axis=-1, keepdims=True) / (d - 1)
    x_hat = diff / np.sqrt(sigma_sq + eps)
    return gamma * x_hat + beta
