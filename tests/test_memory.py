"""app.memory: the trusted processes hand large freed blocks back to the kernel.

Run in fresh processes (an earlier test may have set the threshold in this one). With the
threshold fixed, threads that compare (2048, 512) arrays, as the web process's executor does,
leave next to nothing resident. How much glibc's moving threshold keeps varies with the machine
(36 MB here, 6 MB on CI), so what the fix changes is shown where glibc decides it: after a
large block is freed, the next smaller large block is mmapped (and so unmapped when freed)
only with the threshold fixed.
"""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT

SCRIPT = """
import os, sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
import numpy as np
from app.memory import return_large_blocks

def resident_mb():
    for line in Path(f"/proc/{os.getpid()}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024

if sys.argv[1] == "fixed":
    assert return_large_blocks()
before = resident_mb()

def compare(rows):
    got = np.ones((rows, 512))
    expected = got * 2.0
    return bool((np.abs(expected - got) <= 1e-4).all())

with ThreadPoolExecutor(4) as pool:
    list(pool.map(compare, range(2048, 1998, -1)))
print(round(resident_mb() - before, 1))
"""


MMAPPED_AFTER_A_LARGER_FREE = """
import ctypes, sys
from app.memory import return_large_blocks

class Mallinfo2(ctypes.Structure):
    _fields_ = [(name, ctypes.c_size_t) for name in (
        "arena ordblks smblks hblks hblkhd usmblks fsmblks uordblks fordblks keepcost".split())]

libc = ctypes.CDLL(None)
libc.malloc.restype, libc.malloc.argtypes = ctypes.c_void_p, [ctypes.c_size_t]
libc.free.argtypes = [ctypes.c_void_p]
libc.mallinfo2.restype = Mallinfo2
if sys.argv[1] == "fixed":
    assert return_large_blocks()
libc.free(libc.malloc(8 << 20))  # glibc's default raises its threshold to 8 MB here
before = libc.mallinfo2().hblks
block = libc.malloc(2 << 20)
print(libc.mallinfo2().hblks - before)  # 1: this block is mmapped
libc.free(block)
"""


def _run(script: str, mode: str) -> str:
    run = subprocess.run(
        [sys.executable, "-c", script, mode], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return run.stdout.strip()


def test_freed_large_arrays_leave_the_process_once_the_threshold_is_fixed() -> None:
    assert float(_run(SCRIPT, "fixed")) < 12


@pytest.mark.parametrize(("mode", "mmapped"), [("fixed", "1"), ("glibc-default", "0")])
def test_a_large_block_after_a_larger_free_is_mmapped_only_with_the_threshold_fixed(
    mode: str, mmapped: str
) -> None:
    assert _run(MMAPPED_AFTER_A_LARGER_FREE, mode) == mmapped
