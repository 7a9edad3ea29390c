# Beginner who comments every step and names every intermediate result, following the
# statement's order: normalise, scale and shift, expand, GELU, project back, add the input.
import numpy as np


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    # Step 1: the average of each token's features (one number per row)
    row_means = np.mean(x, axis=-1, keepdims=True)

    # Step 2: how spread out each row is (population variance, divide by d_model)
    row_variances = np.mean((x - row_means) ** 2, axis=-1, keepdims=True)

    # Step 3: normalise each row to mean 0 and variance 1 (eps avoids dividing by zero)
    normalised = (x - row_means) / np.sqrt(row_variances + eps)

    # Step 4: learned scale and shift
    scaled_and_shifted = normalised * gamma + beta

    # Step 5: first linear layer, to the hidden size d_ff
    hidden = np.matmul(scaled_and_shifted, w1) + b1

    # Step 6: GELU activation, the tanh approximation GPT-2 uses
    constant = np.sqrt(2.0 / np.pi)
    activated = 0.5 * hidden * (1.0 + np.tanh(constant * (hidden + 0.044715 * hidden**3)))

    # Step 7: second linear layer, back to d_model
    projected = np.matmul(activated, w2) + b2

    # Step 8: the residual connection adds the ORIGINAL x (not the normalised one)
    output = x + projected
    return output
