# Fills the output through a view: allocates (L, d/2, 2) storage, takes np.moveaxis so
# that axis 0 of the view selects sin or cos, writes both, then reshapes the buffer.
# A learner experimenting with views; every write goes into the final buffer.
import numpy as np


def positional_encoding(max_len, d_model):
    half = d_model // 2
    angles = np.arange(max_len)[:, None] * np.exp(-2.0 * np.arange(half) * np.log(10000.0) / d_model)
    buf = np.empty((max_len, half, 2))
    parts = np.moveaxis(buf, -1, 0)     # view of shape (2, L, d/2)
    parts[0] = np.sin(angles)
    parts[1] = np.cos(angles)
    return buf.reshape(max_len, d_model)
