# Writes `import numpy` without the usual `as np` alias, spelling numpy.* everywhere.
# Otherwise a plain broadcasting solution with numpy.power for the frequencies.
# The kind of file produced by someone who never picked up the np convention.
import numpy


def positional_encoding(max_len, d_model):
    positions = numpy.arange(max_len).reshape(max_len, 1)
    frequencies = numpy.power(10000.0, -numpy.arange(0, d_model, 2) / d_model)
    angles = positions * frequencies
    encoding = numpy.zeros((max_len, d_model))
    encoding[:, 0::2] = numpy.sin(angles)
    encoding[:, 1::2] = numpy.cos(angles)
    return encoding
