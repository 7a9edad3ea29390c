"""How long a process ran and how long it waited to run: the kernel's scheduler accounting.

`/proc/<pid>/task/<tid>/schedstat` (read by graders.protocol.procfs) gives, per thread, the
time it spent on a CPU and the time it spent runnable on a run queue without a CPU
(nanoseconds). A child that timed out while it waited is the machine's doing; one that slept,
or ran its CPU budget, spent its own time. Read by the zygote (or the first of two forks) just
before it reaps a child, and by the grader while a child runs (graders.host.exchange); both
sides may import this module.
"""

from __future__ import annotations

from dataclasses import dataclass

from graders.protocol import procfs


@dataclass(frozen=True)
class SchedStat:
    """All of a process's threads: milliseconds on a CPU, and waiting on a run queue."""

    run_ms: float
    wait_ms: float

    def since(self, earlier: SchedStat | None) -> SchedStat:
        if earlier is None:
            return self
        return SchedStat(self.run_ms - earlier.run_ms, self.wait_ms - earlier.wait_ms)

    def to_dict(self) -> dict[str, float]:
        return {"run_ms": round(self.run_ms, 3), "wait_ms": round(self.wait_ms, 3)}


def read_schedstat(pid: int) -> SchedStat | None:
    """The process's scheduler accounting, summed over its threads; None when the kernel keeps
    none (no CONFIG_SCHED_INFO) or the process is gone."""
    run = wait = 0
    try:
        threads = procfs.thread_ids(pid)
        for thread in threads:
            ran, waited = procfs.thread_schedstat(pid, thread)
            run, wait = run + ran, wait + waited
    except (OSError, ValueError):
        return None
    return SchedStat(run / 1e6, wait / 1e6) if threads else None
