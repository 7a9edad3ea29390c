# Student who checks the statement's examples inside an `if __name__ == "__main__":` block,
# printing rounded outputs and asserting mean 0 / variance 1 of the normalised rows.
# Nothing is executed on import; the function is the standard keepdims version.
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    mean = x.mean(axis=-1, keepdims=True)
    var = x.var(axis=-1, keepdims=True)
    return gamma * (x - mean) / np.sqrt(var + eps) + beta


if __name__ == "__main__":
    x = np.array([[1.0, 2.0, 3.0, 4.0], [2.0, 2.0, 2.0, 6.0]])
    y = layer_norm(x, np.ones(4), np.zeros(4))
    print(np.round(y, 4))
    assert np.allclose(y.mean(axis=-1), 0.0)
    assert np.allclose(y.var(axis=-1), 1.0, atol=1e-4)
    print(np.round(layer_norm(np.array([[1.0, 2.0, 3.0, 4.0]]),
                              np.array([1.0, 1.0, 2.0, 2.0]),
                              np.array([0.0, 0.0, 0.0, 10.0])), 4))
    print(layer_norm(np.array([3.0, 3.0, 3.0]), np.array([2.0, 2.0, 2.0]), np.array([0.5, -0.5, 1.0])))
    print(layer_norm(np.zeros((2, 3, 8)), np.ones(8), np.zeros(8)).shape)
