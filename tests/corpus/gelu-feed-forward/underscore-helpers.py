# Small private helpers and a module constant for the GELU coefficient: _linear, _gelu_tanh.
import math

import numpy as np

_GELU_SCALE = math.sqrt(2.0 / math.pi)
_GELU_CUBIC = 0.044715


def _linear(x, weight, bias):
    return x @ weight + bias


def _gelu_tanh(z):
    inner = _GELU_SCALE * (z + _GELU_CUBIC * z**3)
    return 0.5 * z * (1.0 + np.tanh(inner))


def feed_forward(x, w1, b1, w2, b2):
    return _linear(_gelu_tanh(_linear(x, w1, b1)), w2, b2)
