# wrong: Copied the Hugging Face line emb = cat((freqs, freqs)) for the angle table but rotated interleaved neighbours, so the angles do not line up with the pairs.
# diagnosis: tile-instead-of-repeat

import numpy as np


def apply_rope(x):
    seq_len, d = x.shape
    inv_freq = 1.0 / 10000 ** (np.arange(0, d, 2) / d)
    freqs = np.einsum("p,f->pf", np.arange(seq_len, dtype=float), inv_freq)
    emb = np.concatenate((freqs, freqs), axis=-1)      # (seq_len, d)
    cos, sin = np.cos(emb), np.sin(emb)
    partner = np.empty_like(x)
    partner[:, 0::2] = -x[:, 1::2]
    partner[:, 1::2] = x[:, 0::2]
    return x * cos + partner * sin
