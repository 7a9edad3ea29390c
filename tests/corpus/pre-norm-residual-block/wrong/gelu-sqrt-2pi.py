# wrong: misreads sqrt(2/pi) as sqrt(2*pi) in the GELU constant.
# diagnosis: gelu-sqrt-two-pi
# proposed: gelu-wrong-constant: The constant in the tanh is sqrt(2 / pi), about 0.798, not sqrt(2 * pi).
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    h = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * gamma + beta
    z = h @ w1 + b1
    g = 0.5 * z * (1 + np.tanh(np.sqrt(2 * np.pi) * (z + 0.044715 * z**3)))
    return x + g @ w2 + b2
