# wrong: mimics torch's exp_avg.mul_(beta1).add_(grad, alpha=1 - beta1) with out= arguments, writing into the caller's m, v and param.
# diagnosis: mutates-inputs
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    np.multiply(m, beta1, out=m)
    np.add(m, (1 - beta1) * grad, out=m)
    np.multiply(v, beta2, out=v)
    np.add(v, (1 - beta2) * grad * grad, out=v)
    denom = np.sqrt(v / (1 - beta2**t)) + eps
    np.subtract(param, lr * (m / (1 - beta1**t)) / denom, out=param)
    return param, m, v
