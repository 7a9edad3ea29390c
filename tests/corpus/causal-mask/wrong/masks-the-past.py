# wrong: mixes up which triangle is the future and sets the keys BEFORE each query (j < i) to -inf.
# diagnosis: masks-the-past
# proposed: causal-mask-wrong-triangle: the future is j > i, above the diagonal; the keys below it stay.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    past = np.tril(np.ones((T, T), dtype=bool), k=-1)
    return np.where(past, -np.inf, scores)
