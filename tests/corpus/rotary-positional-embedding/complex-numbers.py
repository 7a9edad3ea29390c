# A learner who knows that a 2-D rotation is multiplication by e^{ia}:
# each pair becomes the complex number x_2i + 1j * x_2i+1, is multiplied
# by np.exp(1j * angles), and the real/imaginary parts are interleaved back.
import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = 10000.0 ** (-np.arange(d // 2) * 2.0 / d)
    angles = np.arange(seq_len)[:, None] * theta[None, :]
    z = x[..., ::2] + 1j * x[..., 1::2]
    z = z * np.exp(1j * angles)
    out = np.empty(x.shape, dtype=np.float64)
    out[..., ::2] = z.real
    out[..., 1::2] = z.imag
    return out
