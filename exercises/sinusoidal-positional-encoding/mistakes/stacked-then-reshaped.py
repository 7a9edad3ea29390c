import numpy as np


def positional_encoding(max_len, d_model):
    pos = np.arange(max_len)[:, None]
    omega = 1.0 / 10000.0 ** (np.arange(0, d_model, 2) / d_model)
    angles = pos * omega
    both = np.vstack([np.sin(angles), np.cos(angles)])     # (2 * max_len, d_model // 2)
    return both.reshape(max_len, d_model)
