# Spells out the 1/d in the formula with np.sum(..., axis=-1, keepdims=True) / d, where
# d = x.shape[-1], to make the biased (divide by d, not d - 1) variance obvious.
# Written by someone who has been bitten by ddof=1 in pandas before.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    mu = np.sum(x, axis=-1, keepdims=True) / d
    sigma_sq = np.sum((x - mu) ** 2, axis=-1, keepdims=True) / d
    return gamma * ((x - mu) / np.sqrt(sigma_sq + eps)) + beta
