# wrong: uses numpy.ma.masked_where, returning a MaskedArray whose hidden entries keep their old values instead of -inf.
# diagnosis: returns-masked-array
# proposed: returns-masked-array: a MaskedArray is not the asked-for ndarray with -inf written in; use np.where.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    future = np.broadcast_to(np.triu(np.ones((T, T), dtype=bool), k=1), scores.shape)
    return np.ma.masked_where(future, scores)
