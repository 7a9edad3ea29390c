# A learner who first reached for np.tile and then noticed that tiling the
# 1-D theta gives the "rotate half" layout; tiling a trailing axis of
# length 1 and reshaping gives the interleaved [a0, a0, a1, a1, ...] instead.
import numpy as np


def apply_rope(x):
    n, d = x.shape
    half = d // 2
    theta = 10000.0 ** (-np.arange(half) / half)  # -2i/d == -i/(d/2)
    angles = np.arange(n).reshape(n, 1) * theta.reshape(1, half)
    angles = np.tile(angles[:, :, None], (1, 1, 2)).reshape(n, d)
    cos, sin = np.cos(angles), np.sin(angles)
    rot = np.empty_like(x, dtype=float)
    rot[:, 0::2] = -x[:, 1::2]
    rot[:, 1::2] = x[:, 0::2]
    return x * cos + rot * sin
