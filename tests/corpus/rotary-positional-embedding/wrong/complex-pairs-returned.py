# wrong: Used the complex-number form of RoPE (pairs as a + bi times e^(i * pos * theta)) and returned the complex products without splitting them back into real columns.
# diagnosis: complex-result
import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    pairs = x.reshape(seq_len, d // 2, 2)
    z = pairs[..., 0] + 1j * pairs[..., 1]
    freqs = 1.0 / 10000.0 ** (np.arange(0, d, 2) / d)
    phase = np.outer(np.arange(seq_len), freqs)
    rotor = np.cos(phase) + 1j * np.sin(phase)
    return z * rotor
