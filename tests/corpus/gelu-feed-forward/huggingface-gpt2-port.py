# Hugging Face GPT2MLP port: Conv1D layers (which are x @ weight + bias with weight (nx, nf), hence
# addmm), activation "gelu_new" from ACT2FN, c_fc then c_proj.
import math

import numpy as np


def conv1d(x, weight, bias):
    size_out = x.shape[:-1] + (weight.shape[-1],)
    x = bias + x.reshape(-1, x.shape[-1]) @ weight
    return x.reshape(size_out)


def gelu_new(input):
    return 0.5 * input * (1.0 + np.tanh(math.sqrt(2.0 / math.pi) * (input + 0.044715 * np.power(input, 3.0))))


ACT2FN = {"gelu_new": gelu_new}


def feed_forward(x, w1, b1, w2, b2):
    act = ACT2FN["gelu_new"]
    hidden_states = conv1d(x, w1, b1)
    hidden_states = act(hidden_states)
    return conv1d(hidden_states, w2, b2)
