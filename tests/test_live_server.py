"""The real service in a subprocess: it answers over HTTP, stops cleanly, and a refusal is quick."""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from app.live_server import PROJECT_ROOT, START_SECONDS, LiveServer


def test_a_server_answers_until_its_block_ends(tmp_path: Path) -> None:
    with LiveServer(tmp_path, submissions_per_minute="0") as live:
        process = live.process
        with live.client() as http:
            assert http.get("/healthz").status_code == 200
    assert process is not None
    assert process.returncode is not None
    assert live.process is None


def test_a_server_that_refuses_its_settings_fails_at_once_with_its_log(tmp_path: Path) -> None:
    live = LiveServer(tmp_path, cpu_seconds="3", wall_seconds="1")
    started = time.monotonic()
    with pytest.raises(RuntimeError, match="wall_seconds must be at least cpu_seconds"):
        live.start()
    assert time.monotonic() - started < START_SECONDS / 3  # it exited: no waiting it out
    assert live.process is None


# A test run's own process that starts a server and Redis, prints their pids, and waits.
_PARENT = """
import sys, time
from pathlib import Path
from app.live_server import LiveRedis, LiveServer
root = Path(sys.argv[1])
redis = LiveRedis(root / "redis").start()
(root / "server").mkdir()
server = LiveServer(root / "server", submissions_per_minute="0").start()
print(redis.process.pid, server.process.pid, flush=True)
time.sleep(120)
"""


def _gone(pid: int) -> bool:
    """Ended: no such process, or a zombie nobody has reaped yet."""
    try:
        state = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()[0]
    except (FileNotFoundError, ProcessLookupError):
        return True
    return state in ("Z", "X")


@pytest.mark.skipif(not sys.platform.startswith("linux"), reason="PR_SET_PDEATHSIG is Linux's")
def test_a_test_run_killed_with_sigkill_leaves_no_server_or_redis_behind(tmp_path: Path) -> None:
    parent = subprocess.Popen(
        [sys.executable, "-c", _PARENT, str(tmp_path)],
        cwd=PROJECT_ROOT,
        stdout=subprocess.PIPE,
        text=True,
    )
    try:
        assert parent.stdout is not None
        children = [int(pid) for pid in parent.stdout.readline().split()]
        assert len(children) == 2
        assert not any(map(_gone, children))
        parent.kill()  # what `kill -9` of pytest does: no handler, no atexit
        parent.wait(timeout=10)
        deadline = time.monotonic() + 30
        while time.monotonic() < deadline and not all(map(_gone, children)):
            time.sleep(0.1)
        assert all(map(_gone, children)), children
    finally:
        parent.kill()
        parent.wait()
        if parent.stdout is not None:
            parent.stdout.close()
        for pid in children if "children" in locals() else []:
            if not _gone(pid):
                os.kill(pid, signal.SIGKILL)
