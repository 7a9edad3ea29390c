# from-import learner: pulls sqrt and power out of numpy by name.
from numpy import power, sqrt


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    m = beta1 * m + (1 - beta1) * grad
    v = beta2 * v + (1 - beta2) * power(grad, 2)
    m_hat = m / (1 - power(beta1, t))
    v_hat = v / (1 - power(beta2, t))
    return param - lr * m_hat / (sqrt(v_hat) + eps), m, v
