# wrong: Spread the angles correctly with np.repeat but built the partner vector with a half split, mixing the interleaved and rotate-half layouts.
# diagnosis: halves-pairing, layouts-mixed

import numpy as np


def apply_rope(x):
    n, d = x.shape
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    ang = np.repeat(np.arange(n)[:, None] * theta, 2, axis=1)
    x1, x2 = np.split(x, 2, axis=1)
    rot = np.hstack([-x2, x1])
    return x * np.cos(ang) + rot * np.sin(ang)
