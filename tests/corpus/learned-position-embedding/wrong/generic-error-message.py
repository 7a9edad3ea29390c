# wrong: raises IndexError but with a fixed message that names neither the offending position nor the table length.
# diagnosis: message-without-numbers
# proposed: message-lacks-details: the IndexError message must say which position was out of range and the table's length.
import numpy as np


def position_embedding(positions, table):
    if np.any((positions < 0) | (positions >= table.shape[0])):
        raise IndexError("position out of range")
    return table[positions]
