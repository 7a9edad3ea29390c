# A beginner who comments every line and names every intermediate, following a blog post
# on "why softmax overflows and how the max trick fixes it".
import numpy as np


def softmax(x, axis=-1):
    # Step 1: find the biggest value in each slice along the axis.
    # keepdims=True keeps that axis with length 1 so it lines up with x again.
    biggest_value = np.max(x, axis=axis, keepdims=True)

    # Step 2: subtract it. Now the biggest number is 0, so exp() is at most 1 and cannot overflow.
    # Subtracting the same number from a whole slice does not change the softmax.
    shifted_values = x - biggest_value

    # Step 3: exponentiate. -inf becomes exp(-inf) = 0, which is what we want.
    exponentials = np.exp(shifted_values)

    # Step 4: add up the exponentials of each slice.
    total_of_each_slice = np.sum(exponentials, axis=axis, keepdims=True)

    # Step 5: divide, so every slice adds up to 1.
    probabilities = exponentials / total_of_each_slice
    return probabilities
