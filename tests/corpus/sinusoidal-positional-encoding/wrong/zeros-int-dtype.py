# wrong: Preallocates the table with dtype=int "because it is indexed by integer positions", so every assigned sine and cosine is truncated.
# diagnosis: integer-dtype

import numpy as np


def positional_encoding(max_len, d_model):
    pe = np.zeros((max_len, d_model), dtype=int)
    position = np.arange(max_len)[:, None]
    div_term = np.exp(np.arange(0, d_model, 2) * (-np.log(10000.0) / d_model))
    pe[:, 0::2] = np.sin(position * div_term)
    pe[:, 1::2] = np.cos(position * div_term)
    return pe
