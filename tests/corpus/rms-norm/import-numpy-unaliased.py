# `import numpy` without the usual alias; a learner who never picked up the `np` convention.
# The power -0.5 gives the reciprocal root in one step.
import numpy


def rms_norm(x, gamma, eps=1e-6):
    mean_square = numpy.mean(numpy.power(x, 2), axis=-1, keepdims=True)
    return x * numpy.power(mean_square + eps, -0.5) * gamma
