# wrong: returns (one_hot - softmax) / N, the direction to step in, instead of the gradient itself.
# diagnosis: gradient-sign-flipped
# proposed: grad-sign-flipped: d loss / d logits is (softmax - one_hot) / N; one_hot - softmax is minus the gradient (the descent direction).
import numpy as np


def softmax_cross_entropy(logits, labels):
    n, c = logits.shape
    z = logits - logits.max(axis=1, keepdims=True)
    log_p = z - np.log(np.exp(z).sum(axis=1, keepdims=True))
    one_hot = np.eye(c)[labels]
    return -np.mean(log_p[np.arange(n), labels]), (one_hot - np.exp(log_p)) / n
