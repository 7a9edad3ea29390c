# Hugging Face GPT-2 `_attn`: `causal_mask = self.bias[:, :, key_length - query_length : key_length, :key_length]`,
# `attn_weights = torch.where(causal_mask, attn_weights, mask_value)`. mask_value is -inf here, per the statement.
import numpy as np


def causal_mask(scores):
    query_length, key_length = scores.shape[-2], scores.shape[-1]
    max_positions = key_length
    bias = np.tril(np.ones((max_positions, max_positions), dtype=bool))
    causal = bias[key_length - query_length : key_length, :key_length]
    mask_value = -np.inf
    return np.where(causal, scores, mask_value)
