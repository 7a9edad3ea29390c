"""app.memory: the trusted processes hand large freed blocks back to the kernel.

Run in fresh processes (an earlier test may have set the threshold in this one): threads that
compare (2048, 512) arrays, as the web process's executor does, leave tens of MB resident
under glibc's moving mmap threshold, and next to nothing once it is fixed.
"""

from __future__ import annotations

import subprocess
import sys

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


def _kept_mb(mode: str) -> float:
    run = subprocess.run(
        [sys.executable, "-c", SCRIPT, mode], capture_output=True, text=True, cwd=ROOT, check=True
    )
    return float(run.stdout)


def test_freed_large_arrays_leave_the_process_once_the_threshold_is_fixed() -> None:
    assert _kept_mb("fixed") < 12
    assert _kept_mb("glibc-default") > _kept_mb("fixed") + 12  # what the fix is for
