# A learner who exposes the RoPE base as a keyword (LLaMA 3 uses 500000)
# and checks it with numbers.Real before use; the default is the
# exercise's 10000. Uses np.asarray(x, float) and the complex product.
import numbers

import numpy as np


def apply_rope(x, base=10000.0):
    if not isinstance(base, numbers.Real) or base <= 0:
        raise ValueError("base must be a positive real number")
    x = np.asarray(x, dtype=float)
    seq_len, d = x.shape
    theta = np.power(float(base), -2.0 * np.arange(d // 2) / d)
    phase = np.exp(1j * np.arange(seq_len)[:, None] * theta)
    z = (x[:, 0::2] + 1j * x[:, 1::2]) * phase
    out = np.empty_like(x)
    out[:, 0::2] = np.real(z)
    out[:, 1::2] = np.imag(z)
    return out
