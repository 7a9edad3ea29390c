# Ufunc fan: the outer product is np.multiply.outer, the exponent uses np.power and
# np.divide. The table is filled with np.sin/np.cos using the ufunc out= argument,
# writing straight into strided views of the result (no temporaries for the halves).
import numpy as np


def positional_encoding(max_len, d_model):
    exponents = np.divide(np.arange(0, d_model, 2), d_model)
    omega = np.power(10000.0, -exponents)
    angles = np.multiply.outer(np.arange(max_len), omega)
    pe = np.empty((max_len, d_model))
    np.sin(angles, out=pe[:, 0::2])
    np.cos(angles, out=pe[:, 1::2])
    return pe
