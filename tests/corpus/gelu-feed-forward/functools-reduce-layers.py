# Functional learner: the block as a list of whole-array stages folded with functools.reduce
# (the three stages are iterated, never the elements).
from functools import partial, reduce

import numpy as np


def affine(weight, bias, x):
    return x @ weight + bias


def gelu(z):
    return 0.5 * z * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * z**3)))


def feed_forward(x, w1, b1, w2, b2):
    stages = (partial(affine, w1, b1), gelu, partial(affine, w2, b2))
    return reduce(lambda value, stage: stage(value), stages, x)
