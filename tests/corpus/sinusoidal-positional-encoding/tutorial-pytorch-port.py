# Ported from the PyTorch "Transformer tutorial" PositionalEncoding module.
# Keeps the tutorial's names: position, div_term, pe; torch.arange -> np.arange.
# div_term via exp(arange(0, d, 2) * -(log(10000) / d)), then even/odd slice assignment.
# The register_buffer / dropout parts are dropped since we only need the table.
import math

import numpy as np


def positional_encoding(max_len, d_model):
    position = np.arange(max_len)[:, np.newaxis]
    div_term = np.exp(np.arange(0, d_model, 2) * (-math.log(10000.0) / d_model))
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(position * div_term)
    pe[:, 1::2] = np.cos(position * div_term)
    return pe
