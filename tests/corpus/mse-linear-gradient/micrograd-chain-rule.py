# Karpathy-lecture style (micrograd / makemore backprop-ninja): forward pass into named
# nodes, then the backward pass node by node, d<name> meaning dloss/d<name>.
import numpy as np


def mse_loss_and_grad(X, y, w):
    n = X.shape[0]
    # forward
    pred = X @ w
    diff = pred - y
    sq = diff**2
    loss = sq.sum() / n
    # backward
    dsq = np.full_like(sq, 1.0 / n)
    ddiff = 2 * diff * dsq
    dpred = ddiff
    dw = X.T @ dpred
    return loss, dw
