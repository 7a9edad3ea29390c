# Ported from Meta's LLaMA reference implementation: `precompute_freqs_cis`
# (torch.polar -> magnitude 1 times np.exp(1j * freqs)) and
# `apply_rotary_emb`, which reshapes the last axis into (..., d/2, 2),
# "views" it as complex, multiplies, and flattens back.
import numpy as np


def precompute_freqs_cis(dim, end, theta=10000.0):
    freqs = 1.0 / (theta ** (np.arange(0, dim, 2)[: (dim // 2)].astype(np.float64) / dim))
    t = np.arange(end, dtype=np.float64)
    freqs = np.outer(t, freqs)
    return np.ones_like(freqs) * np.exp(1j * freqs)  # polar(ones, freqs)


def _view_as_complex(a):
    return a[..., 0] + 1j * a[..., 1]


def _view_as_real(z):
    return np.stack([z.real, z.imag], axis=-1)


def apply_rotary_emb(xq, freqs_cis):
    xq_ = _view_as_complex(xq.astype(np.float64).reshape(*xq.shape[:-1], -1, 2))
    xq_out = _view_as_real(xq_ * freqs_cis).reshape(xq.shape)
    return xq_out


def apply_rope(x):
    seq_len, d = x.shape
    return apply_rotary_emb(x, precompute_freqs_cis(d, seq_len))
