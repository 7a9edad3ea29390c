# wrong: normalises each row in a list comprehension and stacks the results (values right, but a comprehension loop).
# diagnosis: python-loop, loop-comprehension

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    flat = x.reshape(-1, x.shape[-1])
    rows = [(r - r.mean()) / np.sqrt(r.var() + eps) * gamma + beta for r in flat]
    return np.stack(rows).reshape(x.shape)
