"""Warm-up in the zygote and in idle spares: touch every path a child uses before the clock runs."""

from __future__ import annotations

import ctypes
import os

from graders.inside import child, isolation
from graders.protocol.job import Job
from graders.protocol.limits import Limits

_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # glibc mallopt parameters
_MADV_POPULATE_WRITE = 23
_HEAP_HEADROOM = 4 << 20
_PAGE = os.sysconf("SC_PAGE_SIZE")
_malloc = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_size_t)(("malloc", isolation.libc))
_free = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(("free", isolation.libc))
_madvise = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int)(
    ("madvise", isolation.libc)
)


def tune_malloc() -> None:
    """Serve arrays from the heap and never hand freed memory back (glibc; set in the zygote,
    so every child inherits it): a fresh child would otherwise map, fault in and unmap new
    pages for every large array it builds."""
    libc = isolation.libc
    if hasattr(libc, "mallopt"):  # not glibc: nothing to tune
        libc.mallopt(_M_MMAP_THRESHOLD, 32 << 20)
        libc.mallopt(_M_TRIM_THRESHOLD, 1 << 30)


def prefault_heap() -> None:
    """Grow the heap by `_HEAP_HEADROOM` and fill it in with one madvise(MADV_POPULATE_WRITE)
    (Linux 5.14+) before the job arrives, instead of a page fault per page (~600 for the
    flagship) while it runs. The pages cost the same CPU either way and some go unused, so
    this is only for a spare forked while the grader is idle."""
    block = _malloc(_HEAP_HEADROOM)
    if not block:
        return
    start, end = -(-block // _PAGE) * _PAGE, (block + _HEAP_HEADROOM) // _PAGE * _PAGE
    _madvise(start, end - start, _MADV_POPULATE_WRITE)  # an older kernel: faults, as before
    _free(block)


def warm_up(limits: Limits, rounds: int = 3, errors: bool = True) -> None:
    """Touch every path a child uses (compile, exec, facade, packing) before forking any.

    Freed buffers keep their bytes (NumPy caches small ones), and `np.empty` can hand them to a
    learner: so what this computes must be useless as an answer to any exercise (it is scaled
    out of every sine's range).
    """
    source = (
        "import numpy as np\nimport math\n"
        "def f(n, d):\n"
        "    pe = np.zeros((n, d))\n"
        "    pe[:, 0::2] = 7.0 * np.sin(np.arange(n)[:, None] * np.exp(-math.log(3.0) * np.arange(0, d, 2) / d))\n"
        "    print('warm', pe.shape)\n"
        "    return pe\n"
    )
    for _ in range(rounds):
        child.run_inprocess(Job(source, "f", [(4, 8), (64, 32)] if errors else [(2, 4)], limits))
        if errors:  # the error paths, once in the zygote so every child inherits them warm
            child.run_inprocess(Job("def f(:\n", "f", [], limits))
            child.run_inprocess(Job("def f(x):\n    return 1 / 0\n", "f", [(1,)], limits))
