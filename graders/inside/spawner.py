"""Fork one isolated child per job, and learn how its learner process ended.

Two ways to make a child, chosen once when the zygote starts:

  one fork   (the zygote may create PID namespaces: it runs as root) the zygote unshares a
             PID namespace for its next child and forks; the child is PID 1 there. The zygote
             watches it through a pidfd, reaps it and writes the status pipe itself.
  two forks  (otherwise) the first child A unshares every namespace, forks the learner's
             process B as PID 1, waits for it and writes the status pipe; B never holds it.

Either way the status comes from a process the learner's code never runs in, so it cannot be
forged. A fork copies the zygote's page tables, a few milliseconds here: one fork per
submission instead of two is the cheaper of the two by about that much.
"""

from __future__ import annotations

import json
import os
import signal
import socket
from dataclasses import dataclass
from typing import Any

from graders.inside import attacks, child, isolation, reference
from graders.inside.warmup import prefault_heap, warm_up
from graders.protocol.frames import ChildExit, Frame, FrameDecoder
from graders.protocol.job import decode_job, decode_reference_job
from graders.protocol.limits import Limits
from graders.protocol.schedstat import SchedStat, read_schedstat

_SO_SNDBUFFORCE, _SO_RCVBUFFORCE = 32, 33
_CHANNEL_BUFFER = 8 << 20  # big enough that a child never blocks writing its results


@dataclass
class ChildProcess:
    """A forked child, already isolated, blocked reading its job from `channel`."""

    pid: int
    channel: socket.socket
    status: int  # read end of the pipe that says how the learner's process ended
    status_write: int | None = None  # one fork: the zygote's end, written when it reaps
    pidfd: int | None = None  # one fork: readable once the child has ended
    reaped: bool = False


class Spawner:
    """Forks isolated children, one fork each where the zygote may create PID namespaces."""

    def __init__(self, limits: Limits, seccomp_program: bytes, one_fork: bool) -> None:
        self.limits = limits
        self.seccomp_program = isolation.SeccompProgram(seccomp_program)
        can = one_fork and hasattr(os, "pidfd_open")
        self.pid_namespace = isolation.own_pid_namespace() if can else None

    def fork_spare(self, warm: bool = True) -> ChildProcess:
        parent_end, child_end = socket.socketpair()
        for end in (parent_end, child_end):
            for option in (_SO_SNDBUFFORCE, _SO_RCVBUFFORCE):
                try:
                    end.setsockopt(socket.SOL_SOCKET, option, _CHANNEL_BUFFER)
                except OSError:  # not root: the kernel's default maximum applies
                    pass
        status_read, status_write = os.pipe()
        if self.pid_namespace is None:
            pid = os.fork()
            if pid == 0:  # pragma: no cover - runs in the child
                parent_end.close()
                os.close(status_read)
                self._first_of_two(child_end, status_write, warm)
            child_end.close()
            os.close(status_write)
            return ChildProcess(pid, parent_end, status_read)
        isolation.new_pid_namespace_for_children()
        try:
            pid = os.fork()
        except BaseException:
            isolation.restore_pid_namespace_for_children(self.pid_namespace)
            raise
        if pid == 0:  # pragma: no cover - runs in the child
            parent_end.close()
            os.close(status_read)
            os.close(status_write)
            self._only_child(child_end, warm)
        isolation.restore_pid_namespace_for_children(self.pid_namespace)
        child_end.close()
        try:
            pidfd = os.pidfd_open(pid)
        except OSError:
            kill_group(pid)
            os.waitpid(pid, 0)
            os.close(status_write)
            os.close(status_read)
            parent_end.close()
            raise
        return ChildProcess(pid, parent_end, status_read, status_write, pidfd)

    def _only_child(self, channel: socket.socket, warm: bool) -> None:  # pragma: no cover
        """The one-fork child: PID 1 of its namespace from birth; isolate, then run one job."""
        try:
            isolation.enter_session(channel.fileno())
            report = isolation.LayerReport()
            isolation.drop_privileges_and_unshare(report, new_pid_namespace=False)
            isolation.die_with_parent()  # after the uid change, which clears it
            _run_sandboxed(channel, self.limits, report, warm, self.seccomp_program)
        finally:
            os._exit(ChildExit.SETUP_FAILED)

    def _first_of_two(
        self, channel: socket.socket, status_pipe: int, warm: bool
    ) -> None:  # pragma: no cover
        """Child A: isolate, fork B as PID 1 of the new namespaces, wait, report how B ended.

        A never runs learner code; its report (B's exit code and CPU time) reaches the grader
        on a pipe B does not hold, so B cannot forge it.
        """
        code: int = ChildExit.SETUP_FAILED
        try:
            isolation.enter_session(channel.fileno(), status_pipe)
            report = isolation.LayerReport()
            isolation.drop_privileges_and_unshare(report)
            isolation.die_with_parent()  # after the uid change, which clears it
            pid = os.fork()
            if pid == 0:
                isolation.die_with_parent()
                os.close(status_pipe)
                _run_sandboxed(channel, self.limits, report, warm, self.seccomp_program)
            channel.close()
            os.waitid(os.P_PID, pid, os.WEXITED | os.WNOWAIT)  # ended, not yet reaped:
            sched = read_schedstat(pid)  # its accounting is still there to read
            _, status, usage = os.wait4(pid, 0)
            write_status(status_pipe, status, usage, sched)
            code = 0
        finally:
            os._exit(code)


