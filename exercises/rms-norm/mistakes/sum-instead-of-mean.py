import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    sum_squares = np.sum(x**2, axis=-1, keepdims=True)
    return x / np.sqrt(sum_squares + eps) * gamma
