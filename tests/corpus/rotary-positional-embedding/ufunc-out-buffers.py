# A memory-conscious learner who preallocates the output and a scratch
# buffer and does every product with the `out=` argument of np.multiply,
# np.subtract and np.add, writing straight into strided views of the output.
import numpy as np


def apply_rope(x):
    n, d = x.shape
    h = d // 2
    ang = np.arange(n, dtype=np.float64)[:, None] * np.power(10000.0, -np.arange(h) * (2.0 / d))
    cos, sin = np.cos(ang), np.sin(ang)
    xe, xo = x[:, ::2], x[:, 1::2]
    out = np.empty((n, d), dtype=np.float64)
    tmp = np.empty((n, h), dtype=np.float64)
    ev, od = out[:, ::2], out[:, 1::2]
    np.multiply(xe, cos, out=ev)
    np.multiply(xo, sin, out=tmp)
    np.subtract(ev, tmp, out=ev)
    np.multiply(xe, sin, out=od)
    np.multiply(xo, cos, out=tmp)
    np.add(od, tmp, out=od)
    return out
