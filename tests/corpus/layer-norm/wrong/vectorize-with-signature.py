# wrong: uses np.vectorize with a gufunc signature, believing it vectorises (values right, but a Python loop inside).
# diagnosis: python-loop, loop-vectorize

import numpy as np


def _one(v: np.ndarray, g: np.ndarray, b: np.ndarray, eps: float) -> np.ndarray:
    c = v - v.mean()
    return g * c / np.sqrt((c * c).mean() + eps) + b


_layer_norm_vec = np.vectorize(_one, signature="(d),(d),(d),()->(d)")


def layer_norm(x, gamma, beta, eps=1e-5):
    return _layer_norm_vec(x, gamma, beta, eps)
