# wrong: Added 1 to the position column "so the first token is position 1", shifting every angle by one step.
# diagnosis: positions-start-at-1

import numpy as np

BASE = 10000.0


def apply_rope(x):
    n_pos, dim = x.shape
    pos = (np.arange(n_pos) + 1).reshape(-1, 1).astype(float)
    inv_freq = np.power(BASE, -np.arange(0, dim, 2) / dim)
    ang = pos @ inv_freq.reshape(1, -1)
    out = x.copy()
    out[:, ::2] = x[:, ::2] * np.cos(ang) - x[:, 1::2] * np.sin(ang)
    out[:, 1::2] = x[:, ::2] * np.sin(ang) + x[:, 1::2] * np.cos(ang)
    return out
