import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    rows = x.reshape(-1, x.shape[-1])
    out = np.empty_like(rows)
    for i, row in enumerate(rows):
        out[i] = row / np.sqrt(np.mean(row**2) + eps) * gamma
    return out.reshape(x.shape)
