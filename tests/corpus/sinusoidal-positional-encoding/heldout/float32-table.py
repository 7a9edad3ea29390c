# wrong: returns the table as float32, as the TensorFlow tutorial does with tf.cast(pos_encoding, tf.float32), losing precision.
# diagnosis: none
# proposed: float32-output: The table must stay float64; casting it to float32 rounds every entry to about seven digits.

import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.arange(max_len)[:, None]
    omega = np.exp(np.arange(0, d_model, 2) * -(np.log(10000.0) / d_model))
    angles = positions * omega
    pe = np.empty((max_len, d_model), dtype=np.float32)
    pe[:, 0::2] = np.sin(angles)
    pe[:, 1::2] = np.cos(angles)
    return pe
