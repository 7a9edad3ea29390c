# Defensive version: checks that x has at least one axis, that gamma and beta are 1-D with
# length d = x.shape[-1], and that eps is positive, raising ValueError with a clear message
# otherwise. The computation itself is the textbook one.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x = np.asarray(x)
    gamma = np.asarray(gamma)
    beta = np.asarray(beta)
    if x.ndim == 0:
        raise ValueError("x must have at least one axis (the features)")
    d = x.shape[-1]
    if gamma.shape != (d,) or beta.shape != (d,):
        raise ValueError(f"gamma and beta must have shape ({d},), got {gamma.shape} and {beta.shape}")
    if not eps > 0:
        raise ValueError("eps must be positive")
    mu = x.mean(axis=-1, keepdims=True)
    var = ((x - mu) ** 2).mean(axis=-1, keepdims=True)
    return gamma * (x - mu) / np.sqrt(var + eps) + beta
