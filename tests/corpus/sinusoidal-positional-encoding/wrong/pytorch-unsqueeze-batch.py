# wrong: Ports the PyTorch module that registers pe.unsqueeze(0) as a buffer and keeps the leading batch axis of length 1.
# diagnosis: extra-leading-axis

import math
import numpy as np


def positional_encoding(max_len, d_model):
    position = np.arange(max_len)[:, np.newaxis]
    div_term = np.exp(np.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(position * div_term)
    pe[:, 1::2] = np.cos(position * div_term)
    pe = pe[np.newaxis, ...]           # (1, max_len, d_model), ready to add to a batch
    return pe
