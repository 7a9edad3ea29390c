# wrong: wrote the original Transformer's post-norm order, layer_norm(x + ffn(x)), instead of x + ffn(layer_norm(x)).
# diagnosis: post-norm
# proposed: post-norm-order: In a pre-norm block the layer norm comes first, on the branch only; the residual adds the raw x and the sum is not normalised.
import numpy as np


def _gelu(z):
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))


def _ln(x, gamma, beta, eps):
    return (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * gamma + beta


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    return _ln(x + _gelu(x @ w1 + b1) @ w2 + b2, gamma, beta, eps)
