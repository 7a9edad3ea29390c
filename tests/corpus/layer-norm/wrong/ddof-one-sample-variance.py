# wrong: uses the sample (unbiased) variance with ddof=1, as a statistics-course learner would.
# diagnosis: unbiased-variance

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, ddof=1, keepdims=True)
    return (x - mean) / np.sqrt(var + eps) * gamma + beta
