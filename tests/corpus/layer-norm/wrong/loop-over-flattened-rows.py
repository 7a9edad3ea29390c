# wrong: flattens to (-1, d) and normalises one row at a time in a for loop (values right, but a Python loop).
# diagnosis: python-loop, loop-for

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    rows = x.reshape(-1, d)
    out = np.empty_like(rows, dtype=float)
    for i in range(rows.shape[0]):
        r = rows[i]
        mu = r.mean()
        var = ((r - mu) ** 2).mean()
        out[i] = gamma * (r - mu) / np.sqrt(var + eps) + beta
    return out.reshape(x.shape)
