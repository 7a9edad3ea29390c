# Writes `import numpy` without the alias (as their first course did) and numpy.dot everywhere.
import numpy


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    mu = numpy.mean(x, axis=1, keepdims=True)
    sigma2 = numpy.mean((x - mu) ** 2, axis=1, keepdims=True)
    x_hat = (x - mu) / numpy.sqrt(sigma2 + eps)
    h = gamma * x_hat + beta
    u = numpy.dot(h, w1) + b1
    u = 0.5 * u * (1.0 + numpy.tanh(numpy.sqrt(2.0 / numpy.pi) * (u + 0.044715 * u**3)))
    return x + numpy.dot(u, w2) + b2
