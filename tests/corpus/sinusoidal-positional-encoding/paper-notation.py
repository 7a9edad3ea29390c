# "Attention Is All You Need", section 3.5, transcribed with the paper's symbols:
# PE(pos, 2i) = sin(pos / 10000^(2i/d_model)), PE(pos, 2i+1) = cos(...).
# Divides by the wavelength term instead of multiplying by a frequency.
import numpy as np


def positional_encoding(max_len, d_model):
    pos = np.arange(max_len, dtype=np.float64).reshape(-1, 1)
    two_i = np.arange(0, d_model, 2, dtype=np.float64).reshape(1, -1)
    wavelength = 10000.0 ** (two_i / d_model)
    PE = np.empty((max_len, d_model), dtype=np.float64)
    PE[:, 0::2] = np.sin(pos / wavelength)
    PE[:, 1::2] = np.cos(pos / wavelength)
    return PE
