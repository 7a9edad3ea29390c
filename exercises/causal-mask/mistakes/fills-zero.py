import numpy as np


def causal_mask(scores):
    return np.tril(scores)
