# Competitive-programming one-liner.
import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    return x / np.sqrt((x * x).mean(-1, keepdims=True) + eps) * gamma
