# Defensive learner: checks the shapes agree (and refuses the 1-D y with column w mix the
# statement warns about), raising ValueError with a clear message, then the plain formula.
import numpy as np


def mse_loss_and_grad(X, y, w):
    X, y, w = np.asarray(X, dtype=float), np.asarray(y, dtype=float), np.asarray(w, dtype=float)
    if X.ndim != 2:
        raise ValueError(f"X must be 2-D (n, d), got shape {X.shape}")
    n, d = X.shape
    if w.shape not in ((d,), (d, 1)):
        raise ValueError(f"w must have shape ({d},) or ({d}, 1), got {w.shape}")
    if y.shape != (n,) + w.shape[1:]:
        raise ValueError(f"y must have shape {(n,) + w.shape[1:]} to match w, got {y.shape}")
    residual = X @ w - y
    return float(np.mean(residual**2)), 2.0 / n * (X.T @ residual)
