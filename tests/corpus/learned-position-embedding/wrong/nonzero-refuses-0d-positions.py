# wrong: finds bad positions with np.nonzero, which NumPy 2 refuses on a single position given as a 0-d array
# diagnosis: nonzero-on-0d-positions, loop-comprehension
# proposed: zero-d-positions: a single position (a 0-d array) is a valid input; np.nonzero cannot take it, use np.any on the comparison instead.
# Port of tf.gather(params, indices) / Keras Embedding: TF on CPU raises InvalidArgumentError
# "indices[i] = p is not in [0, n)"; the learner keeps that wording inside an IndexError.
import numpy as np


def gather(params, indices):
    return np.take(params, indices, axis=0)


def position_embedding(positions, table):
    n = table.shape[0]
    idx = np.nonzero((positions < 0) | (positions >= n))
    if idx[0].size:
        p = positions[tuple(i[0] for i in idx)]
        raise IndexError(f"indices = {p} is not in [0, {n}) (position {p}, table length {n})")
    return gather(table, positions)
