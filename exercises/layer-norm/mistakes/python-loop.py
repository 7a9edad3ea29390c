import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    rows = x.reshape(-1, d)
    out = np.zeros(rows.shape)
    for r in range(rows.shape[0]):
        row = rows[r]
        mean = row.mean()
        var = ((row - mean) ** 2).mean()
        out[r] = (row - mean) / np.sqrt(var + eps) * gamma + beta
    return out.reshape(x.shape)
