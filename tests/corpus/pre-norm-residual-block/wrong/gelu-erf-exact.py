# wrong: uses the exact erf GELU, 0.5 z (1 + erf(z / sqrt 2)), with a hand-written erf, instead of the tanh form.
# diagnosis: gelu-exact-erf
# proposed: gelu-exact-erf: The statement asks for GPT-2's tanh approximation of GELU; the erf form gives slightly different values.
import numpy as np


def _erf(t):
    # Abramowitz-Stegun 7.1.26, accurate to about 1e-7: the learner's stand-in for scipy's erf.
    sign = np.sign(t)
    a = np.abs(t)
    s = 1.0 / (1.0 + 0.3275911 * a)
    poly = s * (0.254829592 + s * (-0.284496736 + s * (1.421413741 + s * (-1.453152027 + s * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    h = (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * gamma + beta
    z = h @ w1 + b1
    return x + (0.5 * z * (1.0 + _erf(z / np.sqrt(2.0)))) @ w2 + b2
