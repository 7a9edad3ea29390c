# wrong: calls np.tril(scores) thinking it "keeps the lower triangle and removes the rest"; it writes 0 above the diagonal, not -inf.
# diagnosis: fills-zero
# proposed: mask-fills-zero: np.tril writes zeros; the future entries must be -inf.
import numpy as np


def causal_mask(scores):
    return np.tril(scores)
