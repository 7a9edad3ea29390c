# wrong: nanoGPT habit `wpe[:t]`: assumes the positions are always 0..seq_len-1 and slices the first rows, ignoring the actual values.
# diagnosis: slices-first-positions
# proposed: ignores-position-values: look up table[positions]; positions need not be 0, 1, ..., seq_len - 1.
import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    seq_len = positions.shape[-1]
    if seq_len > max_len:
        raise IndexError(f"position {seq_len - 1} is out of range for a table of length {max_len}")
    return np.broadcast_to(table[:seq_len], positions.shape + table.shape[1:]).copy()
