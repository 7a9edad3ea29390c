# A learner who bundles the two trig tables into a collections.namedtuple
# `Trig(cos, sin)` returned by a helper, which reads nicely at the call site
# (trig.cos, trig.sin).
from collections import namedtuple

import numpy as np

Trig = namedtuple("Trig", ["cos", "sin"])


def trig_tables(seq_len, d):
    theta = 10000.0 ** (-np.arange(0, d, 2) / d)
    angles = np.arange(seq_len)[:, None] * theta
    return Trig(cos=np.cos(angles), sin=np.sin(angles))


def apply_rope(x):
    trig = trig_tables(*x.shape)
    even, odd = x[:, ::2], x[:, 1::2]
    y = np.empty(x.shape)
    y[:, ::2] = even * trig.cos - odd * trig.sin
    y[:, 1::2] = even * trig.sin + odd * trig.cos
    return y
