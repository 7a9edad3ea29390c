# wrong: afraid of -inf producing nan, replaces -inf entries with 0 first, so masked entries get a non-zero probability.
# diagnosis: neginf-gets-probability
# proposed: neginf-gets-probability: exp(-inf) is already 0; replacing -inf by 0 gives those entries weight.
import numpy as np


def softmax(x, axis=-1):
    x = np.where(np.isneginf(x), 0.0, x)
    e = np.exp(x - np.max(x, axis=axis, keepdims=True))
    return e / np.sum(e, axis=axis, keepdims=True)
