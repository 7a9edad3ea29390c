# wrong: applies the temperature after the softmax, dividing the probabilities by T without renormalising, so the cdf ends at 1 / T.
# diagnosis: temperature-after-softmax
# proposed: temperature-after-softmax: Temperature scales the logits before the softmax: softmax(logits / T); dividing probabilities by T does not give a distribution.
import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.partition(logits, -k, axis=1)[:, [-k]]
    z = np.where(logits >= kth, logits, -np.inf)
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p = p / p.sum(axis=1, keepdims=True) / temperature
    return np.argmax(np.cumsum(p, axis=1) > uniform[:, None], axis=1).astype(np.int64)
