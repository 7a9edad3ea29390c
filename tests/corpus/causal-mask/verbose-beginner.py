# Beginner with a comment on every step, after reading "The Illustrated GPT-2".
import numpy as np


def causal_mask(scores):
    # scores[..., i, j] is how much query i looks at key j.
    # A query may look at itself and at earlier keys, but never at later ones.
    number_of_tokens = scores.shape[-1]

    # Make a T x T grid of True/False: True means "this key is in the future".
    # np.triu keeps the upper triangle; k=1 leaves out the diagonal (a token may see itself).
    all_true = np.ones((number_of_tokens, number_of_tokens), dtype=bool)
    is_future = np.triu(all_true, k=1)

    # Copy first, so the caller's scores are not changed.
    masked_scores = scores.copy()

    # Put -inf wherever the key is in the future. The ... means "for every batch and every head".
    masked_scores[..., is_future] = -np.inf

    return masked_scores
