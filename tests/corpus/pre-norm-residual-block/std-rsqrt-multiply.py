# Performance-minded learner: one reciprocal square root per row, multiplied in, and the bias
# folded into the matmul output with np.add(..., out=...) on a fresh array.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    centred = x - np.mean(x, axis=-1, keepdims=True)
    inv_std = 1.0 / np.sqrt(np.mean(np.square(centred), axis=-1, keepdims=True) + eps)
    h = centred * inv_std * gamma + beta
    z = np.add(h @ w1, b1)
    g = z * 0.5 * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * z * (1.0 + 0.044715 * np.square(z))))
    out = g @ w2
    np.add(out, b2, out=out)
    return np.add(x, out)
