# Defensive learner: checks every shape against x and the weights and raises ValueError with a
# message before computing anything.
import numpy as np


def _check(x, gamma, beta, w1, b1, w2, b2):
    if x.ndim != 2:
        raise ValueError(f"x must be (T, d_model), got shape {x.shape}")
    d_model = x.shape[1]
    if gamma.shape != (d_model,) or beta.shape != (d_model,):
        raise ValueError("gamma and beta must have shape (d_model,)")
    if w1.ndim != 2 or w1.shape[0] != d_model:
        raise ValueError(f"w1 must be (d_model, d_ff), got {w1.shape}")
    d_ff = w1.shape[1]
    if b1.shape != (d_ff,):
        raise ValueError("b1 must have shape (d_ff,)")
    if w2.shape != (d_ff, d_model) or b2.shape != (d_model,):
        raise ValueError("w2 must be (d_ff, d_model) and b2 (d_model,)")


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    _check(x, gamma, beta, w1, b1, w2, b2)
    if eps <= 0:
        raise ValueError("eps must be positive")
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    h = (x - mean) / np.sqrt(var + eps) * gamma + beta
    z = h @ w1 + b1
    return x + (0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))) @ w2 + b2
