import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    magnitude = np.abs(x).mean(axis=-1, keepdims=True)
    return x / (magnitude + eps) * gamma
