"""Fail closed: a sandbox layer the self-test cannot prove means no grading at all."""

from __future__ import annotations

import logging

import pytest

from graders.host.errors import SandboxUnavailable
from graders.host.exchange import FrameListener, RunOutcome, RunStatus
from graders.host.pool import SandboxPool
from graders.protocol.frames import Frame
from graders.protocol.limits import Limits
from tests.conftest import LoopThread


def pool_whose_selftest_reports(
    layers: dict[str, bool], contained: dict[str, bool], weak: bool
) -> SandboxPool:
    pool = SandboxPool(1, Limits(), allow_weak_sandbox=weak)

    async def fake_run(
        job: bytes, limits: Limits, on_frames: FrameListener | None = None, measured: bool = True
    ) -> RunOutcome:
        frame = {
            "t": "selftest",
            "layers": layers,
            "notes": {},
            "contained": contained,
            "errors": {},
        }
        return RunOutcome(RunStatus.OK, [Frame(frame)])

    pool._run = fake_run  # type: ignore[method-assign]  # the self-test child, scripted
    return pool


ALL_LAYERS = {"user": True, "namespaces": True, "tmpfs": True, "landlock": True, "seccomp": True}


@pytest.mark.parametrize("missing", sorted(ALL_LAYERS))
def test_a_missing_layer_stops_all_grading(missing: str, loop_thread: LoopThread) -> None:
    pool = pool_whose_selftest_reports({**ALL_LAYERS, missing: False}, {"fork": True}, weak=False)
    loop_thread.run(pool.run_selftest())
    assert pool.refusal is not None
    assert missing in pool.refusal
    with pytest.raises(SandboxUnavailable, match=missing):
        loop_thread.run(pool.run(b"", Limits()))


def test_an_escape_in_the_selftest_stops_all_grading(loop_thread: LoopThread) -> None:
    pool = pool_whose_selftest_reports(ALL_LAYERS, {"network": False, "fork": True}, weak=False)
    loop_thread.run(pool.run_selftest())
    assert pool.refusal is not None
    assert "contains network" in pool.refusal
    assert pool.state()["grading"] is False


def test_the_development_setting_grades_but_says_so_loudly(
    caplog: pytest.LogCaptureFixture, loop_thread: LoopThread
) -> None:
    pool = pool_whose_selftest_reports({**ALL_LAYERS, "landlock": False}, {}, weak=True)
    with caplog.at_level(logging.WARNING, logger="gradebox.sandbox"):
        loop_thread.run(pool.run_selftest())
    assert pool.refusal is None
    assert "DEVELOPMENT ONLY" in caplog.text
    assert "landlock" in caplog.text


def test_a_selftest_child_that_never_reports_is_a_refusal(loop_thread: LoopThread) -> None:
    pool = SandboxPool(1, Limits())

    async def silent(
        job: bytes, limits: Limits, on_frames: FrameListener | None = None, measured: bool = True
    ) -> RunOutcome:
        return RunOutcome(RunStatus.CRASHED, [])

    pool._run = silent  # type: ignore[method-assign]  # a child that sends nothing
    loop_thread.run(pool.run_selftest())
    assert pool.refusal is not None
