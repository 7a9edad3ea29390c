# wrong: takes positions modulo max_len "so long sequences reuse the table", which never raises and wraps negatives too.
# diagnosis: wraps-modulo
# proposed: wraps-positions: positions beyond the table are an error, not a cue to wrap around; raise IndexError.
import numpy as np


def position_embedding(positions, table):
    return table[positions % table.shape[0]]
