# Makes the broadcasting explicit with np.broadcast_to: both the position column and the
# frequency row are expanded to (max_len, d_model/2) before the element-wise product,
# for someone who wants to see the full grids rather than trust implicit broadcasting.
import numpy as np


def positional_encoding(max_len, d_model):
    half = d_model // 2
    pos = np.broadcast_to(np.arange(max_len, dtype=float)[:, None], (max_len, half))
    freq = np.broadcast_to(np.exp(-np.arange(half) * 2.0 * np.log(10000.0) / d_model), (max_len, half))
    angles = pos * freq
    pe = np.empty((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
