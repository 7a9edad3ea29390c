# Uses the standard-library math module for scalar constants: _LOG_BASE = math.log(_BASE)
# is computed once at import time, and only array work goes through NumPy.
# Leading-underscore module constants mark them as private to the module.
import math

import numpy as np

_BASE = 10000.0
_LOG_BASE = math.log(_BASE)


def positional_encoding(max_len, d_model):
    scale = -_LOG_BASE / d_model
    inv_freq = np.exp(np.arange(0, d_model, 2) * scale)
    angles = np.arange(max_len)[:, np.newaxis] * inv_freq[np.newaxis, :]
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
