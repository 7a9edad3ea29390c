"""One job with one child: write the job in, read its frames back, learn how it ended."""

from __future__ import annotations

import asyncio
import json
import os
import select
import signal
import socket
import time
from collections.abc import Callable
from dataclasses import dataclass
from enum import StrEnum

from graders.protocol import values
from graders.protocol.frames import Frame, FrameDecoder, FrameTooLarge, FrameType, ProtocolError
from graders.protocol.limits import Limits
from graders.protocol.schedstat import SchedStat, read_schedstat
from graders.protocol.sequence import FrameOrder

_READ_BYTES = 256 << 10  # one read from a child's channel (a frame may take several)
_STATUS_WAIT_SECONDS = 2.0  # a child is reaped within milliseconds; generous for a loaded host
_KILLED_WAIT_SECONDS = 1.0  # after our own kill at the deadline: the grading waits for this
_CPU_SPENT = 0.9  # of its CPU budget: a child killed at the deadline with this much ran out of CPU
# The largest header a child's frame may have: a value's JSON (a larger value is described),
# with room for the frame's own fields. Its stdout rides as `done`'s payload, not in a header,
# so no header the grader parses on its event loop takes more than a few milliseconds.
RESULT_HEADER_BYTES = values.MAX_HEADER_BYTES + (64 << 10)

FrameListener = Callable[[list[Frame]], None]


class RunStatus(StrEnum):
    """How one run in the sandbox ended, as the host saw it (whose fault it was:
    graders.engine.endings)."""

    OK = "ok"  # the child sent `done`
    TIMEOUT = "timeout"  # the wall clock ran out: the grader killed it
    CPU_LIMIT = "cpu_limit"  # the kernel's CPU limit killed it
    OUT_OF_MEMORY = "out_of_memory"  # the kernel's OOM killer ended it near its memory limit
    CRASHED = "crashed"  # the child ended without `done` (a signal or an exit)
    BROKEN = "broken"  # it sent a frame no honest child sends: nothing it said is trusted
    OVERFLOW = "overflow"  # it sent more than the byte cap
    UNAVAILABLE = "unavailable"  # no child could be had (our fault)


@dataclass(frozen=True)
class ChildStatus:
    """How the learner's process ended, as the process that reaped it reported."""

    exit_code: int  # -N when a signal N ended it
    cpu_ms: float
    max_rss_kb: int = 0  # its peak resident memory
    sched: SchedStat | None = None  # its scheduler accounting since it was forked


@dataclass(frozen=True)
class RunOutcome:
    """What came back from one job: how it ended, the child's frames, its wall and CPU time.

    `cpu_ms` is None when nobody said (a run that finished says its own; a killed or crashed
    one, its reaper). `signal` is the signal that ended it, if not one the grader sent;
    `exit_code` the exit code a crashed child ended with, None if its reaper never reported
    (the zygote died); `max_rss_kb` its peak memory, 0 if not known. `wait_ms` is how long
    the learner's process waited on a run queue for a CPU during the job (the kernel's
    scheduler accounting; None where it keeps none or the process was not ours to watch), and
    `extended_ms` how much wall time it was given on top of its limit for that wait.
    """

    status: RunStatus
    frames: list[Frame]
    wall_ms: float = 0.0
    cpu_ms: float | None = None
    signal: int | None = None
    exit_code: int | None = None
    max_rss_kb: int = 0
    wait_ms: float | None = None
    extended_ms: float = 0.0


@dataclass
class Spare:
    """A forked, isolated child waiting for its job, as the zygote handed it over.

    `kill` asks the zygote to kill its learner process now (at the deadline) and have it
    reaped, so `status` then says how long it really ran on the CPU.
    """

    id: int
    channel: socket.socket
    status: int  # how the learner's process ended, written by the process that reaped it
    kill: Callable[[], None] | None = None
    pid: int | None = None  # the learner's process, when the grader may watch it (one fork)


