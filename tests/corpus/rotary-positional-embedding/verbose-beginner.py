# A beginner who comments every line and names everything in full words;
# they make a copy of x first so that the input is certainly untouched,
# then overwrite the even and odd columns of the copy from saved originals.
# The angle table is built by broadcasting a column against a row.
import numpy as np


def apply_rope(x):
    """Apply rotary position embeddings to x of shape (seq_len, d)."""
    # Work on a float copy so we never change the caller's array.
    vectors = np.array(x, dtype=float)

    # Read the two sizes from the shape.
    number_of_positions = vectors.shape[0]
    number_of_columns = vectors.shape[1]
    number_of_pairs = number_of_columns // 2

    # Pair index i = 0, 1, ..., d/2 - 1 as a row vector of shape (1, d/2).
    pair_index = np.arange(number_of_pairs).reshape(1, number_of_pairs)

    # Angular speed of each pair: theta_i = 10000^(-2i/d).
    angular_speed = 10000.0 ** (-2.0 * pair_index / number_of_columns)

    # Positions 0, 1, ..., seq_len - 1 as a column vector of shape (seq_len, 1).
    position = np.arange(number_of_positions).reshape(number_of_positions, 1)

    # Broadcasting the column against the row gives the (seq_len, d/2) angle table.
    angle = position * angular_speed

    # Cosine and sine of every angle.
    cosine = np.cos(angle)
    sine = np.sin(angle)

    # Save the ORIGINAL first and second members of every pair before overwriting.
    first_member = vectors[:, 0::2].copy()
    second_member = vectors[:, 1::2].copy()

    # Counterclockwise rotation: the minus sign goes in the first output.
    vectors[:, 0::2] = first_member * cosine - second_member * sine
    vectors[:, 1::2] = first_member * sine + second_member * cosine

    # Same shape as the input.
    return vectors
