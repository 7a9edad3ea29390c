# Beginner who comments every step and names every intermediate, following the statement line by line.
import numpy as np


def rms_norm(x, gamma, eps=1e-6):
    # Step 1: square every entry of x.
    squared = x**2
    # Step 2: average the squares over the last axis (the features of each vector).
    # keepdims=True keeps a length-1 axis so I can divide x by it later.
    mean_of_squares = np.mean(squared, axis=-1, keepdims=True)
    # Step 3: add eps so we never divide by zero (a vector of all zeros).
    mean_of_squares_plus_eps = mean_of_squares + eps
    # Step 4: the root mean square.
    root_mean_square = np.sqrt(mean_of_squares_plus_eps)
    # Step 5: divide x by its RMS. There is no mean subtraction in RMSNorm.
    normalised = x / root_mean_square
    # Step 6: scale every feature by gamma (there is no beta in RMSNorm).
    output = normalised * gamma
    return output
