# Written by a PyTorch user who wants the table in float32 (the torch default dtype):
# all the trigonometry is done in float64 for accuracy, and only the finished table is
# cast with .astype(np.float32), since float32 angles lose precision at large positions.
import numpy as np


def positional_encoding(max_len, d_model):
    position = np.arange(max_len, dtype=np.float64)[:, None]
    div_term = np.exp(np.arange(0, d_model, 2, dtype=np.float64) * (-np.log(10000.0) / d_model))
    pe = np.zeros((max_len, d_model), dtype=np.float64)
    pe[:, 0::2] = np.sin(position * div_term)
    pe[:, 1::2] = np.cos(position * div_term)
    return pe.astype(np.float32)
