# A learner who copied the frequency formula from the PyTorch sinusoidal
# positional-encoding tutorial, `div_term = exp(arange(0, d, 2) * -(log(10000) / d))`,
# i.e. 10000**(-2i/d) computed through np.exp and np.log.
import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    div_term = np.exp(np.arange(0, d, 2) * -(np.log(10000.0) / d))
    position = np.arange(0, seq_len)[:, np.newaxis]
    angle = position * div_term
    sin, cos = np.sin(angle), np.cos(angle)
    x0, x1 = x[:, 0::2], x[:, 1::2]
    out = np.empty((seq_len, d))
    out[:, 0::2] = x0 * cos - x1 * sin
    out[:, 1::2] = x0 * sin + x1 * cos
    return out
