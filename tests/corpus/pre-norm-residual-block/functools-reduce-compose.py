# Functional-programming learner: builds the sub-layer as a pipeline of stages and composes them
# with functools.reduce (a fold over three functions, not over elements).
from functools import partial, reduce

import numpy as np


def _normalise(x, gamma, beta, eps):
    return (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * gamma + beta


def _affine(h, w, b):
    return h @ w + b


def _gelu(z):
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    stages = (
        partial(_normalise, gamma=gamma, beta=beta, eps=eps),
        partial(_affine, w=w1, b=b1),
        _gelu,
        partial(_affine, w=w2, b=b2),
    )
    return x + reduce(lambda value, stage: stage(value), stages, x)
