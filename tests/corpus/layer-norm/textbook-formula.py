# Textbook transcription of the statement's formula: mu, sigma^2 (biased), x_hat, then
# y = gamma * x_hat + beta. keepdims=True keeps the reduced axis so the subtraction and
# division broadcast against x for any number of leading axes.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mu = np.mean(x, axis=-1, keepdims=True)
    sigma2 = np.mean((x - mu) ** 2, axis=-1, keepdims=True)
    x_hat = (x - mu) / np.sqrt(sigma2 + eps)
    return gamma * x_hat + beta
