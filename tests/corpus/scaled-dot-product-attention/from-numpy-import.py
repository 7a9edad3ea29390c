# A MATLAB convert who imports the NumPy functions by name
# (`from numpy import exp, sqrt, ...`) so the code reads like maths.
# Uses matmul/transpose/tril/where/inf by their bare names.
from numpy import amax, exp, inf, matmul, ones, sqrt, transpose, tril, where


def attention(Q, K, V, causal=False):
    S = matmul(Q, transpose(K)) / sqrt(Q.shape[1])
    if causal:
        S = where(tril(ones(S.shape)) == 1, S, -inf)
    E = exp(S - amax(S, axis=1, keepdims=True))
    W = E / E.sum(axis=1, keepdims=True)
    return matmul(W, V)
