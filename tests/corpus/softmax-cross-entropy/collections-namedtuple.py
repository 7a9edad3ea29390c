# Learner who likes the result's parts named but keeps to the standard library's classic:
# a collections.namedtuple (loss, grad), a tuple like the one the statement asks for.
import collections

import numpy as np

LossAndGrad = collections.namedtuple("LossAndGrad", ["loss", "grad"])


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    rows = np.arange(n)
    grad = np.exp(log_probs)
    grad[rows, labels] -= 1.0
    return LossAndGrad(float(-log_probs[rows, labels].mean()), grad / n)
