# Maths-minded learner: softmax of the filtered logits at temperature 1, then raises the
# probabilities to 1/T and renormalises (p**(1/T) / sum is exactly softmax(x / T)).
import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.partition(logits, -k, axis=1)[:, -k, None]
    filtered = np.where(logits >= kth, logits, -np.inf)
    p = np.exp(filtered - filtered.max(axis=1, keepdims=True))
    p = p / p.sum(axis=1, keepdims=True)
    q = p ** (1.0 / temperature)
    q = q / q.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(q, axis=1) > uniform[:, None], axis=1).astype(np.int64)
