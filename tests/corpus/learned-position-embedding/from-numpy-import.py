# Imports just the names it uses from numpy.
from numpy import any as np_any
from numpy import asarray, logical_or


def position_embedding(positions, table):
    positions = asarray(positions)
    length = table.shape[0]
    outside = logical_or(positions < 0, positions >= length)
    if np_any(outside):
        raise IndexError(f"position {positions[outside][0]} is out of range for length {length}")
    return table[positions]
