# Translated from a TensorFlow/Keras RoPE layer: `tf.range`, `tf.einsum`,
# `tf.unstack` of a reshaped (..., d/2, 2) tensor and `tf.stack` + reshape
# become their NumPy equivalents; the "layer" keeps the frequencies as an
# attribute built in __init__-like setup code (a `build` function).
import numpy as np


def build_inverse_freq(dim, max_wavelength=10000.0):
    freq_range = np.arange(0, dim, 2, dtype=np.float64) / dim
    return 1.0 / (max_wavelength ** freq_range)


def call(inputs, inverse_freq):
    seq_len = inputs.shape[0]
    positions = np.arange(seq_len, dtype=np.float64)
    freqs = np.einsum("i,j->ij", positions, inverse_freq)
    cos_emb, sin_emb = np.cos(freqs), np.sin(freqs)
    x1, x2 = np.moveaxis(inputs.reshape(seq_len, -1, 2), -1, 0)  # tf.unstack(..., axis=-1)
    y1 = x1 * cos_emb - x2 * sin_emb
    y2 = x2 * cos_emb + x1 * sin_emb
    return np.stack([y1, y2], axis=-1).reshape(inputs.shape)


def apply_rope(x):
    return call(x, build_inverse_freq(x.shape[-1]))
