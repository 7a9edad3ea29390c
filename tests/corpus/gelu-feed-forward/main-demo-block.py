# Student who checks gelu(0) == 0, gelu(large) ~ identity and the output shape in a __main__ block.
import numpy as np


def gelu(z):
    return 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))


def feed_forward(x, w1, b1, w2, b2):
    return gelu(x @ w1 + b1) @ w2 + b2


if __name__ == "__main__":
    print(gelu(np.array([-3.0, -1.0, 0.0, 1.0, 3.0])))
    assert gelu(np.array(0.0)) == 0.0
    assert np.isclose(gelu(np.array(10.0)), 10.0)
    rng = np.random.default_rng(0)
    x = rng.standard_normal((2, 5, 8))
    out = feed_forward(x, rng.standard_normal((8, 32)), np.zeros(32), rng.standard_normal((32, 8)), np.zeros(8))
    print(out.shape)
