# wrong: Multiplies the angles by math.pi / 180 out of a calculator habit of converting to radians before calling sin and cos.
# diagnosis: angles-in-degrees

import math
import numpy as np


def positional_encoding(max_len, d_model):
    to_rad = math.pi / 180
    pos = np.arange(max_len).reshape(-1, 1)
    freq = np.power(10000.0, -np.arange(0, d_model, 2) / d_model)
    theta = pos * freq * to_rad
    table = np.zeros((max_len, d_model))
    table[:, 0::2] = np.sin(theta)
    table[:, 1::2] = np.cos(theta)
    return table
