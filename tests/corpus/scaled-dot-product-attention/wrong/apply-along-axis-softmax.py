# wrong: Uses np.apply_along_axis to run a 1-D softmax on each row, believing it is vectorised.
# diagnosis: loop-apply-along-axis, python-loop

import numpy as np


def softmax_1d(x):
    z = np.exp(x - np.max(x))
    return z / z.sum()


def attention(Q, K, V, causal=False):
    scores = Q @ K.T / np.sqrt(Q.shape[-1])
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    weights = np.apply_along_axis(softmax_1d, -1, scores)
    return weights @ V
