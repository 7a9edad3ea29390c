# Uses np.tensordot to contract the feature axis against a vector of ones and divides by d,
# then restores the axis with np.expand_dims. A physicist's habit: every reduction is a
# contraction.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    d = x.shape[-1]
    ones = np.ones(d)
    mean = np.expand_dims(np.tensordot(x, ones, axes=([-1], [0])) / d, -1)
    c = x - mean
    var = np.expand_dims(np.tensordot(c * c, ones, axes=([-1], [0])) / d, -1)
    return gamma * c / np.sqrt(var + eps) + beta
