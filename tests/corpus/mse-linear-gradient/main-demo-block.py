# Student who does the follow-up question: a central finite-difference check of every weight
# in an `if __name__ == "__main__":` block (only runs when executed directly).
import numpy as np


def mse_loss_and_grad(X, y, w):
    r = X @ w - y
    return float(np.mean(r**2)), 2 * X.T @ r / len(y)


if __name__ == "__main__":
    X = np.array([[1.0, 2.0], [3.0, 4.0], [5.0, 6.0]])
    y = np.array([1.0, 2.0, 4.0])
    w = np.array([0.5, -0.5])
    loss, grad = mse_loss_and_grad(X, y, w)
    print(loss, grad)  # 9.5833 [-21. -26.6667]
    eps = 1e-6
    bumps = eps * np.eye(len(w))
    numeric = np.array(
        [
            (mse_loss_and_grad(X, y, w + bumps[0])[0] - mse_loss_and_grad(X, y, w - bumps[0])[0]) / (2 * eps),
            (mse_loss_and_grad(X, y, w + bumps[1])[0] - mse_loss_and_grad(X, y, w - bumps[1])[0]) / (2 * eps),
        ]
    )
    print(numeric, np.allclose(numeric, grad, atol=1e-5))
