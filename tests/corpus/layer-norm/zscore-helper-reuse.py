# Splits the work into a reusable `_zscore(x, axis, eps)` helper (the statistics part) and
# the learned affine transform in the entry function, since the learner had a z-score
# function lying around from a statistics course.
import numpy as np


def _zscore(x, axis=-1, eps=0.0):
    mu = np.mean(x, axis=axis, keepdims=True)
    var = np.var(x, axis=axis, keepdims=True)
    return (x - mu) / np.sqrt(var + eps)


def layer_norm(x, gamma, beta, eps=1e-5):
    return _zscore(x, axis=-1, eps=eps) * gamma + beta
