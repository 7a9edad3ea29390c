# Learner who imports the names they need from numpy and writes the maths without `np.`.
from numpy import mean, pi, sqrt, tanh, var


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    normed = (x - mean(x, axis=-1, keepdims=True)) / sqrt(var(x, axis=-1, keepdims=True) + eps)
    h = normed * gamma + beta
    z = h @ w1 + b1
    gelu = 0.5 * z * (1 + tanh(sqrt(2 / pi) * (z + 0.044715 * z**3)))
    return x + (gelu @ w2 + b2)