async def run_on_spare(
    spare: Spare, job: bytes, limits: Limits, on_frames: FrameListener | None = None
) -> RunOutcome:
    """Write the job into the child, read its frames until done, the deadline or the byte cap.

    `on_frames` sees each batch of frames as soon as it is complete, while the child goes on
    (the grader checks early results during the later calls). It must not raise.
    """
    loop = asyncio.get_running_loop()
    started = time.perf_counter()
    order = FrameOrder(limits.result_frames)
    decoder = FrameDecoder(limits.result_bytes, RESULT_HEADER_BYTES, check=order.accept)
    decoding = [0.0]  # CPU seconds this run's frames have cost the grader so far
    ended: asyncio.Future[RunStatus] = loop.create_future()
    # How it ended, kept apart from `ended` (which the deadline cancels along with the wait).
    decided: list[RunStatus] = []
    channel = spare.channel
    # Read into one buffer: `recv(n)` allocates n bytes per call, which costs more than the read.
    buffer = memoryview(bytearray(_READ_BYTES))

    def end(status: RunStatus) -> None:
        decided.append(status)
        if not ended.done():
            ended.set_result(status)

    def readable() -> None:
        """The channel has data (or EOF): feed it on, and end the wait once the run is over."""
        if decided:  # whatever a child sends after `done` is never read
            return
        try:
            count = channel.recv_into(buffer)
        except BlockingIOError:
            return
        except OSError:  # reset: the child is gone
            count = 0
        if not count:
            end(RunStatus.CRASHED)
            return
        spent = time.thread_time()
        try:
            new = decoder.feed(buffer[:count])
        except FrameTooLarge:
            end(RunStatus.OVERFLOW)
            return
        except ProtocolError:  # off the protocol, or past its frame budget: not trusted
            end(RunStatus.BROKEN)
            return
        decoding[0] += time.thread_time() - spent
        if decoding[0] > limits.decode_seconds:
            end(RunStatus.BROKEN)
            return
        if on_frames is not None and new:
            on_frames(new)
        if decoder.finished:
            end(RunStatus.OK)

    def drain() -> None:
        """Read what is already buffered: a grader held up past the deadline may find the
        child long finished (its CPU would then look starved, and it was not)."""
        for _ in range(64):  # bounded: each read takes up to _READ_BYTES
            received = decoder.received
            readable()
            if decided or decoder.received == received:
                return

    watch = _Starvation(spare.pid, limits.wall_extension_seconds)
    timers: list[asyncio.TimerHandle] = []
    # One registration for the whole exchange: the channel is watched, not polled per read.
    loop.add_reader(channel.fileno(), readable)
    try:
        async with asyncio.timeout(None) as deadline:  # one deadline for the whole exchange

            def at_deadline() -> None:
                """Give a child that waited for a CPU that much more time (up to the cap);
                otherwise end the exchange now."""
                drain()
                more = 0.0 if decided else watch.owed()
                if more > 0:
                    timers.append(loop.call_later(more, at_deadline))
                else:
                    deadline.reschedule(loop.time())

            timers.append(loop.call_later(limits.wall_seconds, at_deadline))
            await loop.sock_sendall(channel, job)
            status = await ended
    except TimeoutError:
        if not decided:
            drain()
        status = decided[0] if decided else RunStatus.TIMEOUT
    except OSError:  # the child closed its end early: it died (or was killed at the deadline)
        late = time.perf_counter() - started >= limits.wall_seconds
        status = RunStatus.TIMEOUT if late else RunStatus.CRASHED
    finally:
        for timer in timers:
            timer.cancel()
        loop.remove_reader(channel.fileno())
    wall_ms = (time.perf_counter() - started) * 1000
    extended_ms = watch.extended * 1000
    frames = decoder.frames
    if status is RunStatus.BROKEN:
        frames = trusted_prefix(frames)
    if status is RunStatus.OK:
        waited = watch.waited_ms()
        return RunOutcome(status, frames, wall_ms, _reported_cpu(frames), None, None, 0, waited)
    if status is RunStatus.TIMEOUT and spare.kill is not None:
        spare.kill()  # its reaper then says how much CPU it had, and how long it waited
    if status not in (RunStatus.CRASHED, RunStatus.TIMEOUT):
        return RunOutcome(status, frames, wall_ms, wait_ms=watch.waited_ms())
    wait = _STATUS_WAIT_SECONDS if status is RunStatus.CRASHED else _KILLED_WAIT_SECONDS
    ended_as = await loop.run_in_executor(None, read_child_status, spare.status, wait)
    if ended_as is None:  # nobody reported: its reaper (the zygote) is gone too
        return RunOutcome(status, frames, wall_ms, extended_ms=extended_ms)
    cpu_ms, memory = ended_as.cpu_ms, ended_as.max_rss_kb
    waited = watch.waited_ms(ended_as.sched)
    budget_ms = limits.cpu_seconds * 1000
    if status is RunStatus.TIMEOUT:
        # Our deadline raced the kernel's CPU limit, which was due: it ran out of CPU.
        if cpu_ms >= budget_ms * _CPU_SPENT:
            status = RunStatus.CPU_LIMIT
        return RunOutcome(
            status, frames, wall_ms, cpu_ms, max_rss_kb=memory, wait_ms=waited,
            extended_ms=extended_ms,
        )  # fmt: skip
    killed_by = -ended_as.exit_code if ended_as.exit_code < 0 else None
    # The kernel kills at the CPU limit, but rusage ticks can read lower (940 ms of a 1 s limit
    # has been seen): any SIGKILL we did not send after half the budget is the CPU limit.
    if killed_by == signal.SIGKILL and cpu_ms >= budget_ms * 0.5:
        status = RunStatus.CPU_LIMIT
    # A SIGKILL we did not send, to a child holding half its memory or more: the OOM killer.
    elif killed_by == signal.SIGKILL and memory * 1024 >= limits.memory_bytes * 0.5:
        status = RunStatus.OUT_OF_MEMORY
    return RunOutcome(
        status, frames, wall_ms, cpu_ms, killed_by, ended_as.exit_code, memory, waited, extended_ms
    )


