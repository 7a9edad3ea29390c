"""The trusted processes hand large blocks back to the kernel as soon as they are freed.

A scratch call or a grading at the largest sizes puts arrays of several MB in the web process
(the learner's value, the reference's, the comparison's temporaries). glibc serves blocks over
its mmap threshold with mmap and unmaps them on free, but it raises that threshold after each
such free (up to 32 MB), so the next arrays of that size come from the heap, where freed
memory stays resident: 50 scratch calls at (2048, 512) left the web process at 380-450 MB,
220 MB with the threshold fixed at 1 MiB. `gradebox serve` and `gradebox worker` fix it at
start (mallopt(M_MMAP_THRESHOLD) also turns the raising off).
"""

from __future__ import annotations

import ctypes

M_MMAP_THRESHOLD = -3  # glibc's <malloc.h>
LARGE_BLOCK = 1 << 20  # blocks from 1 MiB up: mmapped, returned to the kernel when freed


def return_large_blocks() -> bool:
    """Fix glibc's mmap threshold at `LARGE_BLOCK`; False where the C library has no mallopt
    (musl), which then keeps its own policy."""
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return False
    mallopt.argtypes = [ctypes.c_int, ctypes.c_int]
    mallopt.restype = ctypes.c_int
    return bool(mallopt(M_MMAP_THRESHOLD, LARGE_BLOCK))
