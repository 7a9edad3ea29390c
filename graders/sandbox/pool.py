"""The trusted side of the sandbox: a pool of warm zygotes, each grading one job at a time."""

from __future__ import annotations

import asyncio
import contextlib
import json
import logging
import os
import select
import signal
import socket
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from graders.limits import Limits
from graders.sandbox import wire
from graders.sandbox.isolation import LAYERS, compile_seccomp

log = logging.getLogger("gradebox.sandbox")

_PROJECT_ROOT = str(Path(__file__).resolve().parents[2])
# Variables the zygote inherits; everything else (secrets included) stays behind.
_PASSED_THROUGH = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "LANG", "LC_ALL")
_SPARE_WAIT_SECONDS = 30.0  # a spare is ready in milliseconds; this only catches a stuck zygote
_READ_BYTES = 256 << 10  # one read from a child's channel (a frame may take several)
_STATUS_WAIT_SECONDS = 2.0  # a child is reaped within milliseconds; generous for a loaded host


class SandboxUnavailable(Exception):
    """The sandbox cannot grade right now (a layer is missing, or a zygote will not start)."""


@dataclass(frozen=True)
class RunOutcome:
    """What came back from one job: how it ended, the child's frames, its wall and CPU time."""

    status: str  # ok | timeout | crashed | overflow | unavailable
    frames: list[wire.Frame]
    wall_ms: float = 0.0
    cpu_ms: float = 0.0
    signal: int | None = None


@dataclass
class SelfTest:
    """The start-up self-test's findings, for /healthz and `gradebox doctor`."""

    layers: dict[str, bool] = field(default_factory=dict)
    notes: dict[str, str] = field(default_factory=dict)
    contained: dict[str, bool] = field(default_factory=dict)
    errors: dict[str, str] = field(default_factory=dict)

    @property
    def missing(self) -> list[str]:
        absent = [layer for layer in LAYERS if not self.layers.get(layer)]
        return absent + [f"contains {name}" for name, ok in self.contained.items() if not ok]

    def to_dict(self) -> dict[str, Any]:
        return {
            "layers": self.layers,
            "notes": self.notes,
            "contained": self.contained,
            "errors": self.errors,
            "missing": self.missing,
        }


@dataclass
class Spare:
    """A forked, isolated child waiting for its job, as the zygote handed it over."""

    id: int
    channel: socket.socket
    status: int  # how the learner's process ended, written by the process that reaped it


