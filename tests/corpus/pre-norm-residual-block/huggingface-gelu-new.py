# Port of Hugging Face's GPT-2 pieces: NewGELUActivation (math.sqrt(2.0 / math.pi)) and Conv1D,
# whose forward is torch.addmm(bias, x, weight), i.e. bias + x @ weight.
import math

import numpy as np


def new_gelu_activation(input):
    return 0.5 * input * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (input + 0.044715 * np.power(input, 3.0))))


def conv1d(x, weight, bias):
    size_out = x.shape[:-1] + (weight.shape[-1],)
    x = bias + x.reshape(-1, x.shape[-1]) @ weight
    return x.reshape(size_out)


def gpt2_layer_norm(hidden_states, weight, bias, eps):
    u = hidden_states.mean(-1, keepdims=True)
    s = ((hidden_states - u) ** 2).mean(-1, keepdims=True)
    return weight * ((hidden_states - u) / np.sqrt(s + eps)) + bias


def pre_norm_block(x, gamma, beta, w1, b1, w2, b2, eps=1e-5):
    residual = x
    hidden_states = gpt2_layer_norm(x, gamma, beta, eps)
    hidden_states = conv1d(new_gelu_activation(conv1d(hidden_states, w1, b1)), w2, b2)
    return residual + hidden_states
