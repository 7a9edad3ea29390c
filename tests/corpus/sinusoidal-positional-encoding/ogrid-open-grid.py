# Uses np.ogrid to get an open (broadcastable) grid: a column of positions and a row of
# pair indices, without writing [:, None] by hand. Multiplying them broadcasts to the
# full angle table. Interleaving via np.stack on axis 2 plus reshape.
import numpy as np


def positional_encoding(max_len, d_model):
    pos, i = np.ogrid[0:max_len, 0:d_model // 2]
    angles = pos / 10000.0 ** (2.0 * i / d_model)
    return np.stack((np.sin(angles), np.cos(angles)), axis=2).reshape(max_len, d_model)
