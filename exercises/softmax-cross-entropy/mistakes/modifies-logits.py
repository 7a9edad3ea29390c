import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    rows = np.arange(n)
    logits -= logits.max(axis=1, keepdims=True)
    logits -= np.log(np.exp(logits).sum(axis=1, keepdims=True))
    loss = -logits[rows, labels].mean()
    grad = np.exp(logits)
    grad[rows, labels] -= 1.0
    return loss, grad / n
