import numpy as np


def sample(logits, temperature, k, uniform):
    out = np.zeros(logits.shape[0], dtype=np.int64)
    for b in range(logits.shape[0]):
        row = logits[b]
        kth = np.sort(row)[-k]
        scaled = np.where(row >= kth, row, -np.inf) / temperature
        p = np.exp(scaled - scaled.max())
        p = p / p.sum()
        out[b] = np.argmax(np.cumsum(p) > uniform[b])
    return out
