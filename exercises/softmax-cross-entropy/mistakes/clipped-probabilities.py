import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    rows = np.arange(n)
    shifted = logits - logits.max(axis=1, keepdims=True)
    e = np.exp(shifted)
    probs = e / e.sum(axis=1, keepdims=True)
    eps = 1e-12  # keep log() away from 0
    loss = -np.log(np.maximum(probs[rows, labels], eps)).mean()
    grad = probs.copy()
    grad[rows, labels] -= 1.0
    return loss, grad / n
