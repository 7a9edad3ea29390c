# wrong: copies GPT-2's final ln_f as well and normalises the block's output again after the residual sum.
# diagnosis: post-norm
# proposed: extra-output-norm: A pre-norm block returns x + ffn(layer_norm(x)) as is; the final layer norm belongs to the model, not the block.
import numpy as np


def _ln(x, gamma, beta, eps):
    return (x - x.mean(-1, keepdims=True)) / np.sqrt(x.var(-1, keepdims=True) + eps) * gamma + beta


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    z = _ln(x, gamma, beta, eps) @ w1 + b1
    z = 0.5 * z * (1 + np.tanh(np.sqrt(2 / np.pi) * (z + 0.044715 * z**3)))
    return _ln(x + z @ w2 + b2, gamma, beta, eps)
