# wrong: reads the k-th largest as sorted[:, -k - 1], which is the (k+1)-th largest, so one token too many is kept.
# diagnosis: kth-off-by-one

import numpy as np


def sample(logits, temperature, k, uniform):
    srt = np.sort(logits, axis=-1)
    kth = srt[:, -k - 1][:, None]
    masked = np.where(logits >= kth, logits / temperature, -np.inf)
    masked = masked - masked.max(axis=-1, keepdims=True)
    p = np.exp(masked)
    p /= p.sum(axis=-1, keepdims=True)
    cdf = np.cumsum(p, axis=-1)
    return np.argmax(cdf > uniform[:, None], axis=-1).astype(np.int64)
