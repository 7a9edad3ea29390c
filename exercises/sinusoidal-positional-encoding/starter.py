import numpy as np


def positional_encoding(max_len, d_model):
    """Build the sinusoidal position table of the original Transformer.

    Args:
        max_len: number of positions to encode; row ``pos`` is position ``pos``
            for ``pos`` in ``0 .. max_len - 1``.
        d_model: embedding width (an even number); the number of columns.

    Returns:
        A float array ``pe`` of shape ``(max_len, d_model)`` where, for each
        column pair ``i`` (``0 <= i < d_model // 2``),
            pe[pos, 2*i]     = sin(pos * w_i)
            pe[pos, 2*i + 1] = cos(pos * w_i)
        with ``w_i = 1 / 10000 ** (2*i / d_model)``.
    """
    # Your code here
    pass
