# wrong: filters with logits[logits < kth] = -np.inf, writing -inf into the caller's logits.
# diagnosis: masks-in-place

import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.partition(logits, -k, axis=-1)[:, -k][:, None]
    logits[logits < kth] = -np.inf
    z = logits / temperature
    z = z - z.max(axis=-1, keepdims=True)
    p = np.exp(z)
    p = p / p.sum(axis=-1, keepdims=True)
    cdf = np.cumsum(p, axis=-1)
    idx = (cdf <= uniform[:, None]).sum(axis=-1)
    return np.minimum(idx, logits.shape[1] - 1).astype(np.int64)
