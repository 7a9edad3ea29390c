# wrong: Hard-codes eps = 1e-8 (a value from an optimiser) in the body, ignoring the eps argument.
# diagnosis: eps-argument-ignored
# proposed: eps-argument-ignored: use the eps you are given (default 1e-6); a hard-coded constant changes small vectors.

import numpy as np

EPS = 1e-8


def rms_norm(x, gamma, eps=1e-6):
    return x / np.sqrt(np.mean(x**2, axis=-1, keepdims=True) + EPS) * gamma
