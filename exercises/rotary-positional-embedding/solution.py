import numpy as np


def apply_rope(x):
    """Reference: rotary position embedding of x, shape (seq_len, d), interleaved pairs."""
    x = np.asarray(x, dtype=np.float64)
    seq_len, d = x.shape
    positions = np.arange(seq_len, dtype=np.float64)[:, None]          # (seq_len, 1)
    two_i = np.arange(0, d, 2, dtype=np.float64)                        # (d // 2,)
    theta = np.exp(two_i * -(np.log(10000.0) / d))[None, :]             # (1, d // 2)
    angles = positions * theta                                          # (seq_len, d // 2)
    cos, sin = np.cos(angles), np.sin(angles)
    x_even, x_odd = x[:, 0::2], x[:, 1::2]
    out = np.empty_like(x)
    out[:, 0::2] = x_even * cos - x_odd * sin
    out[:, 1::2] = x_even * sin + x_odd * cos
    return out
