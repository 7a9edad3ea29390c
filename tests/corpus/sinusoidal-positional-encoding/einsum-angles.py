# Someone who writes einsum for everything: the angle table is 'p,f->pf'.
# The interleaving is done with a (max_len, d/2, 2) view of the output array,
# writing sines into [..., 0] and cosines into [..., 1].
import numpy as np


def positional_encoding(max_len, d_model):
    pos = np.arange(max_len, dtype=np.float64)
    inv_freq = 10000.0 ** (-np.arange(d_model // 2) * 2.0 / d_model)
    theta = np.einsum("p,f->pf", pos, inv_freq)
    pe = np.empty((max_len, d_model // 2, 2))
    pe[..., 0] = np.sin(theta)
    pe[..., 1] = np.cos(theta)
    return pe.reshape(max_len, d_model)
