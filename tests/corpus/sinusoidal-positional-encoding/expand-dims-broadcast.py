# Uses np.expand_dims instead of [:, None] to make the position column and the
# frequency row explicit, because the author finds the None indexing cryptic.
# The two halves are combined with np.concatenate on a new last axis then reshaped.
import numpy as np


def positional_encoding(max_len, d_model):
    positions = np.expand_dims(np.arange(max_len, dtype=float), axis=1)       # (L, 1)
    freqs = np.expand_dims(10000.0 ** (-np.arange(0, d_model, 2) / d_model), 0)  # (1, d/2)
    angles = positions * freqs
    pairs = np.concatenate(
        [np.expand_dims(np.sin(angles), -1), np.expand_dims(np.cos(angles), -1)], axis=-1
    )
    return pairs.reshape(max_len, d_model)
