import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    mean_square = np.mean(x**2, axis=-1, keepdims=True)
    return x / (mean_square + eps) * gamma
