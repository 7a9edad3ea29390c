# wrong: recurses into the leading axes until it reaches a single vector (values right, but recursion over vectors).
# diagnosis: python-loop, loop-recursion

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x = np.asarray(x, dtype=float)
    if x.ndim == 1:
        mu = x.mean()
        var = np.mean((x - mu) ** 2)
        return gamma * (x - mu) / np.sqrt(var + eps) + beta
    return np.array([layer_norm(sub, gamma, beta, eps) for sub in x]).reshape(x.shape)
