# wrong: "cleans" the scores with np.nan_to_num first, turning any -inf already in the allowed region into a finite -1.8e308.
# diagnosis: none
# proposed: sanitises-input-infinities: A -inf the caller already put in the scores is part of the input and must come back as -inf, not be replaced by a finite number.

import numpy as np


def causal_mask(scores):
    clean = np.nan_to_num(scores)  # guard against stray infinities before masking
    t = clean.shape[-1]
    i = np.arange(t)[:, None]
    j = np.arange(t)[None, :]
    return np.where(j > i, -np.inf, clean)
