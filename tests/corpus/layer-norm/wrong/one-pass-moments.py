# wrong: computes the variance in one pass as E[x^2] - E[x]^2, the textbook identity, which cancels catastrophically for vectors far from zero.
# diagnosis: one-pass-variance
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    first_moment = np.mean(x, axis=-1, keepdims=True)
    second_moment = np.mean(x**2, axis=-1, keepdims=True)
    variance = second_moment - first_moment**2
    x_hat = (x - first_moment) / np.sqrt(variance + eps)
    return gamma * x_hat + beta
