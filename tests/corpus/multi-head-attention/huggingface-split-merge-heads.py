# Hugging Face GPT2Attention port: _split_heads / _merge_heads helpers (new_shape = tensor.size()[:-1]
# + (num_heads, attn_head_size), permute), _attn with weights / sqrt(value width), no causal bias.
import numpy as np


def _split_heads(tensor, num_heads, attn_head_size):
    new_shape = tensor.shape[:-1] + (num_heads, attn_head_size)
    tensor = tensor.reshape(new_shape)
    return np.transpose(tensor, (1, 0, 2))  # (head, seq_length, head_features)


def _merge_heads(tensor, num_heads, attn_head_size):
    tensor = np.transpose(tensor, (1, 0, 2))
    new_shape = tensor.shape[:-2] + (num_heads * attn_head_size,)
    return tensor.reshape(new_shape)


def _attn(query, key, value):
    attn_weights = np.matmul(query, np.swapaxes(key, -1, -2))
    attn_weights = attn_weights / np.sqrt(value.shape[-1])
    attn_weights = np.exp(attn_weights - np.max(attn_weights, axis=-1, keepdims=True))
    attn_weights = attn_weights / np.sum(attn_weights, axis=-1, keepdims=True)
    return np.matmul(attn_weights, value), attn_weights


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    head_dim = x.shape[-1] // n_heads
    query = _split_heads(x @ w_q, n_heads, head_dim)
    key = _split_heads(x @ w_k, n_heads, head_dim)
    value = _split_heads(x @ w_v, n_heads, head_dim)
    attn_output, _ = _attn(query, key, value)
    attn_output = _merge_heads(attn_output, n_heads, head_dim)
    return attn_output @ w_o
