# A linear-algebra learner who builds the actual 2x2 rotation matrices,
# one per (position, pair): an array R of shape (seq_len, d/2, 2, 2), and
# applies them to the pairs (reshaped to (seq_len, d/2, 2)) with np.einsum.
import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = 10000.0 ** (-2.0 * np.arange(d // 2) / d)
    a = np.arange(seq_len)[:, None] * theta[None, :]
    c, s = np.cos(a), np.sin(a)
    R = np.stack([np.stack([c, -s], axis=-1), np.stack([s, c], axis=-1)], axis=-2)
    pairs = x.reshape(seq_len, d // 2, 2)
    rotated = np.einsum("pirc,pic->pir", R, pairs)
    return rotated.reshape(seq_len, d)
