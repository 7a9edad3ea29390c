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

from graders.protocol.frames import Frame, FrameDecoder, FrameTooLarge, ProtocolError
from graders.protocol.limits import Limits

_READ_BYTES = 256 << 10  # one read from a child's channel (a frame may take several)
_STATUS_WAIT_SECONDS = 2.0  # a child is reaped within milliseconds; generous for a loaded host

FrameListener = Callable[[list[Frame]], None]


class RunStatus(StrEnum):
    """How one run in the sandbox ended, as the host saw it."""

    OK = "ok"  # the child sent `done`
    TIMEOUT = "timeout"  # the wall clock ran out, or the kernel's CPU limit killed it
    CRASHED = "crashed"  # the child ended without `done` (a signal, an exit, a bad frame)
    OVERFLOW = "overflow"  # it sent more than the byte cap
    UNAVAILABLE = "unavailable"  # no child could be had (our fault)


@dataclass(frozen=True)
class RunOutcome:
    """What came back from one job: how it ended, the child's frames, its wall and CPU time."""

    status: RunStatus
    frames: list[Frame]
    wall_ms: float = 0.0
    cpu_ms: float = 0.0
    signal: int | None = None


@dataclass
class Spare:
    """A forked, isolated child waiting for its job, as the zygote handed it over."""

    id: int
    channel: socket.socket
    status: int  # how the learner's process ended, written by the process that reaped it


async def run_on_spare(
    spare: Spare, job: bytes, limits: Limits, on_frames: FrameListener | None = None
) -> RunOutcome:
    """Write the job into the child, read its frames until done, the deadline or the byte cap.

    `on_frames` sees each batch of frames as soon as it is complete, while the child goes on
    (the grader checks early results during the later calls). It must not raise.
    """
    loop = asyncio.get_running_loop()
    started = time.perf_counter()
    decoder = FrameDecoder(limits.result_bytes)
    ended: asyncio.Future[RunStatus] = loop.create_future()
    channel = spare.channel
    # Read into one buffer: `recv(n)` allocates n bytes per call, which costs more than the read.
    buffer = memoryview(bytearray(_READ_BYTES))

    def readable() -> None:
        """The channel has data (or EOF): feed it on, and end the wait once the run is over."""
        if ended.done():  # whatever a child sends after `done` is never read
            return
        try:
            count = channel.recv_into(buffer)
        except BlockingIOError:
            return
        except OSError:  # reset: the child is gone
            count = 0
        if not count:
            ended.set_result(RunStatus.CRASHED)
            return
        try:
            new = decoder.feed(buffer[:count])
        except FrameTooLarge:
            ended.set_result(RunStatus.OVERFLOW)
            return
        except ProtocolError:  # a frame no honest child sends: nothing it said is trusted
            decoder.frames.clear()
            ended.set_result(RunStatus.CRASHED)
            return
        if on_frames is not None and new:
            on_frames(new)
        if decoder.finished:
            ended.set_result(RunStatus.OK)

    # One registration for the whole exchange: the channel is watched, not polled per read.
    loop.add_reader(channel.fileno(), readable)
    try:
        async with asyncio.timeout(limits.wall_seconds):  # one deadline for the whole exchange
            await loop.sock_sendall(channel, job)
            status = await ended
    except TimeoutError:
        status = RunStatus.TIMEOUT
    except OSError:  # the child closed its end early: it died (or was killed at the deadline)
        late = time.perf_counter() - started >= limits.wall_seconds
        status = RunStatus.TIMEOUT if late else RunStatus.CRASHED
    finally:
        loop.remove_reader(channel.fileno())
    wall_ms = (time.perf_counter() - started) * 1000
    exit_code, cpu_ms = 0, 0.0
    if status is RunStatus.CRASHED:  # it ended on its own: the process that reaped it says how
        exit_code, cpu_ms = await loop.run_in_executor(None, read_status, spare.status)
    killed_by = -exit_code if exit_code < 0 else None
    # The kernel kills at the CPU limit, but rusage ticks can read lower (940 ms of a 1 s limit
    # has been seen): any SIGKILL we did not send after half the budget is the CPU limit.
    cpu_limit_ms = limits.cpu_seconds * 1000 * 0.5
    if status is RunStatus.CRASHED and killed_by == signal.SIGKILL and cpu_ms >= cpu_limit_ms:
        status = RunStatus.TIMEOUT
    signal_number = killed_by if status is RunStatus.CRASHED else None
    return RunOutcome(status, decoder.frames, wall_ms, cpu_ms, signal_number)


def read_status(status_fd: int) -> tuple[int, float]:
    """The learner process's exit code and CPU time, from whoever reaped it; (0, 0) if none."""
    ready, _, _ = select.select([status_fd], [], [], _STATUS_WAIT_SECONDS)
    if not ready:
        return 0, 0.0
    try:
        report = json.loads(os.read(status_fd, 4096) or b"{}")
        return int(report.get("exit_code", 0)), float(report.get("cpu_ms", 0.0))
    except (OSError, ValueError, TypeError):
        return 0, 0.0
