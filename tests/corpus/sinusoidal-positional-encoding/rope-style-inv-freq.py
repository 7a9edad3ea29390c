# Written by someone who knows RoPE code (LLaMA / HF transformers): inv_freq =
# 1 / base ** (arange(0, dim, 2) / dim), t = arange(seq_len), freqs = outer(t, inv_freq).
# Instead of rotating q/k, the sines and cosines are interleaved into the fixed table.
import numpy as np


def positional_encoding(max_len, d_model, base=10000.0):
    inv_freq = 1.0 / (base ** (np.arange(0, d_model, 2, dtype=np.float64) / d_model))
    t = np.arange(max_len, dtype=np.float64)
    freqs = np.outer(t, inv_freq)
    emb = np.empty((max_len, d_model), dtype=np.float64)
    emb[:, 0::2] = np.sin(freqs)
    emb[:, 1::2] = np.cos(freqs)
    return emb
