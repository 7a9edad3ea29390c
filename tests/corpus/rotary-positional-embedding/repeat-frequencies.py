# A learner who works at full width d: theta is repeated per pair with
# np.repeat(theta, 2) so cos/sin tables are (seq_len, d), and the
# "partner" of each column is built by swapping neighbours and flipping the
# sign of the even ones: partner = [-x1, x0, -x3, x2, ...].
import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    theta = 10000.0 ** (-2.0 * np.arange(d // 2) / d)
    theta_full = np.repeat(theta, 2)  # [t0, t0, t1, t1, ...]
    angles = np.arange(seq_len)[:, None] * theta_full[None, :]
    partner = x.reshape(seq_len, d // 2, 2)[..., ::-1].reshape(seq_len, d)
    partner = partner * np.tile([-1.0, 1.0], d // 2)
    return x * np.cos(angles) + partner * np.sin(angles)
