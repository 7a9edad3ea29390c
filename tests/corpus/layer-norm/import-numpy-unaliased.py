# Writes `import numpy` and spells numpy.mean, numpy.var, numpy.sqrt in full.
# Otherwise the standard keepdims solution; the unaliased import is the only quirk.
# Common in code written by people who learnt Python before NumPy.
import numpy


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = numpy.mean(x, axis=-1, keepdims=True)
    variance = numpy.var(x, axis=-1, keepdims=True)
    return gamma * (x - mean) / numpy.sqrt(variance + eps) + beta
