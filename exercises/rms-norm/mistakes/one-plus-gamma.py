import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    normed = x / np.sqrt(np.mean(x**2, axis=-1, keepdims=True) + eps)
    return normed * (1.0 + gamma)      # as Gemma stores its scale
