# wrong: returns the argmax of the filtered logits (greedy decoding), ignoring the temperature and the uniform draws.
# diagnosis: greedy-argmax
# proposed: greedy-not-sampled: Sampling draws from the distribution with the given u: the first index whose cumulative probability exceeds u, not always the most likely token.
import numpy as np


def sample(logits, temperature, k, uniform):
    kth = np.partition(logits, -k, axis=1)[:, [-k]]
    return np.argmax(np.where(logits >= kth, logits, -np.inf) / temperature, axis=1).astype(np.int64)
