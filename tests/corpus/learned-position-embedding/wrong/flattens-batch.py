# wrong: flattens the positions to 1-D before the lookup and never restores the batch shape: returns (batch * seq_len, d_model).
# diagnosis: flattens-positions
# proposed: flattened-shape: the result must have shape positions.shape + (d_model,); reshape it back.
import numpy as np


def position_embedding(positions, table):
    flat = np.ravel(positions)
    max_len = table.shape[0]
    bad = flat[(flat < 0) | (flat >= max_len)]
    if bad.size:
        raise IndexError(f"position {bad[0]} is out of range for a table of length {max_len}")
    return table[flat]
