# OOP learner: an Adam class holding the hyperparameters, with a pure `update` method;
# adam_step builds one and calls it.
import numpy as np


class Adam:
    def __init__(self, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
        self.lr = lr
        self.beta1 = beta1
        self.beta2 = beta2
        self.eps = eps

    def update(self, param, grad, m, v, t):
        m = self.beta1 * m + (1.0 - self.beta1) * grad
        v = self.beta2 * v + (1.0 - self.beta2) * np.square(grad)
        m_hat = m / (1.0 - self.beta1**t)
        v_hat = v / (1.0 - self.beta2**t)
        return param - self.lr * m_hat / (np.sqrt(v_hat) + self.eps), m, v


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    return Adam(lr, beta1, beta2, eps).update(param, grad, m, v, t)
