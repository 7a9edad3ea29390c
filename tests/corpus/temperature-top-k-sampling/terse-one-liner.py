# Competitive-programming style: the whole pipeline in one return with two walruses.
import numpy as np


def sample(logits, temperature, k, uniform):
    return np.argmax(np.cumsum((e := np.exp((z := np.where(logits >= np.sort(logits, 1)[:, [-k]], logits, -np.inf) / temperature) - z.max(1, keepdims=True))) / e.sum(1, keepdims=True), 1) > uniform[:, None], 1).astype(np.int64)
