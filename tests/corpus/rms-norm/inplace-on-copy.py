# Memory-conscious learner: works in place, but on a copy of x (the input must not change), using
# ufuncs with out= and augmented assignment.
import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    out = np.array(x, dtype=np.float64, copy=True)
    mean_square = np.mean(np.square(out), axis=-1, keepdims=True)
    mean_square += eps
    np.sqrt(mean_square, out=mean_square)
    out /= mean_square
    out *= gamma
    return out
