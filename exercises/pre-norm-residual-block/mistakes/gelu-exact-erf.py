import numpy as np


def _erf(t):
    # Numerical Recipes' erfc (Chebyshev fit, |error| < 1.2e-7), since NumPy has no erf.
    a = np.abs(t)
    s = 1.0 / (1.0 + 0.5 * a)
    # Highest power first, as np.polyval wants them.
    coefficients = [
        0.17087277,
        -0.82215223,
        1.48851587,
        -1.13520398,
        0.27886807,
        -0.18628806,
        0.09678418,
        0.37409196,
        1.00002368,
        -1.26551223,
    ]
    poly = np.polyval(coefficients, s)
    erfc = s * np.exp(-a * a + poly)
    return np.where(t >= 0, 1.0 - erfc, erfc - 1.0)


def _layer_norm(x, gamma, beta, eps):
    centred = x - x.mean(axis=-1, keepdims=True)
    variance = (centred**2).mean(axis=-1, keepdims=True)
    return centred / np.sqrt(variance + eps) * gamma + beta


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    z = _layer_norm(x, gamma, beta, eps) @ w1 + b1
    phi = 0.5 * (1.0 + _erf(z / np.sqrt(2.0)))  # the exact normal CDF
    return x + (z * phi) @ w2 + b2
