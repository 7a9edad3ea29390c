# wrong: ignores the uniform argument and draws its own random numbers from a seeded np.random generator.
# diagnosis: ignores-uniform
# proposed: ignores-uniform: Use the draws passed in as `uniform`, one per row, so the sample is reproducible and the same for every correct solution.
import numpy as np


def sample(logits, temperature, k, uniform):
    u = np.random.default_rng(0).random(logits.shape[0])
    kth = np.partition(logits, -k, axis=1)[:, [-k]]
    z = np.where(logits >= kth, logits, -np.inf) / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    p /= p.sum(axis=1, keepdims=True)
    return np.argmax(np.cumsum(p, axis=1) > u[:, None], axis=1).astype(np.int64)
