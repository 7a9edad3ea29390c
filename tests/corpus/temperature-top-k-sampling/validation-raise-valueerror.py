# Defensive learner: validates temperature, k and the shapes with ValueError before sampling.
import numpy as np


def sample(logits, temperature, k, uniform):
    if logits.ndim != 2:
        raise ValueError(f"logits must be (B, V), got {logits.shape}")
    batch, vocab = logits.shape
    if not temperature > 0:
        raise ValueError(f"temperature must be > 0, got {temperature}")
    if not 1 <= k <= vocab:
        raise ValueError(f"k must be in [1, {vocab}], got {k}")
    if uniform.shape != (batch,):
        raise ValueError(f"uniform must have shape ({batch},), got {uniform.shape}")
    if np.any(uniform < 0) or np.any(uniform >= 1):
        raise ValueError("uniform draws must lie in [0, 1)")
    kth = np.partition(logits, vocab - k, axis=1)[:, vocab - k]
    z = np.where(logits >= kth[:, None], logits, -np.inf) / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(p, axis=1) > uniform[:, None], axis=1).astype(np.int64)
