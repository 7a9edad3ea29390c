# einsum fan: both projections as einsum over the last axis with an ellipsis for any leading axes.
import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    z = np.einsum("...d,df->...f", x, w1) + b1
    g = 0.5 * z * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * np.einsum("...,...,...->...", z, z, z))))
    return np.einsum("...f,fd->...d", g, w2) + b2
