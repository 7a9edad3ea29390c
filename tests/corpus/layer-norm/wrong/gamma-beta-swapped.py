# wrong: multiplies by beta and adds gamma, mixing up which letter is the scale and which the shift.
# diagnosis: gamma-beta-swapped, arguments-swapped

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    x_hat = (x - mean) / np.sqrt(var + eps)
    return beta * x_hat + gamma
