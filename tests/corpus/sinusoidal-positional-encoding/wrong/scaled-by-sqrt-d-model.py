# wrong: Mixes in the Transformer's sqrt(d_model) embedding scaling and multiplies the position table by it.
# diagnosis: scaled

import numpy as np


def positional_encoding(max_len, d_model):
    pos = np.arange(max_len)[:, None]
    omega = np.exp(-np.arange(0, d_model, 2) * np.log(10000.0) / d_model)
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(pos * omega)
    pe[:, 1::2] = np.cos(pos * omega)
    # scale as in section 3.4 of the paper
    return pe * np.sqrt(d_model)
