# "Build your own framework" learner: a Linear model with forward() caching the input and an
# MSELoss with forward()/backward(), chained by hand like loss.backward() would.
import numpy as np


class Linear:
    def __init__(self, w):
        self.w = w

    def forward(self, X):
        self.X = X
        return X @ self.w

    def backward(self, grad_out):
        return self.X.T @ grad_out


class MSELoss:
    def forward(self, pred, target):
        self.diff = pred - target
        return np.mean(self.diff**2)

    def backward(self):
        return 2.0 * self.diff / self.diff.shape[0]


def mse_loss_and_grad(X, y, w):
    model, criterion = Linear(w), MSELoss()
    loss = criterion.forward(model.forward(X), y)
    return loss, model.backward(criterion.backward())
