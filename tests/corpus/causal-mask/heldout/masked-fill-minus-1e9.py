# wrong: ports the HuggingFace masked_fill(mask, -1e9) idiom, so future scores become -1e9 rather than -inf.
# diagnosis: fills-large-negative

import numpy as np

NEG_INF = -1e9  # "large enough" negative number, as in many tutorials


def causal_mask(scores):
    seq_len = scores.shape[-1]
    mask = np.triu(np.ones((seq_len, seq_len)), k=1).astype(bool)
    out = scores.copy()
    out = np.where(mask, NEG_INF, out)
    return out
