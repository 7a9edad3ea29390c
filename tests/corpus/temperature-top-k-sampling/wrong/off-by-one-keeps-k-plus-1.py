# wrong: takes the threshold from sorted[:, -k - 1], one place too far, so k + 1 tokens survive.
# diagnosis: kth-off-by-one
# proposed: top-k-off-by-one: In an ascending sort the k-th largest is at column -k; column -k - 1 is the (k + 1)-th.
import numpy as np


def sample(logits, temperature, k, uniform):
    vocab = logits.shape[1]
    kth = np.sort(logits, axis=1)[:, [max(vocab - k - 1, 0)]]
    z = np.where(logits >= kth, logits, -np.inf) / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(p, axis=1) > uniform[:, None], axis=1).astype(np.int64)
