# Functional style with module-level lambdas for each stage: _mean, _var, _standardize.
# Each lambda works on whole arrays along the last axis; the entry function composes them.
# Someone who enjoys point-free code more than they should.
import numpy as np

_mean = lambda a: a.mean(axis=-1, keepdims=True)
_var = lambda a: _mean((a - _mean(a)) ** 2)
_standardize = lambda a, eps: (a - _mean(a)) / np.sqrt(_var(a) + eps)


def layer_norm(x, gamma, beta, eps=1e-5):
    return gamma * _standardize(x, eps) + beta
