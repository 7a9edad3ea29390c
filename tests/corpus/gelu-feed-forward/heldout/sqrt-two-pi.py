# wrong: types the GELU constant as math.sqrt(2 * math.pi) instead of math.sqrt(2 / math.pi).
# diagnosis: sqrt-two-pi

import math

import numpy as np

SQRT_2PI = math.sqrt(2 * math.pi)


def feed_forward(x: np.ndarray, w1: np.ndarray, b1: np.ndarray, w2: np.ndarray, b2: np.ndarray) -> np.ndarray:
    z = x @ w1 + b1
    h = 0.5 * z * (1 + np.tanh(SQRT_2PI * (z + 0.044715 * np.power(z, 3))))
    return h @ w2 + b2
