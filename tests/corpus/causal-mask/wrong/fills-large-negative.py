# wrong: copies the tutorials' `masked_fill(mask == 0, -1e9)` and fills -1e9 where the statement asks for -inf.
# diagnosis: fills-large-negative
# proposed: fills-large-negative: the statement asks for -np.inf exactly; -1e9 is a finite score.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    mask = np.tril(np.ones((T, T)))
    return np.where(mask == 0, -1e9, scores)
