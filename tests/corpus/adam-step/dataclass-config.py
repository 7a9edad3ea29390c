# Config-object learner: a frozen dataclass for the hyperparameters.
from dataclasses import dataclass

import numpy as np


@dataclass(frozen=True)
class AdamConfig:
    lr: float = 1e-3
    beta1: float = 0.9
    beta2: float = 0.999
    eps: float = 1e-8


def _step(cfg, param, grad, m, v, t):
    m = cfg.beta1 * m + (1 - cfg.beta1) * grad
    v = cfg.beta2 * v + (1 - cfg.beta2) * grad**2
    m_hat = m / (1 - cfg.beta1**t)
    v_hat = v / (1 - cfg.beta2**t)
    return param - cfg.lr * m_hat / (np.sqrt(v_hat) + cfg.eps), m, v


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    return _step(AdamConfig(lr, beta1, beta2, eps), param, grad, m, v, t)
