# wrong: an Adam class that forgets the bias correction and steps with the raw moments m and v.
# diagnosis: no-bias-correction
import numpy as np


class Adam:
    def __init__(self, lr, beta1, beta2, eps):
        self.lr, self.beta1, self.beta2, self.eps = lr, beta1, beta2, eps

    def step(self, param, grad, m, v):
        m = self.beta1 * m + (1 - self.beta1) * grad
        v = self.beta2 * v + (1 - self.beta2) * grad**2
        return param - self.lr * m / (np.sqrt(v) + self.eps), m, v


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    return Adam(lr, beta1, beta2, eps).step(param, grad, m, v)
