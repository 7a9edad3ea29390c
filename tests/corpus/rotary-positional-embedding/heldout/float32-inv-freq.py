# wrong: copies the float32 inv_freq buffer of HuggingFace's rotary embedding, so the angles (and the output) carry float32 rounding.
# diagnosis: none
# proposed: angles-in-float32: The angles pos * theta_i must be computed in float64; float32 frequencies put errors of about 1e-7 * pos radians in every rotation.

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    inv_freq = 1.0 / (10000 ** (np.arange(0, d, 2).astype(np.float32) / d))
    t = np.arange(seq_len, dtype=np.float32)
    angles = np.outer(t, inv_freq)              # float32, as in the reference implementation
    cos, sin = np.cos(angles), np.sin(angles)
    out = np.empty_like(x)
    out[:, 0::2] = x[:, 0::2] * cos - x[:, 1::2] * sin
    out[:, 1::2] = x[:, 0::2] * sin + x[:, 1::2] * cos
    return out
