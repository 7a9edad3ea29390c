# Student who checks a worked example in an `if __name__ == "__main__":` block: after RMSNorm with
# gamma = 1 each row's mean square is (almost) 1. Nothing runs on import.
import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    ms = (x**2).mean(axis=-1, keepdims=True)
    return gamma * x / np.sqrt(ms + eps)


if __name__ == "__main__":
    x = np.array([[1.0, 2.0, 3.0, 4.0], [0.5, -0.5, 0.5, -0.5]])
    y = rms_norm(x, np.ones(4))
    print(np.round(y, 4))
    assert np.allclose((y**2).mean(axis=-1), 1.0, atol=1e-4)
    print(rms_norm(np.zeros((2, 3, 8)), np.ones(8)).shape)
