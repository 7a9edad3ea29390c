import numpy as np

_SQRT_2_OVER_PI = np.sqrt(2.0 / np.pi)


def feed_forward(x, w1, b1, w2, b2):
    """Reference: gelu(x @ w1 + b1) @ w2 + b2, GELU in its tanh form (GPT-2)."""
    x = np.asarray(x, dtype=np.float64)
    z = x @ w1 + b1                                                # (..., d_ff)
    # np.tanh saturates to +-1 for any size of argument: it never overflows.
    h = 0.5 * z * (1.0 + np.tanh(_SQRT_2_OVER_PI * (z + 0.044715 * z**3)))
    return h @ w2 + b2                                             # (..., d_model)
