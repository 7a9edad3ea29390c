# wrong: measures the loss in bits with np.log2 (as in an information-theory class) instead of the natural log.
# diagnosis: loss-in-bits
# proposed: wrong-log-base: Cross-entropy here uses the natural log; log2 gives bits and changes the loss (and its gradient) by a factor of 1/ln 2.
import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    z = logits - logits.max(axis=1, keepdims=True)
    log2_p = z / np.log(2) - np.log2(np.exp(z).sum(axis=1, keepdims=True))
    grad = np.exp2(log2_p)
    grad[np.arange(n), labels] -= 1
    return -log2_p[np.arange(n), labels].mean(), grad / n
