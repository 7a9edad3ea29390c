import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    xf = x.astype(np.float32)
    mean_square = np.mean(xf * xf, axis=-1, keepdims=True)
    return (xf / np.sqrt(mean_square + np.float32(eps)) * gamma).astype(x.dtype)
