# wrong: keeps exactly the k indices np.argpartition returns, so a logit tied with the k-th value is dropped arbitrarily.
# diagnosis: ties-dropped
# proposed: ties-dropped: Compare values, not positions: every logit equal to the k-th largest is kept, which can be more than k tokens.
import numpy as np


def sample(logits, temperature, k, uniform):
    top = np.argpartition(logits, -k, axis=1)[:, -k:]
    keep = np.zeros(logits.shape, dtype=bool)
    np.put_along_axis(keep, top, True, axis=1)
    z = np.where(keep, logits, -np.inf) / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(p, axis=1) > uniform[:, None], axis=1).astype(np.int64)
