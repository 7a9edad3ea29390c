# wrong: Builds and interleaves the angle table but never applies np.sin and np.cos to it, returning raw angles.
# diagnosis: missing-sin-cos

import numpy as np


def positional_encoding(max_len, d_model):
    angles = np.arange(max_len)[:, None] / np.power(10000, np.arange(0, d_model, 2) / d_model)
    pe = np.zeros((max_len, d_model))
    pe[:, 0::2] = angles   # sin part
    pe[:, 1::2] = angles   # cos part
    return pe
