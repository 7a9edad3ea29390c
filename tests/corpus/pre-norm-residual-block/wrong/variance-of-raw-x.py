# wrong: subtracts the mean but takes the "variance" as mean(x**2) of the uncentred x.
# diagnosis: variance-not-centred
# proposed: variance-not-centred: The variance is the mean of (x - mean)**2; mean(x**2) is only the variance when the mean is zero.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    mean = x.mean(-1, keepdims=True)
    var = (x**2).mean(-1, keepdims=True)
    h = (x - mean) / np.sqrt(var + eps) * gamma + beta
    z = h @ w1 + b1
    z = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))
    return x + z @ w2 + b2
