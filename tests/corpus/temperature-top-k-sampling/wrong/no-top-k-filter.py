# wrong: applies the temperature and samples from the full vocabulary, never filtering to the top k.
# diagnosis: top-k-not-applied
# proposed: top-k-not-applied: Before the softmax, every logit below the row's k-th largest must become -inf so only the top k can be drawn.
import numpy as np


def sample(logits, temperature, k, uniform):
    z = logits / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(p, axis=1) > uniform[:, None], axis=1).astype(np.int64)
