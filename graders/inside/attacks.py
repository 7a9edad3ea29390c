"""The self-test's attacks: a real sandboxed child tries to escape and reports what happened.

This runs trusted code inside the child, with the real `os` and `socket`, to prove the
operating-system layers hold even if the language policy were bypassed. Each attempt must fail.
"""

from __future__ import annotations

import os
import socket
from collections.abc import Callable
from typing import Any

from graders.inside.isolation import LayerReport
from graders.protocol import procfs
from graders.protocol.frames import FrameType, Payload

Send = Callable[[dict[str, Any], Payload], None]


def _connect_tcp() -> None:
    with socket.socket(socket.AF_INET, socket.SOCK_STREAM) as connection:
        connection.settimeout(1)
        connection.connect(("127.0.0.1", 5432))


def _read_canary(path: str) -> Callable[[], None]:
    def attempt() -> None:
        with open(path, "rb") as handle:
            handle.read()

    return attempt


def _write_outside() -> None:
    with open("/var/tmp/gradebox-sandbox-escape", "w") as handle:
        handle.write("escaped")


def _fork() -> None:
    pid = os.fork()
    if pid == 0:
        os._exit(0)


def _exec() -> None:
    os.execv("/bin/true", ["/bin/true"])


def _parent_environment() -> None:
    if os.environ:
        return  # leaked: the environment is not empty
    procfs.read(f"{os.getppid() or 1}/environ")


def _signal_host() -> None:
    os.kill(1, 0) if os.getpid() != 1 else os.kill(-1, 0)


def run_attacks(header: dict[str, Any], report: LayerReport, send: Send) -> None:
    """Try each escape; an attempt that raises OSError (or anything) counts as contained."""
    attempts: dict[str, Callable[[], None]] = {
        "network": _connect_tcp,
        "read_canary": _read_canary(str(header.get("canary") or "/etc/hostname")),
        "write_outside_tmpfs": _write_outside,
        "fork": _fork,
        "exec": _exec,
        "parent_environment": _parent_environment,
        "signal_host": _signal_host,
    }
    contained: dict[str, bool] = {}
    errors: dict[str, str] = {}
    for name, attempt in attempts.items():
        try:
            attempt()
            contained[name] = False
        except BaseException as error:
            contained[name] = True
            errors[name] = f"{type(error).__name__}: {error}"[:200]
    send(
        {
            "t": FrameType.SELFTEST,
            "layers": report.applied,
            "notes": report.notes,
            "contained": contained,
            "errors": errors,
            "uid": os.getuid(),
            "pid": os.getpid(),
        },
        b"",
    )
    send({"t": FrameType.DONE, "stdout_truncated": False, "cpu_ms": 0}, b"")
