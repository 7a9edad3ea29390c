import numpy as np


def softmax(x, axis=-1):
    moved = np.moveaxis(x, axis, -1)
    rows = moved.reshape(-1, moved.shape[-1])
    out = np.empty_like(rows)
    for i in range(rows.shape[0]):
        e = np.exp(rows[i] - rows[i].max())
        out[i] = e / e.sum()
    return np.moveaxis(out.reshape(moved.shape), -1, axis)
