# Uses an IntEnum to name the two column offsets inside a pair (SIN = 0, COS = 1), so
# the slice assignments read pe[:, Part.SIN::2] and pe[:, Part.COS::2].
# A learner from a codebase that bans magic numbers.
from enum import IntEnum

import numpy as np


class Part(IntEnum):
    SIN = 0
    COS = 1


def positional_encoding(max_len, d_model):
    angles = np.arange(max_len)[:, None] * np.exp(-np.arange(0, d_model, 2) * np.log(10000.0) / d_model)
    pe = np.empty((max_len, d_model))
    pe[:, Part.SIN::2] = np.sin(angles)
    pe[:, Part.COS::2] = np.cos(angles)
    return pe
