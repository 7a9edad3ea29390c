# Learner who takes the softmax over the whole vocabulary first, then zeroes the tokens outside
# the top k and renormalises what is left (the same distribution as masking before).
import numpy as np


def sample(logits, temperature, k, uniform):
    z = logits / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    kth = np.partition(logits, -k, axis=1)[:, [-k]]
    p = np.where(logits >= kth, p, 0.0)
    p /= p.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(p, axis=1) > uniform[:, None], axis=1).astype(np.int64)
