# wrong: takes the variance with ddof=1 (like torch.var's default), dividing by d - 1 instead of d.
# diagnosis: unbiased-variance

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, ddof=1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * gamma + beta