class _Starvation:
    """The learner's process's wait for a CPU during one job, from the scheduler's accounting:
    what the wall clock owes it at the deadline, and how long it waited in all."""

    def __init__(self, pid: int | None, cap_seconds: float) -> None:
        self.pid, self.cap = pid, cap_seconds
        self.start = read_schedstat(pid) if pid is not None else None
        self.extended = 0.0  # seconds of wall time given on top of the limit so far
        self.credited = 0.0  # seconds of waiting those extensions paid for

    def owed(self) -> float:
        """Seconds more to give: the wait not yet paid for, while the cap lasts (0: none)."""
        if self.pid is None or self.start is None:
            return 0.0
        now = read_schedstat(self.pid)
        if now is None:
            return 0.0
        unpaid = now.since(self.start).wait_ms / 1000 - self.credited
        more = min(unpaid, self.cap - self.extended)
        if more < _SMALLEST_EXTENSION:
            return 0.0
        self.credited += unpaid
        self.extended += more
        return more

    def waited_ms(self, reaped: SchedStat | None = None) -> float | None:
        """Milliseconds it waited during the job: from its reaper's report (`reaped`) or now."""
        if self.start is None or self.pid is None:
            # Not ours to watch (two forks): the reaper's figure, since the child was forked.
            return None if reaped is None else round(reaped.wait_ms, 3)
        now = reaped if reaped is not None else read_schedstat(self.pid)
        return None if now is None else round(now.since(self.start).wait_ms, 3)


_SMALLEST_EXTENSION = 0.01  # seconds: a wait shorter than a scheduler tick or two owes nothing


def trusted_prefix(frames: list[Frame]) -> list[Frame]:
    """What may still be read of a run that broke the protocol: only that the learner's code
    began (its first frame, `compiling`), so the break is charged to the side that caused it."""
    return frames[:1] if frames and frames[0].type == FrameType.COMPILING else []


def _reported_cpu(frames: list[Frame]) -> float | None:
    """The CPU time a finished child counted itself (for the record; nothing is decided on it)."""
    value = frames[-1].header.get("cpu_ms") if frames else None
    return float(value) if isinstance(value, int | float) else None


def read_child_status(status_fd: int, wait: float = _STATUS_WAIT_SECONDS) -> ChildStatus | None:
    """How the learner's process ended, from whoever reaped it; None if nobody reported."""
    # poll, not select: with many client connections open, this fd may be numbered past 1023.
    poller = select.poll()
    poller.register(status_fd, select.POLLIN)
    if not poller.poll(wait * 1000):
        return None
    try:
        report = json.loads(os.read(status_fd, 4096) or b"null")
        if not isinstance(report, dict):
            return None
        rss = report.get("max_rss_kb", 0)
        sched = report.get("sched")
        stat = None
        if isinstance(sched, dict):
            stat = SchedStat(float(sched["run_ms"]), float(sched["wait_ms"]))
        return ChildStatus(int(report["exit_code"]), float(report["cpu_ms"]), int(rss), stat)
    except (OSError, ValueError, TypeError, KeyError):
        return None
