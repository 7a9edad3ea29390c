"""One zygote process, as the host sees it: start it, take the spares it offers, release them."""

from __future__ import annotations

import asyncio
import contextlib
import os
import socket
from functools import partial

from graders.host.errors import SandboxUnavailable
from graders.host.exchange import Spare
from graders.host.process import ZygoteProcess
from graders.protocol.frames import FrameDecoder, FrameType, encode
from graders.protocol.limits import Limits

_START_SECONDS = 60.0  # imports and warm-up take a fraction of a second; this is a stuck zygote


class Zygote:
    """One warm parent process, the control socket to it, and the spare it has offered.

    `ceilings` are the service's limits: the zygote applies them to every child it forks.
    `process` is one started ahead of time (`ZygoteProcess`); otherwise `start` starts one.
    """

    def __init__(
        self,
        ceilings: Limits,
        seccomp_program: bytes,
        one_fork: bool = True,
        process: ZygoteProcess | None = None,
    ) -> None:
        self.ceilings = ceilings
        self.seccomp_program = seccomp_program
        self.one_fork = one_fork
        self.process = process
        self.control: socket.socket | None = None
        self._spares: asyncio.Queue[Spare | None] = asyncio.Queue()

    async def start(self) -> None:
        process = self.process = self.process or ZygoteProcess()
        configuration = {
            "t": FrameType.CONFIGURE,
            "ceilings": self.ceilings.to_dict(),
            "seccomp": self.seccomp_program.hex(),
            "one_fork": self.one_fork,
        }
        process.control.send(encode(configuration))
        process.control.setblocking(False)
        self.control = process.control
        asyncio.get_running_loop().add_reader(self.control.fileno(), self._on_message)
        first = await asyncio.wait_for(self._spares.get(), timeout=_START_SECONDS)
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
        offered = FrameDecoder(last=None).feed(data)
        if not offered or offered[0].type != FrameType.SPARE or len(fds) != 2:
            for fd in fds:
                os.close(fd)
            return
        channel = socket.socket(fileno=fds[0])
        channel.setblocking(False)
        header = offered[0].header
        spare_id = int(header["id"])
        watched = int(header["pid"]) if header.get("learner") is True else None
        kill = partial(self._kill, spare_id)
        self._spares.put_nowait(Spare(spare_id, channel, fds[1], kill, watched))

    def _kill(self, spare_id: int) -> None:
        """Have the zygote kill that child's learner process now; its reaper then reports."""
        if self.control is not None:
            try:
                self.control.send(encode({"t": FrameType.KILL, "id": spare_id}))
            except OSError:
                pass  # a dead zygote's children die with it (PR_SET_PDEATHSIG)

    def has_spare(self) -> bool:
        """Whether a spare is forked and waiting: a job given now starts at once."""
        return not self._spares.empty()

    @property
    def alive(self) -> bool:
        return self.process is not None and self.process.popen.poll() is None

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
                self.control.send(encode({"t": FrameType.RELEASE, "id": spare.id, "warm": warm}))
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
        await asyncio.get_running_loop().run_in_executor(None, self.process.kill)
        while not self._spares.empty():
            spare = self._spares.get_nowait()
            if spare is not None:
                spare.channel.close()
                os.close(spare.status)
