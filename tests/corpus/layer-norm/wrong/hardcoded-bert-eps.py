# wrong: copies BERT's LayerNorm and hard-codes eps=1e-12, ignoring the eps argument.
# diagnosis: eps-argument-ignored

import numpy as np

LAYER_NORM_EPS = 1e-12  # from the BERT config


def layer_norm(x, gamma, beta, eps=1e-5):
    u = x.mean(-1, keepdims=True)
    s = ((x - u) ** 2).mean(-1, keepdims=True)
    x = (x - u) / np.sqrt(s + LAYER_NORM_EPS)
    return gamma * x + beta
