# Thinks in 2-D: flattens positions to a vector, gathers rows, reshapes to positions.shape + (d_model,).
import numpy as np


def position_embedding(positions, table):
    max_len, d_model = table.shape
    flat = positions.reshape(-1)
    bad = flat[(flat < 0) | (flat >= max_len)]
    if bad.size:
        raise IndexError(f"position {bad[0]} out of range, table length is {max_len}")
    return table[flat].reshape(positions.shape + (d_model,))
