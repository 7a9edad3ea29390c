# wrong: maps a lambda over the rows of the flattened input (values right, but a loop via map).
# diagnosis: python-loop, loop-map

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    norm = lambda r: (r - r.mean()) / np.sqrt(r.var() + eps) * gamma + beta
    return np.array(list(map(norm, x.reshape(-1, d)))).reshape(x.shape)
