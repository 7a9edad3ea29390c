import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    """Reference: x + feed_forward(layer_norm(x)), GELU in its tanh form, stable variance."""
    x = np.asarray(x, dtype=np.float64)
    mean = x.mean(axis=-1, keepdims=True)                        # (T, 1)
    centred = x - mean                                           # a new array: x is untouched
    var = (centred**2).mean(axis=-1, keepdims=True)              # population variance, two passes
    normed = centred / np.sqrt(var + eps) * gamma + beta         # (T, d_model)
    z = normed @ w1 + b1                                         # (T, d_ff)
    h = 0.5 * z * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * z**3)))
    return x + (h @ w2 + b2)                                     # the residual adds the raw x
