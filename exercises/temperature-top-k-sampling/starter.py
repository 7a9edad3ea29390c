import numpy as np


def sample(logits, temperature, k, uniform):
    """Draw one token per row with temperature and top-k filtering.

    Args:
        logits: float array of shape ``(B, V)``, one row of vocabulary scores per sequence.
        temperature: float > 0; below 1 sharpens the distribution, above 1 flattens it.
        k: int in ``[1, V]``; keep the tokens whose logit is >= the row's k-th largest
            (ties at the k-th value are all kept).
        uniform: float array of shape ``(B,)``, one draw in ``[0, 1)`` per row.

    Returns:
        An int64 array of shape ``(B,)``: per row, the smallest vocabulary index ``i`` with
        ``cumsum(probs)[i] > uniform[row]``. The inputs are not modified.
    """
    # Your code here
    pass
