# Starts with the sine table and uses np.insert to slot each cosine column in right after
# its sine column: inserting before original indices 1, 2, ..., d/2 places cos_i after sin_i.
# A bit unusual, but np.insert takes all the positions at once, so it is still vectorised.
import numpy as np


def positional_encoding(max_len, d_model):
    half = d_model // 2
    angles = np.outer(np.arange(max_len), np.exp(np.arange(half) * (-2.0 * np.log(10000.0) / d_model)))
    sines = np.sin(angles)
    cosines = np.cos(angles)
    return np.insert(sines, np.arange(1, half + 1), cosines, axis=1)
