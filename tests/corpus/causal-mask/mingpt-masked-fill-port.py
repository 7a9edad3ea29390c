# Port of minGPT's CausalSelfAttention: `self.bias = torch.tril(torch.ones(block_size, block_size))`
# then `att = att.masked_fill(self.bias[:, :, :T, :T] == 0, float('-inf'))`. masked_fill becomes np.where.
import numpy as np


def masked_fill(tensor, mask, value):
    return np.where(mask, value, tensor)


def causal_mask(scores):
    T = scores.shape[-1]
    bias = np.tril(np.ones((T, T)))
    att = masked_fill(scores, bias[:T, :T] == 0, float("-inf"))
    return att
