# Interleaves by stacking the flattened sin and cos tables as two rows with np.vstack and
# reading them back column-major (ravel(order="F")): s0, c0, s1, c1, ... Then reshapes
# to (max_len, d_model). A trick from someone comfortable with memory order.
import numpy as np


def positional_encoding(max_len, d_model):
    w = 10000.0 ** (-np.arange(0, d_model, 2) / d_model)
    a = np.arange(max_len)[:, None] * w
    return np.vstack((np.sin(a).ravel(), np.cos(a).ravel())).ravel(order="F").reshape(max_len, d_model)
