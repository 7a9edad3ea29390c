import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    rms = np.sqrt(np.mean(np.square(x), axis=-1, keepdims=True) + eps)
    return gamma * (x * rms)
