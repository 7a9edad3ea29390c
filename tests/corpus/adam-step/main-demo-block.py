# Demo learner: the function, then a __main__ block minimising a quadratic with it.
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * grad**2
    m_hat = m / (1 - beta1**t)
    v_hat = v / (1 - beta2**t)
    return param - lr * m_hat / (np.sqrt(v_hat) + eps), m, v


if __name__ == "__main__":
    x = np.array([3.0, -2.0])
    m = np.zeros_like(x)
    v = np.zeros_like(x)
    for step in range(1, 2001):
        x, m, v = adam_step(x, 2 * x, m, v, step, lr=0.05)
    print(x)
