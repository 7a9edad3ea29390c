# Imports just the names it needs (from numpy import mean, sqrt, square, asarray) so that
# the body looks like the formula on paper. `mean` and `square` are NumPy's, applied with
# axis=-1 and keepdims=True.
from numpy import asarray, mean, sqrt, square


def layer_norm(x, gamma, beta, eps=1e-5):
    x = asarray(x, dtype=float)
    mu = mean(x, axis=-1, keepdims=True)
    sigma2 = mean(square(x - mu), axis=-1, keepdims=True)
    return gamma * (x - mu) / sqrt(sigma2 + eps) + beta
