# Port of cs231n's optim.adam(w, dw, config): a config dict of hyperparameters and state,
# mt / vt names, next_w; t comes from the caller instead of config["t"] += 1.
import numpy as np


def adam_step(param, grad, m, v, t, lr=1e-3, beta1=0.9, beta2=0.999, eps=1e-8):
    config = {"learning_rate": lr, "beta1": beta1, "beta2": beta2, "epsilon": eps, "m": m, "v": v, "t": t}
    config["m"] = config["beta1"] * config["m"] + (1 - config["beta1"]) * grad
    mt = config["m"] / (1 - config["beta1"] ** config["t"])
    config["v"] = config["beta2"] * config["v"] + (1 - config["beta2"]) * (grad**2)
    vt = config["v"] / (1 - config["beta2"] ** config["t"])
    next_w = param - config["learning_rate"] * mt / (np.sqrt(vt) + config["epsilon"])
    return next_w, config["m"], config["v"]
