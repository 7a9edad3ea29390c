import numpy as np

EPS = 1e-6


def rms_norm(x, gamma, eps=1e-6):
    rms = np.sqrt(np.mean(x**2, axis=-1, keepdims=True) + EPS)
    return x / rms * gamma
