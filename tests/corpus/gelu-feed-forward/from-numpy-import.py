# `from numpy import ...` style; pi from NumPy too.
from numpy import matmul, pi, sqrt, tanh


def feed_forward(x, w1, b1, w2, b2):
    z = matmul(x, w1) + b1
    activated = 0.5 * z * (1 + tanh(sqrt(2 / pi) * (z + 0.044715 * z**3)))
    return matmul(activated, w2) + b2
