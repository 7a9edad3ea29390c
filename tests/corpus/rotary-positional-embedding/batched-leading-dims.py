# A learner who anticipates multi-head use and lets x have any number of
# leading dimensions (..., seq_len, d): positions come from x.shape[-2]
# and the (seq_len, d/2) tables broadcast over the batch axes.
import numpy as np


def apply_rope(x):
    x = np.asarray(x, dtype=np.float64)
    seq_len, d = x.shape[-2], x.shape[-1]
    inv_freq = 10000.0 ** (-np.arange(0, d, 2) / d)
    freqs = np.arange(seq_len)[:, None] * inv_freq
    cos, sin = np.cos(freqs), np.sin(freqs)
    x_even, x_odd = x[..., ::2], x[..., 1::2]
    out = np.empty_like(x)
    out[..., ::2] = x_even * cos - x_odd * sin
    out[..., 1::2] = x_even * sin + x_odd * cos
    return out
