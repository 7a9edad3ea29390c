# wrong: casts the embeddings to float32 "as in PyTorch", losing precision (the statement asks for float64).
# diagnosis: casts-to-float32
# proposed: low-precision: keep the table's float64 values; float32 rounds them.
import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    bad = (positions < 0) | (positions >= max_len)
    if bad.any():
        raise IndexError(f"position {positions[bad][0]} is out of range for a table of length {max_len}")
    return table[positions].astype(np.float32)
