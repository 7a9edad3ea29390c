# wrong: uses np.var(..., ddof=1), the sample variance from statistics class, in the layer norm.
# diagnosis: unbiased-variance
# proposed: unbiased-variance: Layer norm uses the population variance (divide by d_model, ddof=0), not the sample variance.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, ddof=1, keepdims=True)
    h = (x - mean) / np.sqrt(var + eps) * gamma + beta
    z = h @ w1 + b1
    z = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))
    return x + z @ w2 + b2
