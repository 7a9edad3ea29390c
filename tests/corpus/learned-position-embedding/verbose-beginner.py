# Beginner following a "transformers from scratch" blog post, one comment per line.
import numpy as np


def position_embedding(positions, table):
    # The table has one row per position: row p is the learned vector for position p.
    number_of_rows = table.shape[0]

    # Find every position that has no row. Negative numbers would quietly count
    # from the end in NumPy (-1 is the last row), so we must refuse them ourselves.
    too_small = positions < 0
    too_big = positions >= number_of_rows
    not_allowed = too_small | too_big

    # If there is any such position, stop with an IndexError that says which one.
    if np.any(not_allowed):
        first_bad_position = positions[not_allowed][0]
        message = f"position {first_bad_position} is out of range: the table only has {number_of_rows} rows"
        raise IndexError(message)

    # Indexing with an array of positions picks one row per position, keeping the shape of positions.
    embeddings = table[positions]
    return embeddings