class Zygote:
    """One warm parent process, the control socket to it, and the spare it has offered."""

    def __init__(self, limits: Limits, seccomp_program: bytes, one_fork: bool = True) -> None:
        self.limits = limits
        self.seccomp_program = seccomp_program
        self.one_fork = one_fork
        self.process: asyncio.subprocess.Process | None = None
        self.control: socket.socket | None = None
        self._spares: asyncio.Queue[Spare | None] = asyncio.Queue()

    async def start(self) -> None:
        environment = {"PATH": "/usr/bin:/bin", "PYTHONPATH": _PROJECT_ROOT}
        environment |= {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
        environment |= {name: os.environ[name] for name in _PASSED_THROUGH if name in os.environ}
        ours, theirs = socket.socketpair(socket.AF_UNIX, socket.SOCK_SEQPACKET)
        self.process = await asyncio.create_subprocess_exec(
            sys.executable, "-m", "graders.sandbox.zygote",
            json.dumps(self.limits.to_dict()), str(theirs.fileno()), self.seccomp_program.hex(),
            "one-fork" if self.one_fork else "two-forks",
            stdin=asyncio.subprocess.DEVNULL,
            env=environment,
            cwd=_PROJECT_ROOT,
            pass_fds=(theirs.fileno(),),
        )  # fmt: skip
        theirs.close()
        ours.setblocking(False)
        self.control = ours
        asyncio.get_running_loop().add_reader(ours.fileno(), self._on_message)
        first = await asyncio.wait_for(self._spares.get(), timeout=60)
        if first is None:
            raise SandboxUnavailable("the zygote did not start")
        self._spares.put_nowait(first)

    def _on_message(self) -> None:
        """A spare offered by the zygote (with its two descriptors), or EOF."""
        assert self.control is not None
        try:
            data, fds, _, _ = socket.recv_fds(self.control, 4096, 2)
        except BlockingIOError:
            return
        except OSError:
            data, fds = b"", []
        if not data:
            asyncio.get_running_loop().remove_reader(self.control.fileno())
            self._spares.put_nowait(None)
            return
        header = wire.decode_stream(data)[0].header
        if header.get("t") != "spare" or len(fds) != 2:
            for fd in fds:
                os.close(fd)
            return
        channel = socket.socket(fileno=fds[0])
        channel.setblocking(False)
        self._spares.put_nowait(Spare(int(header["id"]), channel, fds[1]))

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.returncode is None

    async def take_spare(self, timeout: float) -> Spare:
        if self._spares.empty():
            async with asyncio.timeout(timeout):
                spare = await self._spares.get()
        else:  # the usual case: a spare is waiting, so no timer is needed
            spare = self._spares.get_nowait()
        if spare is None:
            self._spares.put_nowait(None)  # stays dead for every later caller
            raise EOFError("the zygote exited")
        return spare

    def release(self, spare: Spare, warm: bool = True) -> None:
        """Kill and reap the child (done by the zygote); it then offers the next spare."""
        spare.channel.close()
        os.close(spare.status)
        if self.control is not None:
            try:
                self.control.send(wire.encode({"t": "release", "id": spare.id, "warm": warm}))
            except OSError:
                pass  # a dead zygote's children die with it (PR_SET_PDEATHSIG)

    async def stop(self) -> None:
        if self.control is not None:
            with contextlib.suppress(ValueError, OSError):
                asyncio.get_running_loop().remove_reader(self.control.fileno())
            self.control.close()
            self.control = None
        if self.process is None:
            return
        if self.process.returncode is None:
            self.process.kill()
        await self.process.wait()
        while not self._spares.empty():
            spare = self._spares.get_nowait()
            if spare is not None:
                spare.channel.close()
                os.close(spare.status)


FrameListener = Callable[[list[wire.Frame]], None]


async def run_on_spare(
    spare: Spare,
    job: bytes,
    wall_seconds: float,
    max_bytes: int,
    on_frames: FrameListener | None = None,
) -> RunOutcome:
    """Write the job into the child, read its frames until done, the deadline or the byte cap.

    `on_frames` sees each batch of frames as soon as it is complete, while the child goes on
    (the grader checks early results during the later calls). It must not raise.
    """
    loop = asyncio.get_running_loop()
    started = time.perf_counter()
    reader = FrameReader(max_bytes)
    ended: asyncio.Future[str] = loop.create_future()
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
        try:
            seen = len(reader.frames)
            status = reader.feed(buffer[:count]) if count else "crashed"
            if on_frames is not None and len(reader.frames) > seen:
                on_frames(reader.frames[seen:])
        except wire.ProtocolError:  # a frame no honest child sends: nothing it said is trusted
            reader.frames, status, count = [], "crashed", 0
        if (status != "crashed" or not count) and not ended.done():
            ended.set_result(status)

    # One registration for the whole exchange: the channel is watched, not polled per read.
    loop.add_reader(channel.fileno(), readable)
    try:
        async with asyncio.timeout(wall_seconds):  # one deadline for the whole exchange
            await loop.sock_sendall(channel, job)
            status = await ended
    except TimeoutError:
        status = "timeout"
    except OSError:  # the child closed its end early: it died (or was killed at the deadline)
        status = "timeout" if time.perf_counter() - started >= wall_seconds else "crashed"
    finally:
        loop.remove_reader(channel.fileno())
    wall_ms = (time.perf_counter() - started) * 1000
    exit_code, cpu_ms = 0, 0.0
    if status == "crashed":  # the child ended on its own: the process that reaped it says how
        exit_code, cpu_ms = await loop.run_in_executor(None, read_status, spare.status)
    killed_by = -exit_code if exit_code < 0 else None
    if status == "crashed" and killed_by == signal.SIGKILL and cpu_ms >= _cpu_limit_ms(job):
        status = "timeout"  # the kernel's RLIMIT_CPU kill: nothing else sends it a SIGKILL
    signal_number = killed_by if status == "crashed" else None
    return RunOutcome(status, reader.frames, wall_ms, cpu_ms, signal_number)


class FrameReader:
    """Collects the child's bytes and decodes each frame as soon as it is complete."""

    def __init__(self, max_bytes: int) -> None:
        self.data = bytearray()
        self.offset = 0
        self.max_bytes = max_bytes
        self.frames: list[wire.Frame] = []
        self.finished = False

    def feed(self, chunk: bytes | memoryview) -> str:
        """`ok` once `done` arrived, `overflow` past the cap, else `crashed` (so far).

        Raises ProtocolError for a frame that does not decode. Anything after `done` is
        ignored.
        """
        if self.finished:
            return "ok"
        self.data += chunk
        if len(self.data) > self.max_bytes:
            return "overflow"
        while self.offset + 4 <= len(self.data):
            header_length = int.from_bytes(self.data[self.offset : self.offset + 4], "big")
            if header_length > wire.MAX_HEADER_BYTES:
                return "overflow"
            header_end = self.offset + 4 + header_length
            if header_end + 4 > len(self.data):
                return "crashed"
            payload_length = int.from_bytes(self.data[header_end : header_end + 4], "big")
            frame_end = header_end + 4 + payload_length
            if frame_end > len(self.data):
                return "crashed"
            with memoryview(self.data) as view:  # released before `data` grows again
                header = wire.load_header(bytes(view[self.offset + 4 : header_end]))
                payload = bytes(view[header_end + 4 : frame_end])
            self.frames.append(wire.Frame(header, payload))
            self.offset = frame_end
            if header.get("t") == "done":
                self.finished = True
                return "ok"
        return "crashed"


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


def _cpu_limit_ms(job: bytes) -> float:
    try:
        header = wire.decode_stream(job)[0].header
        # The kernel kills at the limit, but rusage ticks can read lower (940 ms of a 1 s limit
        # has been seen): any SIGKILL we did not send after half the budget is the CPU limit.
        return float(header["limits"]["cpu_seconds"]) * 1000 * 0.5
    except (wire.ProtocolError, IndexError, KeyError, TypeError, ValueError):
        return float("inf")


def _seccomp_program() -> bytes:
    """The children's seccomp filter, compiled once here; empty (so the layer reports missing,
    and the pool fails closed) if libseccomp cannot build it."""
    try:
        return compile_seccomp()
    except Exception as error:  # a missing or broken libseccomp: the self-test says so
        log.error("cannot compile the seccomp filter: %s", error)
        return b""


class SandboxPool:
    """`size` zygotes; each job waits for a free one. A dead zygote is replaced.

    `one_fork=False` makes every child with two forks even where one would do (the fallback
    for hosts where the zygote may not create PID namespaces; the tests cover both).
    """

    def __init__(
        self, size: int, limits: Limits, allow_weak_sandbox: bool = False, one_fork: bool = True
    ) -> None:
        self.size, self.limits, self.allow_weak_sandbox = size, limits, allow_weak_sandbox
        self.one_fork = one_fork
        self.selftest = SelfTest()
        self._idle: asyncio.Queue[Zygote] = asyncio.Queue()
        self._zygotes: list[Zygote] = []
        self.waiting = 0
        self.busy = 0
        self.restarts = 0
        self.refusal: str | None = None
        self.seccomp_program = _seccomp_program()

    async def start(self) -> None:
        zygotes = [
            Zygote(self.limits, self.seccomp_program, self.one_fork) for _ in range(self.size)
        ]
        await asyncio.gather(*(zygote.start() for zygote in zygotes))
        self._zygotes = zygotes
        for zygote in zygotes:
            self._idle.put_nowait(zygote)
        await self.run_selftest()

    async def run_selftest(self) -> SelfTest:
        """Prove each layer in a real child; refuse to grade if one the config needs is missing."""
        with tempfile.NamedTemporaryFile(prefix="gradebox-canary-", dir="/var/tmp") as canary:
            canary.write(b"the sandbox must never read this")
            canary.flush()
            job = wire.encode({"selftest": True, "canary": canary.name})
            outcome = await self._run(job, 15.0, 1 << 20)
        found = [frame.header for frame in outcome.frames if frame.header.get("t") == "selftest"]
        result = SelfTest()
        if found:
            report = found[0]
            result = SelfTest(
                report["layers"], report["notes"], report["contained"], report["errors"]
            )
        else:
            result.notes["selftest"] = f"the self-test child did not report ({outcome.status})"
            result.contained["selftest"] = False
        self.selftest = result
        if result.missing and not self.allow_weak_sandbox:
            self.refusal = "sandbox layers missing: " + ", ".join(result.missing)
            log.error("refusing to grade: %s", self.refusal)
        elif result.missing:
            self.refusal = None
            log.warning(
                "DEVELOPMENT ONLY: grading with a weakened sandbox (missing: %s)",
                ", ".join(result.missing),
            )
        else:
            self.refusal = None
        return result

    async def run(
        self,
        job: bytes,
        wall_seconds: float,
        max_bytes: int,
        on_frames: FrameListener | None = None,
    ) -> RunOutcome:
        """Run one job in a fresh child; never raises for anything the child does."""
        if self.refusal:
            raise SandboxUnavailable(self.refusal)
        return await self._run(job, wall_seconds, max_bytes, on_frames)

    async def _run(
        self,
        job: bytes,
        wall_seconds: float,
        max_bytes: int,
        on_frames: FrameListener | None = None,
    ) -> RunOutcome:
        self.waiting += 1
        try:
            zygote = await self._idle.get()
        finally:
            self.waiting -= 1
        self.busy += 1
        try:
            if not zygote.alive:
                zygote = await self._replace(zygote)
            spare = await zygote.take_spare(_SPARE_WAIT_SECONDS)
        except (OSError, EOFError, TimeoutError, ValueError, SandboxUnavailable) as error:
            log.error("zygote failed (%s); replacing it", error)
            self.busy -= 1
            with contextlib.suppress(Exception):
                zygote = await self._replace(zygote)
            self._idle.put_nowait(zygote)
            return RunOutcome("unavailable", [])
        try:
            return await run_on_spare(spare, job, wall_seconds, max_bytes, on_frames)
        finally:
            # Warm the next spare only when this was the only job in flight: under load the
            # warm-up's CPU would slow the other jobs more than it speeds up the next one.
            zygote.release(spare, warm=self.busy <= 1 and self.waiting == 0)
            self.busy -= 1
            self._idle.put_nowait(zygote)

    async def _replace(self, zygote: Zygote) -> Zygote:
        await zygote.stop()
        self.restarts += 1
        fresh = Zygote(self.limits, self.seccomp_program, self.one_fork)
        await fresh.start()
        self._zygotes = [fresh if item is zygote else item for item in self._zygotes]
        return fresh

    def state(self) -> dict[str, Any]:
        return {
            "size": self.size,
            "busy": self.busy,
            "waiting": self.waiting,
            "restarts": self.restarts,
            "alive": sum(zygote.alive for zygote in self._zygotes),
            "grading": self.refusal is None,
            "refusal": self.refusal,
            "selftest": self.selftest.to_dict(),
        }

    async def close(self) -> None:
        await asyncio.gather(*(zygote.stop() for zygote in self._zygotes))
