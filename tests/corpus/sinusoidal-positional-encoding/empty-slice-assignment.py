# Allocates with np.empty (no need to zero, every cell gets written) and fills the
# even and odd columns by slice assignment. Uses np.newaxis for the broadcasting.
# Written by someone who cares about not doing unnecessary work.
import numpy as np


def positional_encoding(max_len, d_model):
    pe = np.empty((max_len, d_model), dtype=np.float64)
    angle = np.arange(max_len)[:, np.newaxis] * np.exp(
        np.arange(0, d_model, 2)[np.newaxis, :] * (-np.log(10000.0) / d_model)
    )
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle)
    return pe
