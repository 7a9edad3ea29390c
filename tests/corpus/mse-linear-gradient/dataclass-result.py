# Learner who keeps the problem in a frozen @dataclass with properties for the residuals,
# the loss and the gradient, then unpacks them into the tuple the statement asks for.
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class LinearRegressionProblem:
    X: np.ndarray
    y: np.ndarray

    def residuals(self, w):
        return self.X @ w - self.y

    def loss(self, w):
        return float(np.mean(self.residuals(w) ** 2))

    def grad(self, w):
        return 2.0 * self.X.T @ self.residuals(w) / len(self.X)


def mse_loss_and_grad(X, y, w):
    problem = LinearRegressionProblem(X, y)
    return problem.loss(w), problem.grad(w)
