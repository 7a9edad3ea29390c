import numpy as np


def position_embedding(positions, table):
    """Return the learned embedding of every position: shape positions.shape + (d_model,).

    table has shape (max_len, d_model). A position < 0 or >= max_len raises IndexError,
    naming the position and max_len.
    """
    # Your code here
    pass
