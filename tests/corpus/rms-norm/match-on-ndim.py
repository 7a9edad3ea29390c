# Learner who handles each rank the statement lists on its own, with a `match` on x.ndim: one
# vector, a batch of rows, and anything with more leading axes flattened into rows and back.
import numpy as np


def _normalise_rows(rows, eps):
    return rows / np.sqrt(np.mean(rows**2, axis=1, keepdims=True) + eps)


def rms_norm(x, gamma, eps=1e-6):
    match x.ndim:
        case 1:
            normed = x / np.sqrt(np.mean(x**2) + eps)
        case 2:
            normed = _normalise_rows(x, eps)
        case _:
            normed = _normalise_rows(x.reshape(-1, x.shape[-1]), eps).reshape(x.shape)
    return normed * gamma
