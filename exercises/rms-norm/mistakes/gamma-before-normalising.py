import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    weighted = gamma * x
    mean_square = np.mean(weighted * weighted, axis=-1, keepdims=True)
    return weighted / np.sqrt(mean_square + eps)
