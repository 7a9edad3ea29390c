# Textbook transcription of the RMSNorm formula (Zhang & Sennrich, 2019): rms = sqrt(mean(x^2) + eps)
# over the last axis, then x / rms * gamma. keepdims=True so the division broadcasts for any leading axes.
import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    mean_square = np.mean(x**2, axis=-1, keepdims=True)
    rms = np.sqrt(mean_square + eps)
    return x / rms * gamma
