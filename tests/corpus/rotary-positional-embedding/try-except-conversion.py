# A learner who wraps the conversion to a float array in try/except and
# re-raises a friendlier TypeError; the rotation itself uses np.multiply /
# np.subtract / np.add called as functions.
import numpy as np


def apply_rope(x):
    try:
        arr = np.array(x, dtype=np.float64)  # always a fresh copy, x is never touched
    except (TypeError, ValueError) as err:
        raise TypeError("apply_rope expects a numeric array of shape (seq_len, d)") from err
    seq_len, d = arr.shape
    theta = np.float_power(10000.0, -2.0 * np.arange(d // 2) / d)
    angles = np.multiply(np.arange(seq_len)[:, None], theta[None, :])
    cos, sin = np.cos(angles), np.sin(angles)
    even, odd = arr[:, ::2].copy(), arr[:, 1::2].copy()
    arr[:, ::2] = np.subtract(np.multiply(even, cos), np.multiply(odd, sin))
    arr[:, 1::2] = np.add(np.multiply(even, sin), np.multiply(odd, cos))
    return arr
