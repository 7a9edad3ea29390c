# Keras-style learner: keeps a dict of slots internally, and uses np.square / np.float64(t).
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    slots = {"m": np.array(m, dtype=np.float64), "v": np.array(v, dtype=np.float64)}
    step = np.float64(t)
    slots["m"] = beta1 * slots["m"] + (1.0 - beta1) * grad
    slots["v"] = beta2 * slots["v"] + (1.0 - beta2) * np.square(grad)
    m_hat = slots["m"] / (1.0 - np.power(beta1, step))
    v_hat = slots["v"] / (1.0 - np.power(beta2, step))
    new_param = param - lr * m_hat / (np.sqrt(v_hat) + eps)
    return new_param, slots["m"], slots["v"]
