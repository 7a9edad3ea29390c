# wrong: Ported from Gemma's RMSNorm, which stores gamma as an offset and multiplies by (1 + gamma).
# diagnosis: one-plus-gamma
# proposed: one-plus-gamma: this statement's gamma is the scale itself: multiply by gamma, not by 1 + gamma.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    normed = x / np.sqrt(np.mean(np.square(x), axis=-1, keepdims=True) + eps)
    return normed * (1.0 + gamma)
