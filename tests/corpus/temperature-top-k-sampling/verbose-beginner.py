# Beginner who comments every step and keeps every intermediate in a well-named variable.
import numpy as np


def sample(logits, temperature, k, uniform):
    # Step 1: sort each row from smallest to largest to find the k-th largest logit
    sorted_logits = np.sort(logits, axis=1)
    kth_largest = sorted_logits[:, -k]

    # Step 2: keep every logit at least as big as the k-th largest (ties are kept too)
    keep = logits >= kth_largest[:, np.newaxis]

    # Step 3: everything else becomes -infinity, so it gets probability zero
    filtered = np.where(keep, logits, -np.inf)

    # Step 4: temperature: divide, so a small temperature sharpens the distribution
    scaled = filtered / temperature

    # Step 5: softmax, subtracting the row maximum first so exp() cannot overflow
    row_max = np.max(scaled, axis=1, keepdims=True)
    exps = np.exp(scaled - row_max)
    probabilities = exps / np.sum(exps, axis=1, keepdims=True)

    # Step 6: running total of the probabilities along the vocabulary
    cumulative = np.cumsum(probabilities, axis=1)

    # Step 7: the sample is the first index where the running total passes u
    passed = cumulative > uniform[:, np.newaxis]
    samples = np.argmax(passed, axis=1)

    # Step 8: the statement wants int64
    return samples.astype(np.int64)
