# A code golfer: the angle table and the complex rotation in a single
# expression, with np.stack/reshape interleaving the real and imaginary
# parts back. Short, correct, and slightly unreadable.
import numpy as np


def apply_rope(x):
    z = (x[:, ::2] + 1j * x[:, 1::2]) * np.exp(1j * np.arange(len(x))[:, None] * 1e4 ** (-np.arange(0, x.shape[1], 2) / x.shape[1]))
    return np.stack([z.real, z.imag], -1).reshape(x.shape)
