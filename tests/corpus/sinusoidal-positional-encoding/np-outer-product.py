# Takes the statement's hint literally: "an outer product of the position vector and the
# frequency vector", so it calls np.outer explicitly instead of relying on broadcasting.
# Frequencies use the log form exp(-2i ln(10000) / d_model).
import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.arange(max_len, dtype=float)
    freqs = np.exp(-np.arange(0, d_model, 2) * np.log(10000.0) / d_model)
    angles = np.outer(positions, freqs)
    out = np.empty((max_len, d_model))
    out[:, ::2] = np.sin(angles)
    out[:, 1::2] = np.cos(angles)
    return out
