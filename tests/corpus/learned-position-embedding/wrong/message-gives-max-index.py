# wrong: the message names the largest valid index (max_len - 1) instead of the table's length, and reports how many positions were bad rather than which.
# diagnosis: message-without-numbers
# proposed: message-lacks-details: name the offending position itself and the table's length.
import numpy as np


def position_embedding(positions, table):
    last = table.shape[0] - 1
    bad = (positions < 0) | (positions > last)
    if bad.any():
        raise IndexError(f"{int(bad.sum())} positions are outside 0..{last}")
    return table[positions]
