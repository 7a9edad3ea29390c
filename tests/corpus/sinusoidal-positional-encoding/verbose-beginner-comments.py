# A beginner's solution: every step gets its own variable and a comment,
# shapes are spelled out, and the even/odd columns are filled separately.
# Nothing clever, just the formula from the statement step by step.
# Uses reshape to turn 1-D vectors into a column and a row before multiplying.
import numpy as np


def positional_encoding(max_len, d_model):
    """Return the (max_len, d_model) sinusoidal position table."""
    # Step 1: the positions 0, 1, ..., max_len - 1
    positions = np.arange(max_len)            # shape (max_len,)

    # Step 2: the index of each column pair 0, 1, ..., d_model/2 - 1
    number_of_pairs = d_model // 2
    pair_index = np.arange(number_of_pairs)   # shape (d_model/2,)

    # Step 3: the exponent 2i / d_model for each pair
    exponent = (2 * pair_index) / d_model

    # Step 4: the frequency omega_i = 1 / 10000^(2i/d_model)
    frequencies = 1.0 / (10000.0 ** exponent)

    # Step 5: make positions a column and frequencies a row so they broadcast
    positions_column = positions.reshape(max_len, 1)              # (max_len, 1)
    frequencies_row = frequencies.reshape(1, number_of_pairs)     # (1, d_model/2)

    # Step 6: every angle pos * omega_i at once
    angles = positions_column * frequencies_row                   # (max_len, d_model/2)

    # Step 7: sines for the even columns, cosines for the odd columns
    sines = np.sin(angles)
    cosines = np.cos(angles)

    # Step 8: put them into the final table
    table = np.zeros((max_len, d_model))
    table[:, 0::2] = sines      # columns 0, 2, 4, ...
    table[:, 1::2] = cosines    # columns 1, 3, 5, ...

    return table
