# A learner who writes `import numpy` without an alias and spells out
# numpy.* everywhere; otherwise the plain slice-assignment solution with
# numpy.zeros_like for the output buffer.
import numpy


def apply_rope(x):
    seq_len, d = x.shape
    pair = numpy.arange(d // 2)
    theta = numpy.power(10000.0, -2.0 * pair / d)
    angles = numpy.arange(seq_len).reshape(seq_len, 1) * theta
    cos_a = numpy.cos(angles)
    sin_a = numpy.sin(angles)
    out = numpy.zeros_like(x, dtype=numpy.float64)
    out[:, 0::2] = x[:, 0::2] * cos_a - x[:, 1::2] * sin_a
    out[:, 1::2] = x[:, 0::2] * sin_a + x[:, 1::2] * cos_a
    return out
