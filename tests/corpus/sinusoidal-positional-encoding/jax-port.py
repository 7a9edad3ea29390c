# Ported from a JAX/Flax example where arrays are immutable: instead of slice assignment
# the table is produced functionally by stacking sin and cos on a new axis and reshaping,
# with `jnp` simply replaced by `np`. Keeps the Flax-style helper name.
import numpy as np


def sinusoidal_init(max_len, d_feature, max_scale=10000.0):
    position = np.arange(0, max_len)[:, np.newaxis]
    scale_factor = -np.log(max_scale) / d_feature
    div_term = np.exp(np.arange(0, d_feature, 2) * scale_factor)
    angles = position * div_term
    return np.stack([np.sin(angles), np.cos(angles)], axis=-1).reshape(max_len, d_feature)


def positional_encoding(max_len, d_model):
    return sinusoidal_init(max_len, d_model)
