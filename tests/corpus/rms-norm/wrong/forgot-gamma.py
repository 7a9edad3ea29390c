# wrong: Returns the normalised x without multiplying by gamma ("gamma starts at ones anyway").
# diagnosis: gamma-ignored
# proposed: forgot-gamma: multiply the normalised vector by gamma, feature by feature.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    return x / np.sqrt(np.mean(x**2, axis=-1, keepdims=True) + eps)
