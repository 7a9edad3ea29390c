# Writes `import numpy` and spells out `numpy.` everywhere (no alias), as some textbooks do.
import numpy


def softmax(x, axis=-1):
    largest = numpy.max(x, axis=axis, keepdims=True)
    numerators = numpy.exp(x - largest)
    denominators = numpy.sum(numerators, axis=axis, keepdims=True)
    return numerators / denominators
