# wrong: centres and scales x with -= and /= to avoid temporaries, overwriting the caller's array.
# diagnosis: centres-in-place

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x -= x.mean(axis=-1, keepdims=True)
    x /= np.sqrt((x ** 2).mean(axis=-1, keepdims=True) + eps)
    return x * gamma + beta
