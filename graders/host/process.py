"""Start a zygote process: light enough to run first thing, before the caller loads anything.

The process imports NumPy and the policy at once, then waits on its control socket for its
configuration (`graders.host.zygote_client.Zygote.start` sends it), so its start-up overlaps
with whatever the caller loads meanwhile. Only the standard library is imported here.
"""

from __future__ import annotations

import os
import socket
import subprocess
import sys
from pathlib import Path

_PROJECT_ROOT = str(Path(__file__).resolve().parents[2])
# Variables the zygote inherits; everything else (secrets included) stays behind.
_PASSED_THROUGH = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "LANG", "LC_ALL")
# The module a zygote runs (`python -m`). Not a setting: only a test that plays a child which
# escaped the language layer (tests/sandbox/hostile.py) runs another, from its own process.
ZYGOTE_MODULE = "graders.inside.zygote"
ZYGOTE_ARGUMENTS: list[str] = []  # before the control descriptor


class ZygoteProcess:
    """A zygote process started ahead of its configuration: it imports NumPy and the policy
    while the grader still loads its own modules and settings (`Zygote.start` configures it)."""

    def __init__(self) -> None:
        environment = {"PATH": "/usr/bin:/bin", "PYTHONPATH": _PROJECT_ROOT}
        environment |= {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
        environment |= {name: os.environ[name] for name in _PASSED_THROUGH if name in os.environ}
        self.control, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        try:
            self.popen = subprocess.Popen(
                [sys.executable, "-m", ZYGOTE_MODULE, *ZYGOTE_ARGUMENTS, str(theirs.fileno())],
                stdin=subprocess.DEVNULL,
                env=environment,
                cwd=_PROJECT_ROOT,
                pass_fds=(theirs.fileno(),),
            )
        finally:
            theirs.close()

    @property
    def pid(self) -> int:
        return self.popen.pid

    def kill(self) -> None:
        if self.popen.poll() is None:
            self.popen.kill()
        self.popen.wait()
        self.control.close()
