# Writes the inverse standard deviation as np.power(var + eps, -0.5) and multiplies.
# One temporary per step, named after the quantities in the formula.
# Looks like the rsqrt formulation in papers: (x - mu) * (sigma^2 + eps)^(-1/2).
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = np.mean(x, axis=-1, keepdims=True)
    inv_std = np.power(np.var(x, axis=-1, keepdims=True) + eps, -0.5)
    return (x - mean) * inv_std * gamma + beta
