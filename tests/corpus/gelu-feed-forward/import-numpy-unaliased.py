# `import numpy` without an alias, numpy.dot for the matrix products.
import numpy


def feed_forward(x, w1, b1, w2, b2):
    pre_activation = numpy.dot(x, w1) + b1
    cubic = pre_activation + 0.044715 * numpy.power(pre_activation, 3)
    activation = 0.5 * pre_activation * (1.0 + numpy.tanh(numpy.sqrt(2.0 / numpy.pi) * cubic))
    return numpy.dot(activation, w2) + b2
