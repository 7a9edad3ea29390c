# A beginner's version with a comment on every line and an intermediate variable for each
# quantity in the formula (mu, deviations, sigma squared, denominator, x hat, y).
# Shapes are noted in comments; nothing clever, just the statement step by step.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    """Apply layer normalisation to x over its last axis."""
    # number of features in each vector
    d = x.shape[-1]

    # mean of each vector; keepdims keeps a size-1 last axis so it broadcasts: (..., 1)
    mu = np.sum(x, axis=-1, keepdims=True) / d

    # how far every entry is from its vector's mean: (..., d)
    deviations = x - mu

    # biased variance: average squared deviation, dividing by d (not d - 1): (..., 1)
    sigma_squared = np.sum(deviations ** 2, axis=-1, keepdims=True) / d

    # eps goes INSIDE the square root
    denominator = np.sqrt(sigma_squared + eps)

    # normalised vectors: mean 0, variance about 1
    x_hat = deviations / denominator

    # learned scale and shift, one value per feature; (d,) broadcasts over the last axis
    y = gamma * x_hat + beta

    return y
