"""The load the pool measures for shedding, and the cores it sizes itself by."""

from __future__ import annotations

import os
import time
from pathlib import Path

import pytest

from graders.host import load
from graders.host.exchange import RunOutcome, RunStatus
from graders.host.load import ChildLoad, available_cores
from graders.protocol import procfs


def waited(wait_ms: float | None, wall_ms: float = 100.0) -> RunOutcome:
    return RunOutcome(RunStatus.OK, [], wall_ms, wait_ms=wait_ms)


def test_runs_that_waited_for_a_cpu_raise_the_share_and_it_fades_with_time(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    now = [1000.0]
    monkeypatch.setattr(time, "monotonic", lambda: now[0])
    measured = ChildLoad(half_life=5.0)
    for _ in range(10):
        measured.observe(waited(90.0))
    assert measured.children() > 0.8
    now[0] += 5.0
    assert measured.children() == pytest.approx(measured._share / 2)
    now[0] += 60.0
    assert measured.children() < 0.01  # a service that shed does not stay shedding


@pytest.mark.parametrize("wait_ms", [None, 0.0])
def test_runs_without_a_wait_do_not_raise_the_share(wait_ms: float | None) -> None:
    measured = ChildLoad()
    measured.observe(waited(wait_ms))
    assert measured.children() == 0.0


def test_the_kernels_cpu_pressure_confirms_our_own_measure_where_there_is_psi(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    (tmp_path / "pressure").mkdir()
    (tmp_path / "pressure" / "cpu").write_text(
        "some avg10=63.50 avg60=20.00 avg300=5.00 total=1\n"
        "full avg10=0.00 avg60=0.00 avg300=0.00 total=0\n"
    )
    monkeypatch.setattr(procfs, "PROC", str(tmp_path))
    measured = ChildLoad()
    assert measured.pressure() == pytest.approx(0.635)
    assert measured.share() == 0.0  # other processes' load alone sheds nothing of ours
    for _ in range(20):
        measured.observe(waited(90.0))
    assert measured.share() == pytest.approx(0.635)  # ours, confirmed by the kernel's
    monkeypatch.setattr(procfs, "PROC", str(tmp_path / "missing"))
    assert measured.pressure() is None
    assert measured.share() == pytest.approx(measured.children())


@pytest.mark.parametrize(
    ("cpu_max", "expected"), [("max 100000", None), ("150000 100000", 1), ("50000 100000", 1)]
)
def test_the_pool_follows_the_cgroup_quota(
    monkeypatch: pytest.MonkeyPatch, tmp_path: Path, cpu_max: str, expected: int | None
) -> None:
    real = Path

    def fake(path: str) -> Path:
        return tmp_path / "cpu.max" if path == "/sys/fs/cgroup/cpu.max" else real(path)

    (tmp_path / "cpu.max").write_text(cpu_max + "\n")
    monkeypatch.setattr(load, "Path", fake)
    monkeypatch.setattr(os, "sched_getaffinity", lambda pid: set(range(8)))
    assert available_cores() == (8 if expected is None else expected)
