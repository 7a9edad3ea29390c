# Student who tries the statement's examples in an `if __name__ == "__main__":` block
# (large values, -inf, a 3-D input with a positive axis). Nothing runs on import.
import numpy as np


def softmax(x, axis=-1):
    z = x - np.max(x, axis=axis, keepdims=True)
    p = np.exp(z)
    return p / p.sum(axis=axis, keepdims=True)


if __name__ == "__main__":
    print(softmax(np.array([1000.0, 1001.0, 1002.0])))
    print(softmax(np.array([-1000.0, 0.0, 1000.0])))
    print(softmax(np.array([0.0, -np.inf, 1.0])))
    cube = np.random.default_rng(0).normal(size=(2, 3, 4))
    assert np.allclose(softmax(cube, axis=1).sum(axis=1), 1.0)
