# wrong: picks the labelled entries with log_p[:, labels], which takes whole columns (an N x N block), not one entry per row.
# diagnosis: labels-pick-columns
# proposed: index-columns-not-pairs: log_p[:, labels] selects columns for every row; pair each row with its own label using log_p[np.arange(N), labels].
import numpy as np


def softmax_cross_entropy(logits, labels):
    n = logits.shape[0]
    z = logits - logits.max(axis=1, keepdims=True)
    log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    loss = -np.mean(log_p[:, labels])
    grad = np.exp(log_p)
    grad[:, labels] -= 1
    return loss, grad / n
