# The kind of answer that gets upvoted on Stack Overflow ("how to interleave sin and cos?"):
# compute both halves from one angle grid, np.stack them on a new last axis and
# reshape (max_len, d/2, 2) -> (max_len, d), which interleaves sin/cos column by column.
import numpy as np


def positional_encoding(max_len, d_model):
    angles = np.arange(max_len)[:, None] / np.power(10000, np.arange(0, d_model, 2) / d_model)
    return np.stack([np.sin(angles), np.cos(angles)], axis=-1).reshape(max_len, d_model)
