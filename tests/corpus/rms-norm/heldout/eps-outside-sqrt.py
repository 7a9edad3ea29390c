# wrong: adds eps to the root mean square, x / (sqrt(mean(x^2)) + eps), instead of inside the root.
# diagnosis: eps-outside-sqrt

import numpy as np


def rms_norm(x: np.ndarray, gamma: np.ndarray, eps: float = 1e-6) -> np.ndarray:
    rms = np.sqrt(np.mean(np.square(x), axis=-1, keepdims=True))
    return gamma * x / (rms + eps)
