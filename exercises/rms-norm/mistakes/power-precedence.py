import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    inv_rms = (np.mean(x**2, axis=-1, keepdims=True) + eps) ** -1/2
    return x * inv_rms * gamma
