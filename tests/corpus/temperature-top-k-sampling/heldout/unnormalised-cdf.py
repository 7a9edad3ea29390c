# wrong: forgets to divide the exponentials by their row sum, so the "cumulative probabilities" run up to sum(exp) and the draw lands too early.
# diagnosis: none
# proposed: probabilities-not-normalised: The exponentials must be divided by their row sum before the cumulative sum; otherwise the CDF does not end at 1 and u is compared with the wrong scale.

import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.sort(logits, axis=-1)[:, -k][:, None]
    scaled = np.where(logits >= kth, logits, -np.inf) / temperature
    weights = np.exp(scaled - scaled.max(axis=-1, keepdims=True))   # max weight is 1
    cdf = np.cumsum(weights, axis=-1)
    return np.argmax(cdf > uniform[:, None], axis=-1).astype(np.int64)
