# wrong: exponentiates the scaled logits without subtracting the row max, so large logits (1000 / T) overflow to inf and the probabilities become nan.
# diagnosis: unstable-softmax
# proposed: softmax-unstable: Subtract each row's max before np.exp; exp(1000) is inf and inf / inf is nan.
import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.partition(logits, -k, axis=1)[:, [-k]]
    e = np.exp(np.where(logits >= kth, logits, -np.inf) / temperature)
    p = e / e.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(p, axis=1) > uniform[:, None], axis=1).astype(np.int64)
