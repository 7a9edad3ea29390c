# wrong: the IndexError message names the offending position but not the length of the table.
# diagnosis: message-without-numbers
# proposed: message-lacks-length: also say how long the table is, so the learner sees the valid range.
import numpy as np


def position_embedding(positions, table):
    bad = positions[(positions < 0) | (positions >= table.shape[0])]
    if bad.size:
        raise IndexError(f"invalid position: {bad[0]}")
    return table[positions]
