# wrong: divides the centred vector by var + eps, forgetting the square root.
# diagnosis: missing-sqrt

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    variance = ((x - mean) ** 2).mean(axis=-1, keepdims=True)
    x_norm = (x - mean) / (variance + eps)
    return x_norm * gamma + beta
