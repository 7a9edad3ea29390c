# wrong: samples among the k largest values taken with np.sort(...)[:, -k:] and returns the position inside that slice, not the token's index in the vocabulary.
# diagnosis: sorted-position-returned
# proposed: top-k-position-returned: The result is an index into the vocabulary; keep the logits in place (masking the rest) or map the position back through argsort.
import numpy as np


def sample(logits, temperature, k, uniform):
    top = np.sort(logits, axis=1)[:, -k:] / temperature
    p = np.exp(top - top.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(p, axis=1) > uniform[:, None], axis=1).astype(np.int64)
