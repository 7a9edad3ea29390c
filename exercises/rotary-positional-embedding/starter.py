import numpy as np


def apply_rope(x):
    """Apply rotary position embeddings (RoPE) to a sequence of vectors.

    Args:
        x: float array of shape ``(seq_len, d)`` with ``d`` even; row ``pos`` is the
            vector at position ``pos`` (positions start at 0).

    Returns:
        A float array ``out`` of shape ``(seq_len, d)`` where, for each column pair
        ``i`` (columns ``2*i`` and ``2*i + 1``) and each position ``pos``,
            out[pos, 2*i]     = x[pos, 2*i] * cos(a) - x[pos, 2*i + 1] * sin(a)
            out[pos, 2*i + 1] = x[pos, 2*i] * sin(a) + x[pos, 2*i + 1] * cos(a)
        with ``a = pos * theta_i`` and ``theta_i = 10000 ** (-2*i / d)``.
    """
    # Your code here
    pass
