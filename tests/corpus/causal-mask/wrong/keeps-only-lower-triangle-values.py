# wrong: returns only the allowed scores, scores[..., rows, cols] over np.tril_indices, a flat vector per matrix instead of the (..., T, T) array.
# diagnosis: drops-masked-entries
# proposed: drops-masked-entries: keep the full (..., T, T) shape and write -inf in the future entries.
import numpy as np


def causal_mask(scores):
    rows, cols = np.tril_indices(scores.shape[-1])
    return scores[..., rows, cols]
