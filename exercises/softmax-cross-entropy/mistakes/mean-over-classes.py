import numpy as np


def softmax_cross_entropy(logits, labels):
    n, c = logits.shape
    shifted = logits - logits.max(axis=1, keepdims=True)
    log_probs = shifted - np.log(np.exp(shifted).sum(axis=1, keepdims=True))
    one_hot = np.eye(c)[labels]
    loss = np.mean(-one_hot * log_probs)
    return loss, (np.exp(log_probs) - one_hot) / n
