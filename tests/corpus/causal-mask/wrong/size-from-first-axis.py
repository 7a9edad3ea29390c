# wrong: reads T from scores.shape[0], which is the batch size when there are leading axes.
# diagnosis: size-from-first-axis
# proposed: size-from-wrong-axis: T is scores.shape[-1]; leading axes are batch and heads.
import numpy as np


def causal_mask(scores):
    T = scores.shape[0]
    future = np.triu(np.ones((T, T), dtype=bool), k=1)
    return np.where(future, -np.inf, scores)
