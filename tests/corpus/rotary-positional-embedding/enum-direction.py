# A learner who made the rotation direction explicit with an IntEnum
# (COUNTERCLOCKWISE = +1, CLOCKWISE = -1, used for "un-rotating") and
# multiplies the sine by it; the exercise uses the counterclockwise default.
from enum import IntEnum

import numpy as np


class Direction(IntEnum):
    COUNTERCLOCKWISE = 1
    CLOCKWISE = -1


def rotate_pairs(x, direction=Direction.COUNTERCLOCKWISE):
    seq_len, d = x.shape
    theta = 10000.0 ** (-2.0 * np.arange(d // 2) / d)
    angles = np.arange(seq_len)[:, None] * theta[None, :]
    cos = np.cos(angles)
    sin = int(direction) * np.sin(angles)
    out = np.empty((seq_len, d), dtype=np.float64)
    out[:, ::2] = x[:, ::2] * cos - x[:, 1::2] * sin
    out[:, 1::2] = x[:, ::2] * sin + x[:, 1::2] * cos
    return out


def apply_rope(x):
    return rotate_pairs(x, Direction.COUNTERCLOCKWISE)
