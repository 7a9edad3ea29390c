# Translated from the TensorFlow "Transformer model for language understanding" tutorial:
# get_angles(pos, i, d_model) uses 2 * (i // 2) over *all* column indices, then
# the even columns get np.sin and the odd ones np.cos in place on angle_rads.
# Unlike the tutorial it returns a plain 2-D float64 table (no batch axis, no tf.cast).
import numpy as np


def get_angles(pos, i, d_model):
    angle_rates = 1 / np.power(10000, (2 * (i // 2)) / np.float64(d_model))
    return pos * angle_rates


def positional_encoding(max_len, d_model):
    angle_rads = get_angles(np.arange(max_len)[:, np.newaxis],
                            np.arange(d_model)[np.newaxis, :],
                            d_model)
    # apply sin to even indices in the array; 2i
    angle_rads[:, 0::2] = np.sin(angle_rads[:, 0::2])
    # apply cos to odd indices in the array; 2i+1
    angle_rads[:, 1::2] = np.cos(angle_rads[:, 1::2])
    return angle_rads
