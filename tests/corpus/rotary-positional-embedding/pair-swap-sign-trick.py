# A learner who reshapes x into (seq_len, d/2, 2) pairs, swaps each pair
# with [..., ::-1] and multiplies by [-1, +1] to get the "perpendicular"
# vector, then rotates as pair * cos + perp * sin with cos/sin broadcast
# over the trailing axis of length 2.
import numpy as np

_SIGNS = np.array([-1.0, 1.0])


def apply_rope(x):
    seq_len, d = x.shape
    pairs = x.reshape(seq_len, d // 2, 2)
    perp = pairs[..., ::-1] * _SIGNS  # (a, b) -> (-b, a)
    theta = 10000.0 ** (-2 * np.arange(d // 2) / d)
    angles = (np.arange(seq_len)[:, None] * theta)[..., None]  # (seq_len, d/2, 1)
    rotated = pairs * np.cos(angles) + perp * np.sin(angles)
    return rotated.reshape(seq_len, d)
