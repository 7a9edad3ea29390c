# wrong: Stacks the sine and cosine tables on axis 0 and reshapes straight to (max_len, d_model), which scrambles positions across rows.
# diagnosis: stacked-then-reshaped
# proposed: stack-reshape-scrambled: np.stack of sin and cos on the wrong axis followed by reshape, mixing values of different positions in one row

import numpy as np


def positional_encoding(max_len, d_model):
    ang = np.arange(max_len)[:, None] * np.exp(-np.log(10000.0) * np.arange(0, d_model, 2) / d_model)
    return np.stack((np.sin(ang), np.cos(ang))).reshape(max_len, d_model)
