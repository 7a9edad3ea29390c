"""How loaded the machine is for our children, measured: the basis for shedding at admission.

Two readings, both must say so where both exist:
  - our own children's wait for a CPU, as a share of their wall time (the scheduler's
    accounting, `RunOutcome.wait_ms`), a mean over recent runs that fades with time (half-life
    `HALF_LIFE_SECONDS`), so a service that sheds does not stay shedding once the load is gone;
  - the kernel's CPU pressure (PSI, `/proc/pressure/cpu`, "some avg10": the share of the last
    10 s in which some task waited for a CPU), where the kernel has it.
Past the service's `shed_wait_share`, new submissions get 503 with Retry-After instead of
children that would only starve (app.service).

And how many gradings the machine can run at once: the cores this process may use (its CPU
affinity), lowered to its cgroup's CPU quota where one is set.
"""

from __future__ import annotations

import math
import os
import time
from pathlib import Path
from typing import TYPE_CHECKING

from graders.protocol import procfs

if TYPE_CHECKING:  # the settings import this module: it stays light
    from graders.host.exchange import RunOutcome

HALF_LIFE_SECONDS = 5.0


class ChildLoad:
    """A fading mean of our children's run-queue wait share, and the kernel's CPU pressure."""

    def __init__(self, half_life: float = HALF_LIFE_SECONDS) -> None:
        self.half_life = half_life
        self._share = 0.0
        self._at = time.monotonic()

    def observe(self, outcome: RunOutcome) -> None:
        """Count one run's wait for a CPU (runs with no accounting are not counted)."""
        if outcome.wait_ms is None or outcome.wall_ms <= 0:
            return
        share = min(1.0, outcome.wait_ms / outcome.wall_ms)
        self._share = (self.children() + share) / 2
        self._at = time.monotonic()

    def children(self) -> float:
        """Our children's recent wait share, faded by the time since the last run."""
        elapsed = time.monotonic() - self._at
        fade: float = 0.5 ** (elapsed / self.half_life)
        return self._share * fade

    def pressure(self) -> float | None:
        """The kernel's CPU pressure, some avg10, as a share (None where there is no PSI)."""
        try:
            return procfs.pressure("cpu")["avg10"] / 100
        except (OSError, ValueError, KeyError):
            return None

    def share(self) -> float:
        """Our children's wait share, confirmed by the kernel's pressure where there is PSI:
        the smaller of the two, so neither a stale mean of ours nor other processes' load
        alone (PSI counts every task) sheds our work."""
        pressure = self.pressure()
        children = self.children()
        return children if pressure is None else min(children, pressure)


def available_cores() -> int:
    """The cores this process may run on, lowered to its cgroup's CPU quota (at least 1)."""
    cores = len(os.sched_getaffinity(0))
    quota = _cgroup_quota()
    if quota is not None:
        cores = min(cores, max(1, math.floor(quota)))
    return max(1, cores)


def _cgroup_quota() -> float | None:
    """CPUs' worth of quota: cgroup v2 `cpu.max`, or v1 `cpu.cfs_quota_us` / `cfs_period_us`."""
    try:
        quota, period = Path("/sys/fs/cgroup/cpu.max").read_text().split()[:2]
        return None if quota == "max" else int(quota) / int(period)
    except (OSError, ValueError):
        pass
    try:
        v1 = Path("/sys/fs/cgroup/cpu")
        quota_us = int((v1 / "cpu.cfs_quota_us").read_text())
        period_us = int((v1 / "cpu.cfs_period_us").read_text())
    except (OSError, ValueError):
        return None
    return None if quota_us <= 0 or period_us <= 0 else quota_us / period_us
