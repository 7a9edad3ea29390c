# Follows the statement's "numerically friendlier" note: omega_i = exp(-2i ln(10000)/d),
# never forming 10000 ** (2i/d). Uses np.log for the constant and reshape for broadcasting.
# The constant ln(10000) is computed once by np.log and reused for every pair.
import numpy as np


def positional_encoding(max_len, d_model):
    two_i = np.arange(0, d_model, 2, dtype=np.float64)
    omega = np.exp(-two_i * np.log(10000.0) / d_model)
    angles = np.arange(max_len, dtype=np.float64).reshape(max_len, 1) * omega.reshape(1, -1)
    result = np.zeros((max_len, d_model), dtype=np.float64)
    result[:, 0::2] = np.sin(angles)
    result[:, 1::2] = np.cos(angles)
    return result
