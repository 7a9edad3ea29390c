# Input validation with try/except: the sizes are coerced with operator.index (so floats
# like 4.5 are refused but NumPy integers are fine) and a TypeError is re-raised as a
# ValueError with a friendly message. Odd d_model is refused as well.
import operator

import numpy as np


def positional_encoding(max_len, d_model):
    try:
        max_len = operator.index(max_len)
        d_model = operator.index(d_model)
    except TypeError as exc:
        raise ValueError("max_len and d_model must be integers") from exc
    if d_model % 2 != 0:
        raise ValueError("d_model must be even")
    if max_len < 0:
        raise ValueError("max_len must be non-negative")

    angles = np.arange(max_len)[:, None] * np.exp(np.arange(0, d_model, 2) * (-np.log(10000.0) / d_model))
    pe = np.empty((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
