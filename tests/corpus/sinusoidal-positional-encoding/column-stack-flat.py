# Flattens the sine and cosine tables (row-major), glues them as two columns with
# np.column_stack -> rows (sin, cos) for each (pos, i) in order, and reshapes back.
# Because ravel() walks the pairs in row order, the reshape yields sin, cos, sin, cos...
import numpy as np


def positional_encoding(max_len, d_model):
    freq = np.exp(-np.log(10000.0) * np.arange(0, d_model, 2) / d_model)
    angles = np.arange(max_len)[:, None] * freq
    pairs = np.column_stack((np.sin(angles).ravel(), np.cos(angles).ravel()))
    return pairs.reshape(max_len, d_model)
