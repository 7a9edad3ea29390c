# Beginner who comments every step and names every intermediate, following the chain rule
# one link at a time: loss -> residuals -> predictions -> weights.
import numpy as np


def mse_loss_and_grad(X, y, w):
    # how many examples we have (the rows of X)
    number_of_examples = X.shape[0]

    # the model's predictions, one per example
    predictions = X @ w

    # residuals: prediction minus target (this sign matters for the gradient!)
    residuals = predictions - y

    # square every residual and take the average: the mean squared error
    squared_residuals = residuals * residuals
    loss = np.sum(squared_residuals) / number_of_examples

    # chain rule, step 1: dL/d(residual_i) = 2 * residual_i / n
    dloss_dresiduals = 2 * residuals / number_of_examples

    # chain rule, step 2: residual_i = x_i . w - y_i, so d(residual_i)/dw = x_i,
    # and summing x_i * dL/d(residual_i) over the examples is X transposed times the vector
    gradient = X.T @ dloss_dresiduals

    return loss, gradient
