import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    # the spread of each vector: its standard deviation, squared
    deviations = x - x.mean(axis=-1, keepdims=True)
    spread = (deviations**2).mean(axis=-1, keepdims=True)
    return gamma * x / np.sqrt(spread + eps)
