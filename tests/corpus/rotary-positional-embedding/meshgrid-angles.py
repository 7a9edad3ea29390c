# A learner used to plotting code who builds the angle table from
# np.meshgrid (indexing="ij") of positions and pair frequencies, then
# multiplies the two grids elementwise.
import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    positions = np.arange(seq_len, dtype=float)
    freqs = 10000.0 ** (-2.0 * np.arange(d // 2) / d)
    P, F = np.meshgrid(positions, freqs, indexing="ij")
    A = P * F
    C, S = np.cos(A), np.sin(A)
    x_e, x_o = x[:, ::2], x[:, 1::2]
    y = np.empty((seq_len, d))
    y[:, ::2] = x_e * C - x_o * S
    y[:, 1::2] = x_e * S + x_o * C
    return y
