# wrong: normalises x in place with augmented assignments and forgets to return anything.
# diagnosis: returns-none

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    x -= mean
    x /= np.sqrt(var + eps)
    x *= gamma
    x += beta
