# Learned that an embedding is a one-hot vector times a matrix (the Keras/CS231n explanation):
# builds one-hot rows with np.eye and multiplies by the table.
import numpy as np


def position_embedding(positions, table):
    max_len = table.shape[0]
    mask = (positions < 0) | (positions >= max_len)
    if mask.any():
        raise IndexError(f"position {positions[mask][0]} is out of range (max_len = {max_len})")
    one_hot = np.eye(max_len)[positions]  # positions.shape + (max_len,)
    return one_hot @ table
