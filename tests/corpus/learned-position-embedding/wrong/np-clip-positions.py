# wrong: "recovers" from bad positions by clipping them into range with np.clip and returning anyway, instead of raising.
# diagnosis: clips-positions
# proposed: clamps-positions: a position outside [0, max_len) must raise IndexError, not be clipped to the nearest row.
import numpy as np


def position_embedding(positions, table):
    safe = np.clip(positions, 0, table.shape[0] - 1)
    return table[safe]
