# wrong: Normalises over axis 0 (across the batch, like BatchNorm) instead of over the features.
# diagnosis: statistics-over-first-axis
# proposed: wrong-axis: the RMS is taken over the last axis (each vector's d features), not over the batch.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    return x / np.sqrt(np.mean(x**2, axis=0, keepdims=True) + eps) * gamma
