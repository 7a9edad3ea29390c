# Gets the exponents 2i/d_model = i/(d_model/2) from np.linspace(0, 1, d/2, endpoint=False),
# i.e. d/2 evenly spaced values in [0, 1). Then omega = 10000 ** -exponent.
# Someone who thinks of the exponent as a fraction of the way through the pairs.
import numpy as np


def positional_encoding(max_len, d_model):
    exponent = np.linspace(0.0, 1.0, d_model // 2, endpoint=False)
    omega = np.power(10000.0, -exponent)
    angle = np.arange(max_len).reshape(-1, 1) * omega.reshape(1, -1)
    pe = np.empty((max_len, d_model))
    pe[:, 0::2] = np.sin(angle)
    pe[:, 1::2] = np.cos(angle)
    return pe
