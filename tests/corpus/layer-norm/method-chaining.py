# Uses ndarray methods instead of module functions: x.mean(axis=-1, keepdims=True) and
# x.var(axis=-1, keepdims=True). np.asarray first so lists or other array-likes work too.
# Someone who prefers reading x.method() chains left to right.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x = np.asarray(x, dtype=float)
    centered = x - x.mean(axis=-1, keepdims=True)
    return centered / np.sqrt(x.var(axis=-1, keepdims=True) + eps) * gamma + beta
