# wrong: Treats omega as a frequency in cycles per position and multiplies the angles by 2*pi, as in Fourier-feature code.
# diagnosis: angles-times-2pi

import numpy as np


def positional_encoding(max_len, d_model):
    freqs = 1.0 / 10000 ** (np.arange(0, d_model, 2) / d_model)
    angles = 2 * np.pi * np.arange(max_len)[:, None] * freqs
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
