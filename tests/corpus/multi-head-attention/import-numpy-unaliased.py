# `import numpy` without an alias; numpy.transpose with explicit axes and numpy.matmul throughout.
import numpy


def multi_head_attention(x, w_q, w_k, w_v, w_o, n_heads):
    length, width = x.shape
    head_width = width // n_heads
    q = numpy.transpose(numpy.matmul(x, w_q).reshape(length, n_heads, head_width), (1, 0, 2))
    k = numpy.transpose(numpy.matmul(x, w_k).reshape(length, n_heads, head_width), (1, 2, 0))  # K^T per head
    v = numpy.transpose(numpy.matmul(x, w_v).reshape(length, n_heads, head_width), (1, 0, 2))
    scores = numpy.matmul(q, k) / numpy.sqrt(head_width)
    weights = numpy.exp(scores - numpy.amax(scores, axis=-1, keepdims=True))
    weights = weights / numpy.sum(weights, axis=-1, keepdims=True)
    merged = numpy.transpose(numpy.matmul(weights, v), (1, 0, 2)).reshape(length, width)
    return numpy.matmul(merged, w_o)
