# Nested helpers inside the entry function: `mean_last` and `normalize` close over eps and
# only exist for the duration of the call. Reads top-down like a recipe, with the
# affine step last.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    def mean_last(a):
        return np.mean(a, axis=-1, keepdims=True)

    def normalize(a):
        centred = a - mean_last(a)
        return centred / np.sqrt(mean_last(centred ** 2) + eps)

    return normalize(x) * gamma + beta
