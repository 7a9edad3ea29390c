# wrong: reads max_len from the table's second axis (its width, d_model) and clips the positions into it instead of raising.
# diagnosis: none
# proposed: max-len-from-width: max_len is table.shape[0]; a position outside the table raises IndexError.
import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[1]  # one column per position?
    return table[np.clip(positions, 0, max_len - 1)]
