"""The trusted side of the sandbox: a pool of warm zygotes, each grading one job at a time."""

from __future__ import annotations

import asyncio
import json
import logging
import os
import sys
import tempfile
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from graders.limits import Limits
from graders.sandbox import wire
from graders.sandbox.isolation import LAYERS

log = logging.getLogger("gradebox.sandbox")

_PROJECT_ROOT = str(Path(__file__).resolve().parents[2])
# Variables the zygote inherits; everything else (secrets included) stays behind.
_PASSED_THROUGH = ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "LANG", "LC_ALL")
_REPLY_GRACE_SECONDS = 5.0


class SandboxUnavailable(Exception):
    """The sandbox cannot grade right now (a layer is missing, or a zygote will not start)."""


@dataclass(frozen=True)
class RunOutcome:
    """What came back from one job: the zygote's account and the child's frames."""

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


class Zygote:
    """One warm parent process and the pipe to it."""

    def __init__(self, limits: Limits) -> None:
        self.limits = limits
        self.process: asyncio.subprocess.Process | None = None

    async def start(self) -> None:
        environment = {"PATH": "/usr/bin:/bin", "PYTHONPATH": _PROJECT_ROOT}
        environment |= {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
        environment |= {name: os.environ[name] for name in _PASSED_THROUGH if name in os.environ}
        self.process = await asyncio.create_subprocess_exec(
            sys.executable,
            "-m",
            "graders.sandbox.zygote",
            json.dumps(self.limits.to_dict()),
            stdin=asyncio.subprocess.PIPE,
            stdout=asyncio.subprocess.PIPE,
            env=environment,
            cwd=_PROJECT_ROOT,
            limit=1 << 28,
        )
        ready = await asyncio.wait_for(self._read_frame(), timeout=60)
        if ready.header.get("t") != "ready":
            raise SandboxUnavailable("the zygote did not start")

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.returncode is None

    async def request(self, header: dict[str, Any], payload: bytes, timeout: float) -> wire.Frame:
        assert self.process is not None
        assert self.process.stdin is not None
        self.process.stdin.write(wire.encode(header, payload))
        await self.process.stdin.drain()
        return await asyncio.wait_for(self._read_frame(), timeout=timeout)

    async def _read_frame(self) -> wire.Frame:
        assert self.process is not None
        assert self.process.stdout is not None
        stream = self.process.stdout
        header_length = int.from_bytes(await stream.readexactly(4), "big")
        header = json.loads(await stream.readexactly(header_length))
        payload_length = int.from_bytes(await stream.readexactly(4), "big")
        return wire.Frame(header, await stream.readexactly(payload_length))

    async def stop(self) -> None:
        if self.process is None:
            return
        if self.process.returncode is None:
            self.process.kill()
        await self.process.wait()


class SandboxPool:
    """`size` zygotes; each job waits for a free one. A dead zygote is replaced."""

    def __init__(self, size: int, limits: Limits, allow_weak_sandbox: bool = False) -> None:
        self.size, self.limits, self.allow_weak_sandbox = size, limits, allow_weak_sandbox
        self.selftest = SelfTest()
        self._idle: asyncio.Queue[Zygote] = asyncio.Queue()
        self._zygotes: list[Zygote] = []
        self.waiting = 0
        self.busy = 0
        self.restarts = 0
        self.refusal: str | None = None

    async def start(self) -> None:
        zygotes = [Zygote(self.limits) for _ in range(self.size)]
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
            outcome = await self._run({"t": "selftest", "canary": canary.name}, b"", 15.0)
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

    async def run(self, job: bytes, wall_seconds: float, max_bytes: int) -> RunOutcome:
        """Run one job in a fresh child; never raises for anything the child does."""
        if self.refusal:
            raise SandboxUnavailable(self.refusal)
        header = {"t": "job", "wall_seconds": wall_seconds, "max_bytes": max_bytes}
        return await self._run(header, job, wall_seconds + _REPLY_GRACE_SECONDS)

    async def _run(self, header: dict[str, Any], payload: bytes, timeout: float) -> RunOutcome:
        self.waiting += 1
        try:
            zygote = await self._idle.get()
        finally:
            self.waiting -= 1
        self.busy += 1
        try:
            if not zygote.alive:
                zygote = await self._replace(zygote)
            reply = await zygote.request(header, payload, timeout)
        except (OSError, EOFError, asyncio.IncompleteReadError, TimeoutError, ValueError) as error:
            log.error("zygote failed (%s); replacing it", error)
            zygote = await self._replace(zygote)
            return RunOutcome("unavailable", [])
        finally:
            self.busy -= 1
            self._idle.put_nowait(zygote)
        try:
            frames = wire.decode_stream(reply.payload)
        except wire.ProtocolError:
            return RunOutcome("crashed", [], reply.header.get("wall_ms", 0.0))
        return RunOutcome(
            status=str(reply.header["status"]),
            frames=frames,
            wall_ms=float(reply.header.get("wall_ms", 0.0)),
            cpu_ms=float(reply.header.get("cpu_ms", 0.0)),
            signal=reply.header.get("signal"),
        )

    async def _replace(self, zygote: Zygote) -> Zygote:
        await zygote.stop()
        self.restarts += 1
        fresh = Zygote(self.limits)
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
