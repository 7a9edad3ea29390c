# Prints a 4x4 example and checks a (batch, heads, T, T) stack under `if __name__ == "__main__":`.
import numpy as np


def causal_mask(scores):
    T = scores.shape[-1]
    return np.where(np.tril(np.ones((T, T), dtype=bool)), scores, -np.inf)


if __name__ == "__main__":
    print(causal_mask(np.arange(16.0).reshape(4, 4)))
    stack = np.random.default_rng(0).normal(size=(2, 3, 5, 5))
    masked = causal_mask(stack)
    assert masked.shape == stack.shape
    assert np.isneginf(masked[..., 0, 1:]).all()
    assert np.array_equal(masked[..., 4, :], stack[..., 4, :])
