# Defensive version: checks every shape against x's last axis and raises ValueError naming the
# mismatch, then computes the block.
import numpy as np


def _gelu(z):
    return 0.5 * z * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * z**3)))


def feed_forward(x, w1, b1, w2, b2):
    x = np.asarray(x, dtype=float)
    w1, b1 = np.asarray(w1, dtype=float), np.asarray(b1, dtype=float)
    w2, b2 = np.asarray(w2, dtype=float), np.asarray(b2, dtype=float)
    if x.ndim < 1:
        raise ValueError("x needs a feature axis")
    d_model = x.shape[-1]
    if w1.ndim != 2 or w1.shape[0] != d_model:
        raise ValueError(f"w1 must have shape ({d_model}, d_ff), got {w1.shape}")
    d_ff = w1.shape[1]
    if b1.shape != (d_ff,):
        raise ValueError(f"b1 must have shape ({d_ff},), got {b1.shape}")
    if w2.shape != (d_ff, d_model):
        raise ValueError(f"w2 must have shape ({d_ff}, {d_model}), got {w2.shape}")
    if b2.shape != (d_model,):
        raise ValueError(f"b2 must have shape ({d_model},), got {b2.shape}")
    return _gelu(x @ w1 + b1) @ w2 + b2
