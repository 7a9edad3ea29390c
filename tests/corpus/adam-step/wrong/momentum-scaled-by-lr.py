# wrong: carries the SGD-momentum habit of folding lr into the velocity, so m stores lr-scaled gradients.
# diagnosis: lr-in-momentum
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    velocity = beta1 * m + (1 - beta1) * (lr * grad)
    v = beta2 * v + (1 - beta2) * grad**2
    step = (velocity / (1 - beta1**t)) / (np.sqrt(v / (1 - beta2**t)) + eps)
    return param - step, velocity, v
