import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    centred = x - x.mean(axis=-1, keepdims=True)
    rms = np.sqrt((centred**2).mean(axis=-1, keepdims=True) + eps)
    return centred / rms * gamma
