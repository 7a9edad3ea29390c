# wrong: tests on a 2-D (seq_len, d) example and hard-codes axis=1, which is the sequence axis for 3-D input and invalid for 1-D.
# diagnosis: fixed-axis-one

import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = np.mean(x, axis=1, keepdims=True)
    var = np.mean((x - mean) ** 2, axis=1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta
