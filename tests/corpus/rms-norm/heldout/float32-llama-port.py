# wrong: copies LLaMA's x.float() upcast as astype(np.float32), so squares of entries around 1e30 overflow and the result is float32.
# diagnosis: float32-computation

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    input_dtype = x.dtype
    h = x.astype(np.float32)
    variance = np.mean(h ** 2, axis=-1, keepdims=True)
    h = h / np.sqrt(variance + np.float32(eps))
    return gamma.astype(np.float32) * h
