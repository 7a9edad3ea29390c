# wrong: unpacks the shape as (C, N) by mistake and divides the gradient by the number of classes instead of the batch size.
# diagnosis: none
# proposed: gradient-divided-by-classes: The loss averages over the N rows, so the gradient is divided by N = logits.shape[0], not by the number of classes.

import numpy as np


def softmax_cross_entropy(logits, labels):
    c, n = logits.shape
    rows = np.arange(logits.shape[0])
    z = logits - logits.max(axis=-1, keepdims=True)
    logp = z - np.log(np.exp(z).sum(axis=-1, keepdims=True))
    loss = -logp[rows, labels].mean()
    grad = np.exp(logp)
    grad[rows, labels] -= 1
    return float(loss), grad / n
