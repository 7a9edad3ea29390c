# Modelled on KerasNLP's SinePositionEncoding layer: timescales over *all* hidden indices
# with 2 * (i // 2), then a 0/1 cos_mask on odd indices and sin_mask = 1 - cos_mask, and
# the table is sin(angles) * sin_mask + cos(angles) * cos_mask (a blend instead of slicing).
import numpy as np


def positional_encoding(max_len, d_model, max_wavelength=10000.0):
    hidden = np.arange(d_model)
    timescales = np.power(max_wavelength, -(2 * (hidden // 2)).astype(np.float64) / d_model)
    angles = np.arange(max_len, dtype=np.float64)[:, None] * timescales[None, :]
    cos_mask = (hidden % 2).astype(np.float64)
    sin_mask = 1.0 - cos_mask
    return np.sin(angles) * sin_mask + np.cos(angles) * cos_mask
