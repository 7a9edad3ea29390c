# Ported from the RoFormer / roformer-pytorch reference code: a sinusoidal
# position table split into sin and cos, each duplicated per pair with
# stack([s, s], -1).reshape, and `rotate_every_two` building [-x1, x0, -x3, x2, ...].
# Output = x * cos_pos + rotate_every_two(x) * sin_pos.
import numpy as np


def sinusoidal_position_embedding(seq_len, output_dim):
    position_ids = np.arange(0, seq_len, dtype=np.float64)[:, None]
    indices = np.arange(0, output_dim // 2, dtype=np.float64)
    indices = np.power(10000.0, -2 * indices / output_dim)
    embeddings = position_ids * indices
    embeddings = np.stack([np.sin(embeddings), np.cos(embeddings)], axis=-1)
    return embeddings.reshape(seq_len, output_dim)


def rotate_every_two(x):
    x1 = x[..., ::2]
    x2 = x[..., 1::2]
    return np.stack([-x2, x1], axis=-1).reshape(x.shape)


def apply_rope(x):
    seq_len, d = x.shape
    pos = sinusoidal_position_embedding(seq_len, d)
    sin_pos = np.stack([pos[..., ::2], pos[..., ::2]], axis=-1).reshape(pos.shape)
    cos_pos = np.stack([pos[..., 1::2], pos[..., 1::2]], axis=-1).reshape(pos.shape)
    return x * cos_pos + rotate_every_two(x) * sin_pos
