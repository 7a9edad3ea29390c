# wrong: builds an additive mask as a 0/1 matrix times -inf, which puts 0 * -inf = nan in every allowed entry.
# diagnosis: multiplies-by-inf

import numpy as np


def _additive_mask(t):
    upper = np.triu(np.ones((t, t)), k=1)   # 1 above the diagonal, 0 elsewhere
    return upper * -np.inf                  # -inf above, "0" elsewhere


def causal_mask(scores):
    return scores + _additive_mask(scores.shape[-1])
