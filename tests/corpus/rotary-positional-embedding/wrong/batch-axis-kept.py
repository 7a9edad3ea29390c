# wrong: Ported a (batch, seq_len, d) implementation by adding x[None] up front and never removing the batch axis from the result.
# diagnosis: extra-leading-axis

import numpy as np


def apply_rope(x):
    x = x[None, :, :]                      # (batch, seq_len, d)
    _, seq_len, d = x.shape
    inv_freq = 1.0 / 10000 ** (np.arange(0, d, 2) / d)
    freqs = np.arange(seq_len)[:, None] * inv_freq   # (seq_len, d/2)
    cos = np.cos(freqs)[None]
    sin = np.sin(freqs)[None]
    out = np.empty_like(x)
    out[..., 0::2] = x[..., 0::2] * cos - x[..., 1::2] * sin
    out[..., 1::2] = x[..., 0::2] * sin + x[..., 1::2] * cos
    return out
