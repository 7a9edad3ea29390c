# wrong: Casts to float16 "like mixed-precision training", losing precision (and overflowing x**2 for large values).
# diagnosis: low-precision
# proposed: low-precision: compute in float64; float16 keeps only about three significant digits and overflows above 65504.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    h = x.astype(np.float16)
    mean_square = np.mean(h * h, axis=-1, keepdims=True)
    return (h / np.sqrt(mean_square + np.float16(eps)) * gamma.astype(np.float16)).astype(np.float64)
