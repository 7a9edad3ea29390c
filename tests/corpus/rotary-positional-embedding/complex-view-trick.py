# A NumPy power user doing the equivalent of torch.view_as_complex: a
# C-contiguous float64 copy of x is *viewed* as complex128 (each neighbouring
# pair of columns is one complex number), multiplied by the unit phasors,
# and viewed back as float64 -- no slicing at all.
import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    xc = np.array(x, dtype=np.float64, order="C").view(np.complex128)  # (seq_len, d // 2)
    inv_freq = 1.0 / 10000.0 ** (np.arange(0, d, 2, dtype=np.float64) / d)
    freqs = np.outer(np.arange(seq_len, dtype=np.float64), inv_freq)
    rotated = xc * np.exp(1j * freqs)
    return rotated.view(np.float64).reshape(seq_len, d)
