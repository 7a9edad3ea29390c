# wrong: sets the filtered-out logits to 0 instead of -inf, so they keep weight exp(0 / T) in the softmax.
# diagnosis: mask-fills-zero
# proposed: mask-value-zero: A removed token needs probability 0, so its logit must be -inf; a logit of 0 still has exp(0) = 1 of weight.
import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.partition(logits, -k, axis=1)[:, [-k]]
    z = np.where(logits >= kth, logits, 0.0) / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(p, axis=1) > uniform[:, None], axis=1).astype(np.int64)
