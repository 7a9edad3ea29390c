# wrong: sorts the logits in descending order, samples along the sorted order and returns the position in that order, not the vocabulary index.
# diagnosis: sorted-position-returned
# proposed: sorted-position-returned: Accumulate the probabilities in vocabulary order (or map the sorted position back through argsort); the answer is a token id.
import numpy as np


def sample(logits, temperature, k, uniform):
    sorted_logits = -np.sort(-logits, axis=1)
    kth = sorted_logits[:, [k - 1]]
    z = np.where(sorted_logits >= kth, sorted_logits, -np.inf) / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(p, axis=1) > uniform[:, None], axis=1).astype(np.int64)
