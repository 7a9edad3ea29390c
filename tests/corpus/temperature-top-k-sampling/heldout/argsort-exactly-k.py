# wrong: keeps exactly the k indices returned by argsort, so a token tied with the k-th largest logit is dropped.
# diagnosis: ties-dropped

import numpy as np


def sample(logits: np.ndarray, temperature: float, k: int, uniform: np.ndarray) -> np.ndarray:
    B, V = logits.shape
    top = np.argsort(-logits, axis=-1)[:, :k]                  # (B, k) indices of the top-k
    keep = np.zeros((B, V), dtype=bool)
    np.put_along_axis(keep, top, True, axis=-1)
    z = np.where(keep, logits / temperature, -np.inf)
    z -= z.max(axis=-1, keepdims=True)
    probs = np.exp(z)
    probs /= probs.sum(axis=-1, keepdims=True)
    cdf = probs.cumsum(axis=-1)
    return (cdf <= uniform[:, None]).sum(axis=-1).clip(max=V - 1).astype(np.int64)
