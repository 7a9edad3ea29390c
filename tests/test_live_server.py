"""The real service in a subprocess: it answers over HTTP, stops cleanly, and a refusal is quick."""

from __future__ import annotations

import time
from pathlib import Path

import pytest

from app.live_server import START_SECONDS, LiveServer


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
