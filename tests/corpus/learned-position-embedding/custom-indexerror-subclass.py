# Likes custom exceptions: PositionOutOfRange subclasses IndexError (so `except IndexError` still
# catches it) and builds its own message from the position and the length.
import numpy as np


class PositionOutOfRange(IndexError):
    def __init__(self, position, max_len):
        super().__init__(f"position {position} is out of range for a table of length {max_len}")
        self.position = position
        self.max_len = max_len


def position_embedding(positions, table):
    max_len = table.shape[0]
    where_bad = np.argwhere((positions < 0) | (positions >= max_len))
    if len(where_bad):
        raise PositionOutOfRange(int(positions[tuple(where_bad[0])]), max_len)
    return table[positions]
