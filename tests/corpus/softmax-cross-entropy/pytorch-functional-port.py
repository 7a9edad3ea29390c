# Someone who knows F.cross_entropy = nll_loss(log_softmax(x), target) and rewrote both, plus
# the backward pass autograd would give them.
import numpy as np


def log_softmax(input, dim=-1):
    m = np.max(input, axis=dim, keepdims=True)
    return input - m - np.log(np.sum(np.exp(input - m), axis=dim, keepdims=True))


def nll_loss(input, target, reduction="mean"):
    picked = -np.take_along_axis(input, target[:, None], axis=1)[:, 0]
    return picked.mean() if reduction == "mean" else picked.sum()


def softmax_cross_entropy(logits, labels):
    lsm = log_softmax(logits, dim=1)
    loss = nll_loss(lsm, labels)
    one_hot = np.eye(logits.shape[1])[labels]
    grad = (np.exp(lsm) - one_hot) / logits.shape[0]
    return loss, grad
