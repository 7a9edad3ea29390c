# A learner who tests as they go: the function plus a __main__ block that
# reruns the statement's examples, checks that lengths are preserved and
# that row 0 is unchanged, and demonstrates the relative-position property.
import numpy as np


def apply_rope(x):
    """Rotate column pairs (2i, 2i+1) of row pos by pos * 10000**(-2i/d)."""
    n, d = x.shape
    angles = np.arange(n)[:, None] * 10000.0 ** (-np.arange(0, d, 2) / d)
    c, s = np.cos(angles), np.sin(angles)
    y = np.empty_like(x, dtype=float)
    y[:, ::2] = x[:, ::2] * c - x[:, 1::2] * s
    y[:, 1::2] = x[:, ::2] * s + x[:, 1::2] * c
    return y


if __name__ == "__main__":
    print(np.round(apply_rope(np.array([[1.0, 0.0], [1.0, 0.0]])), 4))
    print(np.round(apply_rope(np.array([[1.0, 0.0, 1.0, 0.0]] * 3)), 4))
    print(np.round(apply_rope(np.array([[0.0, 2.0]] * 3)), 4))
    x = np.random.default_rng(0).standard_normal((16, 8))
    y = apply_rope(x)
    assert y.shape == x.shape
    assert np.allclose(y[0], x[0])
    assert np.allclose(y[:, ::2] ** 2 + y[:, 1::2] ** 2, x[:, ::2] ** 2 + x[:, 1::2] ** 2)
    q = apply_rope(np.ones((6, 4)))
    print(q[1] @ q[3], q[3] @ q[5], q[0] @ q[2])  # same offset -> same dot product
    print("ok")
