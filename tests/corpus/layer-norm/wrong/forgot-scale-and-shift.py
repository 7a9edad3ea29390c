# wrong: stops after normalising and never applies gamma and beta.
# diagnosis: affine-omitted

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """Normalise every vector along the last axis."""
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    x_hat = (x - mean) / np.sqrt(var + eps)
    return x_hat
