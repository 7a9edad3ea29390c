import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    centred = x - x.mean(axis=-1, keepdims=True)
    var = np.sum(centred**2) / d                    # no axis: summed over every vector at once
    return centred / np.sqrt(var + eps) * gamma + beta
