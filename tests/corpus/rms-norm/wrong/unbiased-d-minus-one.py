# wrong: Divides the sum of squares by d - 1, "unbiased" as for a sample variance.
# diagnosis: scaled
# proposed: divides-by-d-minus-one: the mean square divides by d, the number of features, not d - 1.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    d = x.shape[-1]
    mean_square = np.sum(x**2, axis=-1, keepdims=True) / (d - 1)
    return x / np.sqrt(mean_square + eps) * gamma
