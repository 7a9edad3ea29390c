# A learner who takes "turn the point about the origin" literally: convert
# each pair to polar coordinates (np.hypot for the radius, np.arctan2 for the
# angle), add pos * theta_i to the angle, and convert back. Lengths are
# preserved by construction.
import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    u, v = x[:, 0::2], x[:, 1::2]
    radius = np.hypot(u, v)
    phi = np.arctan2(v, u)
    theta = 10000.0 ** (-2.0 * np.arange(d // 2) / d)
    phi = phi + np.arange(seq_len)[:, None] * theta
    out = np.empty((seq_len, d))
    out[:, 0::2] = radius * np.cos(phi)
    out[:, 1::2] = radius * np.sin(phi)
    return out
