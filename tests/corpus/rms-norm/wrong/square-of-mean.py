# wrong: Squares the mean instead of averaging the squares: sqrt(mean(x)**2 + eps), i.e. |mean(x)|.
# diagnosis: square-of-mean
# proposed: square-of-mean: square every entry first, then average; mean(x)**2 is not mean(x**2).

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    return x / np.sqrt(np.mean(x, axis=-1, keepdims=True) ** 2 + eps) * gamma
