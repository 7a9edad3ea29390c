# wrong: leaves eps out of the formula entirely, so a constant vector gives nan.
# diagnosis: no-eps

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = x.mean(axis=-1, keepdims=True)
    sigma = x.std(axis=-1, keepdims=True)
    return gamma * ((x - mu) / sigma) + beta
