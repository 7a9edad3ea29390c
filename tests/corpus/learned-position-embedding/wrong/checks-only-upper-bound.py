# wrong: checks positions >= max_len but forgets negative positions, which wrap around.
# diagnosis: no-bounds-check
# proposed: negative-position-wraps: a negative position must raise IndexError too; NumPy would wrap it to the end.
import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    if np.any(positions >= max_len):
        raise IndexError(f"position {positions.max()} is out of range for a table of length {max_len}")
    return table[positions]
