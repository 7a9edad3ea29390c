import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    rows = np.arange(n)
    e = np.exp(logits - logits.max(axis=1, keepdims=True))
    probs = e / e.sum(axis=1, keepdims=True)
    loss = -np.log(probs[rows, labels]).mean()
    grad = probs.copy()
    grad[rows, labels] -= 1.0
    return loss, grad / n
