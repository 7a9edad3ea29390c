# A dtype-conscious learner: the angles are always computed in float64
# (large pos * theta needs the precision), but the result is returned in
# the input's floating dtype, so float32 in gives float32 out.
import numpy as np


def apply_rope(x):
    out_dtype = x.dtype if np.issubdtype(x.dtype, np.floating) else np.dtype(np.float64)
    seq_len, d = x.shape
    theta = 10000.0 ** (-np.arange(0, d, 2, dtype=np.float64) / d)
    angles = np.arange(seq_len, dtype=np.float64)[:, None] * theta[None, :]
    cos, sin = np.cos(angles), np.sin(angles)
    x64 = x.astype(np.float64)
    y = np.empty((seq_len, d), dtype=np.float64)
    y[:, ::2] = x64[:, ::2] * cos - x64[:, 1::2] * sin
    y[:, 1::2] = x64[:, ::2] * sin + x64[:, 1::2] * cos
    return y.astype(out_dtype)
