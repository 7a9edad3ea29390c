import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    outside = (positions < 0) | (positions >= max_len)
    if outside.any():
        bad = int(positions[outside].flat[0])
        raise IndexError(f"position {bad} is outside the table of length {max_len}")
    # the Transformer paper multiplies embeddings by sqrt(d_model)
    return table[positions] * np.sqrt(table.shape[1])
