# TF tutorial port: `mask = 1 - tf.linalg.band_part(tf.ones((size, size)), -1, 0)` (1 = future).
# band_part(-1, 0) keeps the lower triangle: np.tril. The tutorial adds mask * -1e9; the statement wants -inf,
# so the learner uses np.where instead of the multiply (0 * -inf would be nan).
import numpy as np


def create_look_ahead_mask(size):
    return 1 - np.tril(np.ones((size, size)))


def causal_mask(scores):
    look_ahead = create_look_ahead_mask(scores.shape[-1])
    return np.where(look_ahead == 1, -np.inf, scores)
