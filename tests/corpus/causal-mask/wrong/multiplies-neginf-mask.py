# wrong: builds the additive mask as (1 - tril) * -inf, but 0 * -inf is nan, so every allowed score becomes nan.
# diagnosis: multiplies-by-inf
# proposed: zero-times-inf-nan: 0 * -inf is nan; build the mask with np.where (or np.triu of a -inf matrix).
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    with np.errstate(invalid="ignore"):
        additive = (1 - np.tril(np.ones((T, T)))) * -np.inf
    return scores + additive
