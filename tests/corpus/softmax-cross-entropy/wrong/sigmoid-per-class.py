# wrong: uses a sigmoid on each logit with binary cross-entropy per class (multi-label style) instead of a softmax over the row.
# diagnosis: sigmoid-per-class
# proposed: sigmoid-not-softmax: The classes compete in one softmax per row; independent sigmoids with binary cross-entropy are a different loss.
import numpy as np


def softmax_cross_entropy(logits, labels):
    n, c = logits.shape
    y = np.eye(c)[labels]
    # log(sigmoid(x)) = -logaddexp(0, -x), stable
    log_p = -np.logaddexp(0.0, -logits)
    log_not_p = -np.logaddexp(0.0, logits)
    loss = -np.mean(np.sum(y * log_p + (1 - y) * log_not_p, axis=1))
    grad = (1.0 / (1.0 + np.exp(-logits)) - y) / n
    return loss, grad
