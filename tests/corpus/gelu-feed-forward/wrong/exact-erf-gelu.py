# wrong: Uses the exact erf GELU (via an Abramowitz-Stegun erf approximation, since NumPy has no erf) instead of the tanh form the statement asks for.
# diagnosis: exact-erf-form
# proposed: erf-not-tanh-gelu: the statement asks for the tanh approximation (as GPT-2); the exact erf form differs by up to about 1e-3.

import numpy as np


def _erf(v):
    # Abramowitz and Stegun 7.1.26, max error 1.5e-7.
    sign = np.sign(v)
    a = np.abs(v)
    t = 1.0 / (1.0 + 0.3275911 * a)
    poly = t * (0.254829592 + t * (-0.284496736 + t * (1.421413741 + t * (-1.453152027 + t * 1.061405429))))
    return sign * (1.0 - poly * np.exp(-a * a))


def feed_forward(x, w1, b1, w2, b2):
    z = x @ w1 + b1
    return 0.5 * z * (1.0 + _erf(z / np.sqrt(2.0))) @ w2 + b2
