# A learner who reuses their solution to the sinusoidal-encoding exercise:
# the table pe[:, 0::2] = sin(pos * theta), pe[:, 1::2] = cos(pos * theta)
# already holds every sin and cos RoPE needs, so they read them back out.
import numpy as np


def sinusoidal_encoding(seq_len, d):
    pe = np.zeros((seq_len, d))
    position = np.arange(seq_len)[:, None]
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    pe[:, 0::2] = np.sin(position * theta)
    pe[:, 1::2] = np.cos(position * theta)
    return pe


def apply_rope(x):
    pe = sinusoidal_encoding(*x.shape)
    sin, cos = pe[:, 0::2], pe[:, 1::2]
    rotated = np.empty(x.shape)
    rotated[:, 0::2] = x[:, 0::2] * cos - x[:, 1::2] * sin
    rotated[:, 1::2] = x[:, 0::2] * sin + x[:, 1::2] * cos
    return rotated
