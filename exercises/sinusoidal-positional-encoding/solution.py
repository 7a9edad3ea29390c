import numpy as np


def positional_encoding(max_len, d_model):
    """Reference: sinusoidal positional encoding, shape (max_len, d_model), float64."""
    positions = np.arange(max_len, dtype=np.float64)[:, None]        # (max_len, 1)
    two_i = np.arange(0, d_model, 2, dtype=np.float64)                # (d_model // 2,)
    omega = np.exp(two_i * -(np.log(10000.0) / d_model))[None, :]     # (1, d_model // 2)
    angles = positions * omega                                        # (max_len, d_model // 2)
    pe = np.zeros((max_len, d_model), dtype=np.float64)
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
