# Same rotation-matrix idea but with the @ operator: the pairs are treated
# as column vectors of shape (..., 2, 1), the (seq_len, d/2, 2, 2) matrices
# are multiplied on the left with broadcasting matmul, and the result is
# squeezed and flattened back to (seq_len, d).
import numpy as np


def _rotation_matrices(angles):
    cos, sin = np.cos(angles), np.sin(angles)
    top = np.stack([cos, -sin], axis=-1)
    bottom = np.stack([sin, cos], axis=-1)
    return np.stack([top, bottom], axis=-2)


def apply_rope(x):
    x = np.asarray(x, dtype=float)
    seq_len, d = x.shape
    theta = 1.0 / np.power(10000.0, np.arange(0, d, 2) / d)
    angles = np.arange(seq_len)[:, None] * theta
    pairs = x.reshape(seq_len, d // 2, 2, 1)
    out = _rotation_matrices(angles) @ pairs
    return out.reshape(seq_len, d)