def write_status(pipe: int, status: int, usage: Any, sched: SchedStat | None = None) -> None:
    """How the learner's process ended: its exit code (-signal if killed), CPU time and peak
    memory (a SIGKILL near the memory limit is the kernel's OOM killer, not ours), and its
    scheduler accounting (`sched`, read just before it was reaped: how long it waited to run)."""
    code = os.waitstatus_to_exitcode(status)
    cpu_ms = (usage.ru_utime + usage.ru_stime) * 1000
    report: dict[str, Any] = {
        "exit_code": code,
        "cpu_ms": round(cpu_ms, 3),
        "max_rss_kb": usage.ru_maxrss,
    }
    if sched is not None:
        report["sched"] = sched.to_dict()
    os.write(pipe, json.dumps(report).encode())


def _run_sandboxed(
    channel: socket.socket,
    limits: Limits,
    report: isolation.LayerReport,
    warm: bool,
    seccomp_program: isolation.SeccompProgram,
) -> None:  # pragma: no cover
    """Child B: finish the layers, warm up if asked, then read and run exactly one job."""
    code = 0
    try:
        isolation.private_tmpfs(report)
        isolation.apply_rlimits(limits)
        isolation.apply_landlock(report)
        isolation.apply_seccomp(report, seccomp_program)
        os.environ.clear()
        if warm:  # first-touch faults now, not on the clock
            prefault_heap()
            warm_up(limits, rounds=1, errors=False)
        job = _read_job(channel)
        if job is None:
            os._exit(0)
        out = child.Outbox(channel)
        if job.header.get("selftest"):
            attacks.run_attacks(job.header, report, out.send)
            out.flush()
        elif "reference" in job.header:  # trusted code on a learner's call (a scratch run)
            decoded_reference = decode_reference_job(job)
            isolation.lower_rlimits(decoded_reference.limits)
            reference.run_reference(decoded_reference, out)
        else:
            decoded = decode_job(job)
            # The zygote set the service's ceilings; the job's own limits may be lower.
            isolation.lower_rlimits(decoded.limits)
            child.run_job(decoded, out)
    except MemoryError:  # our own code could not finish: the learner's code used the memory
        code = ChildExit.OUT_OF_MEMORY
    except BaseException:
        code = ChildExit.FAILED
    finally:
        os._exit(code)


def _read_job(channel: socket.socket) -> Frame | None:
    """The one frame the grader writes; None if it closed the channel first."""
    decoder = FrameDecoder(max_header_bytes=1 << 62, last=None)
    while not decoder.frames:
        chunk = channel.recv(1 << 20)
        if not chunk:
            return None
        decoder.feed(chunk)
    return decoder.frames[0]


def kill_group(pid: int) -> None:
    for kill in (os.killpg, os.kill):
        try:
            kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass
