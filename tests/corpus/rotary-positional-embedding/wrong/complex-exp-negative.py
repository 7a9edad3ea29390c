# wrong: Used the complex-number trick but with the Fourier-transform habit exp(-1j * angle), which rotates clockwise.
# diagnosis: rotation-sign-swapped

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    z = x[:, 0::2] + 1j * x[:, 1::2]
    freqs = 1.0 / 10000 ** (np.arange(0, d, 2) / d)
    phase = np.exp(-1j * np.outer(np.arange(seq_len), freqs))
    z = z * phase
    out = np.empty((seq_len, d))
    out[:, 0::2] = z.real
    out[:, 1::2] = z.imag
    return out
