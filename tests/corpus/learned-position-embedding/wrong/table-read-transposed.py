# wrong: thinks of the table as (d_model, max_len) (one column per position, as in some slides) and indexes its columns.
# diagnosis: table-transposed
# proposed: table-transposed: the table is (max_len, d_model); position p is row p, not column p.
import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[1]
    bad = (positions < 0) | (positions >= max_len)
    if bad.any():
        raise IndexError(f"position {positions[bad][0]} is out of range for a table of length {max_len}")
    return np.moveaxis(table[:, positions], 0, -1)
