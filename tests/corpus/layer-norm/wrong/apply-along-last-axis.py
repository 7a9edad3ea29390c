# wrong: wraps a per-vector function in np.apply_along_axis over axis -1 (values right, but a hidden Python loop).
# diagnosis: python-loop, loop-apply-along-axis

import numpy as np


def _norm_vec(v, gamma, beta, eps):
    mu = v.mean()
    return gamma * (v - mu) / np.sqrt(v.var() + eps) + beta


def layer_norm(x, gamma, beta, eps=1e-5):
    return np.apply_along_axis(_norm_vec, -1, np.asarray(x, dtype=float), gamma, beta, eps)
