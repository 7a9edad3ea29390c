# Tidy learner who splits the block into module-private helpers with leading underscores and a
# named constant for sqrt(2/pi).
import numpy as np

_SQRT_2_OVER_PI = np.sqrt(2.0 / np.pi)


def _layer_norm(x, gamma, beta, eps):
    centred = x - x.mean(axis=-1, keepdims=True)
    variance = (centred**2).mean(axis=-1, keepdims=True)
    return centred / np.sqrt(variance + eps) * gamma + beta


def _gelu_tanh(z):
    return 0.5 * z * (1.0 + np.tanh(_SQRT_2_OVER_PI * (z + 0.044715 * z**3)))


def _feed_forward(h, w1, b1, w2, b2):
    return _gelu_tanh(h @ w1 + b1) @ w2 + b2


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    return x + _feed_forward(_layer_norm(x, gamma, beta, eps), w1, b1, w2, b2)
