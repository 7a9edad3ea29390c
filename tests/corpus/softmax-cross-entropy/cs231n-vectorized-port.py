# Port of the CS231n assignment's softmax_loss_vectorized (no regularisation): shifted logits,
# log_probs, loss = -sum(log_probs[range(N), y]) / N, dx = probs.copy(); dx[range(N), y] -= 1; dx /= N.
import numpy as np


def softmax_cross_entropy(logits, labels):
    x, y = logits, labels
    shifted_logits = x - np.max(x, axis=1, keepdims=True)
    Z = np.sum(np.exp(shifted_logits), axis=1, keepdims=True)
    log_probs = shifted_logits - np.log(Z)
    probs = np.exp(log_probs)
    N = x.shape[0]
    loss = -np.sum(log_probs[np.arange(N), y]) / N
    dx = probs.copy()
    dx[np.arange(N), y] -= 1
    dx /= N
    return loss, dx
