# np.dstack puts the sine and cosine tables side by side on a third axis, giving
# shape (max_len, d/2, 2); reshaping to (max_len, d) interleaves them.
# Quick, readable, and a little bit of a NumPy party trick.
import numpy as np


def positional_encoding(max_len, d_model):
    ang = np.arange(max_len)[:, None] * (1.0 / 10000.0 ** (np.arange(0, d_model, 2) / d_model))
    return np.dstack((np.sin(ang), np.cos(ang))).reshape(max_len, d_model)
