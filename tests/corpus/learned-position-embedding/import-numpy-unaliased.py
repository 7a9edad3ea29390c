# `import numpy` without the alias, spelled out in full.
import numpy


def position_embedding(positions, table):
    max_len = table.shape[0]
    offenders = numpy.extract((positions < 0) | (positions >= max_len), positions)
    if offenders.size != 0:
        raise IndexError("position %d out of range for max_len %d" % (offenders[0], max_len))
    return numpy.asarray(table[positions], dtype=numpy.float64)
