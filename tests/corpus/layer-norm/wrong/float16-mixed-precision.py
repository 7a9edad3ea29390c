# wrong: casts to float16 "like mixed-precision training" and returns half-precision values.
# diagnosis: low-precision

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    h = x.astype(np.float16)
    mean = h.mean(axis=-1, keepdims=True)
    var = h.var(axis=-1, keepdims=True)
    out = (h - mean) / np.sqrt(var + np.float16(eps))
    return out * gamma.astype(np.float16) + beta.astype(np.float16)
