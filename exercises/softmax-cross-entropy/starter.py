import numpy as np


def softmax_cross_entropy(logits, labels):
    """Mean softmax cross-entropy of a batch, and its gradient.

    Args:
        logits: float array of shape ``(N, C)``: one row of raw class scores per example.
        labels: integer array of shape ``(N,)``: the correct class of each row, in ``[0, C)``.

    Returns:
        A tuple ``(loss, grad)``: ``loss`` is one number, the mean over the rows of
        ``-log(softmax(logits)[row, label])``; ``grad`` is ``d loss / d logits``, an array of
        shape ``(N, C)``. Both must stay finite for logits of +-1000, and ``logits`` must not
        be modified.
    """
    # Your code here
    pass
