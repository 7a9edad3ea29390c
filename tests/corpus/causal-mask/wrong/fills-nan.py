# wrong: marks the future entries "missing" with np.nan, which poisons a later softmax instead of giving 0.
# diagnosis: fills-nan
# proposed: mask-fills-nan: use -np.inf; nan makes every softmax output of the row nan.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    return np.where(np.triu(np.ones((T, T), dtype=bool), 1), np.nan, scores)
