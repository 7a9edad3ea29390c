# wrong: returns softmax / N as the gradient, forgetting to subtract the one-hot labels.
# diagnosis: gradient-without-labels
# proposed: grad-missing-one-hot: The gradient of cross-entropy through softmax is softmax - one_hot(labels), divided by N.
import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    z = logits - logits.max(axis=1, keepdims=True)
    log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    return -log_p[np.arange(n), labels].mean(), np.exp(log_p) / n
