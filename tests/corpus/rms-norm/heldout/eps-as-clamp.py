# wrong: guards the division like F.normalize, max(rms, eps), instead of adding eps to the mean square.
# diagnosis: none
# proposed: eps-as-clamp: eps is added to the mean square inside the root; clamping the root from below only agrees when the mean square is far from eps.

import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    rms = np.sqrt((x ** 2).mean(axis=-1, keepdims=True))
    return x / np.maximum(rms, eps) * gamma
