# Ported from DeepMind Haiku's hk.LayerNorm.__call__: mean and variance with keepdims,
# then `inv = scale * rsqrt(variance + eps)` and `inv * (inputs - mean) + offset`.
# jax.lax.rsqrt becomes 1 / np.sqrt, and the parameter names follow Haiku.
import numpy as np


def _rsqrt(a):
    return 1.0 / np.sqrt(a)


def layer_norm(x, gamma, beta, eps=1e-5):
    inputs, scale, offset = x, gamma, beta
    mean = np.mean(inputs, axis=-1, keepdims=True)
    variance = np.var(inputs, axis=-1, keepdims=True)
    inv = scale * _rsqrt(variance + eps)
    return inv * (inputs - mean) + offset
