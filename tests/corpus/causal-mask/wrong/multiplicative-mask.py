# wrong: multiplies the scores by a lower-triangular 0/1 matrix, as for masking attention WEIGHTS, so the future scores become 0.
# diagnosis: fills-zero
# proposed: multiplicative-mask-on-scores: multiplying by 0 gives a score of 0, not -inf; mask scores with -inf.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    return scores * np.tril(np.ones((T, T)))
