# wrong: builds tanh from np.exp as (e^a - e^-a) / (e^a + e^-a), which overflows to inf/inf = nan for hidden activations in the hundreds.
# diagnosis: tanh-from-exp

import numpy as np


def _tanh(a: np.ndarray) -> np.ndarray:
    ea, ena = np.exp(a), np.exp(-a)
    return (ea - ena) / (ea + ena)


def _layer_norm(x, gamma, beta, eps):
    c = x - x.mean(axis=-1, keepdims=True)
    return c / np.sqrt((c * c).mean(axis=-1, keepdims=True) + eps) * gamma + beta


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    z = _layer_norm(x, gamma, beta, eps) @ w1 + b1
    h = 0.5 * z * (1.0 + _tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * z ** 3)))
    return x + (h @ w2 + b2)
