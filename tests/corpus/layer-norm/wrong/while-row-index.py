# wrong: walks over the rows with a while loop and an index counter (values right, but a Python loop).
# diagnosis: python-loop, loop-while

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    shape = x.shape
    x2 = x.reshape(-1, shape[-1]).astype(float)
    result = np.zeros_like(x2)
    i = 0
    while i < len(x2):
        mean = np.mean(x2[i])
        std = np.sqrt(np.var(x2[i]) + eps)
        result[i] = (x2[i] - mean) / std * gamma + beta
        i += 1
    return result.reshape(shape)
