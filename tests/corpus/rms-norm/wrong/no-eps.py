# wrong: Leaves eps out ("it is tiny anyway"), so a vector of zeros gives 0/0 = nan and small vectors are over-amplified.
# diagnosis: no-eps
# proposed: eps-ignored: add eps inside the square root; without it an all-zero vector divides 0 by 0.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    return x / np.sqrt(np.mean(x**2, axis=-1, keepdims=True)) * gamma
