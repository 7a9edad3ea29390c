# wrong: centres x in place (x -= mean) to save a temporary, so the caller's x is changed even though the residual adds the mean back.
# diagnosis: centres-in-place

import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    x -= mean
    var = (x ** 2).mean(axis=-1, keepdims=True)
    normed = x / np.sqrt(var + eps) * gamma + beta
    residual = x + mean  # undo the centring for the skip connection
    z = normed @ w1 + b1
    h = 0.5 * z * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * z ** 3)))
    return residual + h @ w2 + b2
