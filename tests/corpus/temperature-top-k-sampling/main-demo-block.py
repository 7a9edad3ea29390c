# Student who tries a few settings in an `if __name__ == "__main__":` block: k=1 must be greedy
# whatever u is, and a high temperature spreads the samples.
import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.partition(logits, -k, axis=-1)[..., [-k]]
    z = np.where(logits >= kth, logits, -np.inf) / temperature
    p = np.exp(z - z.max(-1, keepdims=True))
    p /= p.sum(-1, keepdims=True)
    return np.argmax(p.cumsum(-1) > uniform[:, None], axis=-1).astype(np.int64)


if __name__ == "__main__":
    rng = np.random.default_rng(1)
    logits = rng.normal(size=(3, 10))
    u = rng.random(3)
    assert np.array_equal(sample(logits, 1.0, 1, u), logits.argmax(axis=1))
    print(sample(logits, 0.1, 5, u), sample(logits, 10.0, 5, u))
    print(sample(np.array([[1000.0, 999.0, -1000.0]]), 0.5, 2, np.array([0.9])))
