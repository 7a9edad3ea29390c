# Broadcasting trick: adds the row number to each row's CDF so one flat np.searchsorted
# (side="right", i.e. first value > u) serves every row at once, then removes the offsets.
import numpy as np


def sample(logits, temperature, k, uniform):
    batch, vocab = logits.shape
    kth = np.partition(logits, vocab - k, axis=1)[:, vocab - k : vocab - k + 1]
    z = np.where(logits >= kth, logits, -np.inf) / temperature
    p = np.exp(z - z.max(axis=1, keepdims=True))
    cdf = np.cumsum(p / p.sum(axis=1, keepdims=True), axis=1)
    rows = np.arange(batch)
    flat = (cdf + rows[:, None]).ravel()
    positions = np.searchsorted(flat, uniform + rows, side="right")
    return (positions - rows * vocab).astype(np.int64)
