# wrong: "masks" the future by setting it to 0 instead of -inf, which still gives those keys exp(0) weight after softmax.
# diagnosis: fills-zero
# proposed: mask-fills-zero: a masked score must be -inf so that softmax gives it probability 0; 0 is an ordinary score.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    return np.where(np.triu(np.ones((T, T), dtype=bool), k=1), 0.0, scores)
