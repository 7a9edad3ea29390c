"""The warm pool parent: holds NumPy and the policy, forks a fresh sandboxed child per job.

Run as `python -m graders.sandbox.zygote` with an empty environment. It speaks frames on
stdin/stdout with the trusted grader:

  request  {"t": "job", "wall_seconds", "max_bytes"} + the job frame bytes
  request  {"t": "selftest", "canary"}                 runs the attack self-test in a child
  reply    {"t": "finished", "status", "signal", "wall_ms", "cpu_ms"} + the child's frames

`status` is `ok` (the child said done), `timeout` (wall clock or CPU limit: the whole process
group was killed), `crashed` (it died before saying done), or `overflow` (it wrote too much).
A child never serves a second job; the next one is forked, isolated and waiting in advance.
"""

from __future__ import annotations

import fcntl
import json
import os
import select
import selectors
import signal
import socket
import sys
import time
from dataclasses import dataclass
from typing import Any, BinaryIO, cast

from graders.sandbox import child, isolation, selftest, wire

_DONE_MARK = b'"t":"done"'
SECCOMP_PROGRAM = isolation.compile_seccomp()  # built once; every child loads the same bytes
_SO_SNDBUFFORCE, _SO_RCVBUFFORCE = 32, 33
_F_SETPIPE_SZ = 1031
_STATUS_WAIT_SECONDS = 2.0  # A reaps B within milliseconds; generous for a loaded host


@dataclass
class Spare:
    """A forked child, already isolated, blocked reading its job from `channel`."""

    pid: int
    channel: socket.socket
    status: int  # read end of a pipe on which A reports how B ended (B never holds it)


_CHANNEL_BUFFER = 8 << 20  # big enough that a child never blocks writing its results


def fork_spare(limits: dict[str, Any]) -> Spare:
    parent_end, child_end = socket.socketpair()
    for end in (parent_end, child_end):
        for option in (_SO_SNDBUFFORCE, _SO_RCVBUFFORCE):
            try:
                end.setsockopt(socket.SOL_SOCKET, option, _CHANNEL_BUFFER)
            except OSError:  # not root: the kernel's default maximum applies
                pass
    status_read, status_write = os.pipe()
    pid = os.fork()
    if pid == 0:  # pragma: no cover - runs in the child
        parent_end.close()
        os.close(status_read)
        _become_sandbox(child_end, status_write, limits)
    child_end.close()
    os.close(status_write)
    return Spare(pid, parent_end, status_read)


def _become_sandbox(
    channel: socket.socket, status_pipe: int, limits: dict[str, Any]
) -> None:  # pragma: no cover
    """Child A: isolate, fork B as PID 1 of the new namespaces, wait, report how B ended.

    A never runs learner code; its report (B's exit code and CPU time) reaches the zygote on a
    pipe B does not hold, so B cannot forge it.
    """
    code = 70
    try:
        isolation.enter_session(channel.fileno(), status_pipe)
        report = isolation.LayerReport()
        isolation.drop_privileges_and_unshare(report)
        pid = os.fork()
        if pid == 0:
            os.close(status_pipe)
            _run_sandboxed(channel, limits, report)
        channel.close()
        _, status, usage = os.wait4(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        cpu_ms = (usage.ru_utime + usage.ru_stime) * 1000
        os.write(status_pipe, json.dumps({"exit_code": code, "cpu_ms": round(cpu_ms, 3)}).encode())
        code = 0
    finally:
        os._exit(code)


def _run_sandboxed(
    channel: socket.socket, limits: dict[str, Any], report: isolation.LayerReport
) -> None:  # pragma: no cover
    """Child B: finish the layers, then read and run exactly one job."""
    code = 0
    try:
        isolation.private_tmpfs(report)
        isolation.apply_rlimits(limits)
        isolation.apply_landlock(report)
        isolation.apply_seccomp(report, SECCOMP_PROGRAM)
        os.environ.clear()
        warm_up(limits, rounds=1, errors=False)  # first-touch faults now, not on the clock
        stream = cast(BinaryIO, channel.makefile("rwb", buffering=0))
        job = wire.read_frame(stream)
        if job is None:
            os._exit(0)
        send = _sender(stream)
        if job.header.get("selftest"):
            selftest.run_attacks(job.header, report, send)
        else:
            child.run_job(job, send)
    except BaseException:
        code = 71
    finally:
        os._exit(code)


def _sender(stream: BinaryIO) -> child.Send:
    def send(header: dict[str, Any], payload: bytes) -> None:
        stream.write(wire.encode(header, payload))

    return send


def run_in_spare(
    spare: Spare, job: bytes, wall_seconds: float, max_bytes: int
) -> tuple[dict[str, Any], bytes]:
    """Hand `job` to the spare and read its frames until done, the deadline or the byte cap.

    A child that said `done` is left for `release` after the reply is sent ("reply before
    exit"); any other child is killed here, before anything is reported.
    """
    started = time.perf_counter()
    deadline = started + wall_seconds
    reader = _FrameScanner()
    status = "crashed"
    try:
        spare.channel.sendall(job)
        with selectors.DefaultSelector() as selector:
            selector.register(spare.channel, selectors.EVENT_READ)
            while status == "crashed":
                remaining = deadline - time.perf_counter()
                if remaining <= 0:
                    status = "timeout"
                elif selector.select(remaining):
                    chunk = spare.channel.recv(1 << 20)
                    if not chunk:
                        break
                    status = reader.feed(chunk, max_bytes)
    except (OSError, wire.ProtocolError):
        status = "crashed"
    wall_ms = (time.perf_counter() - started) * 1000
    spare.channel.close()
    exit_code, cpu_ms = 0, 0.0
    if status == "crashed":  # B ended on its own: A says how
        exit_code, cpu_ms = _read_status(spare.status)
    if status != "ok":
        release(spare)
    killed_by = -exit_code if exit_code < 0 else None
    if status == "crashed" and killed_by == signal.SIGKILL and cpu_ms >= _cpu_limit_ms(job):
        status = "timeout"  # the kernel's RLIMIT_CPU kill: nothing else sends B a SIGKILL
    reply = {
        "t": "finished",
        "status": status,
        "signal": killed_by if status == "crashed" else None,
        "exit_code": exit_code,
        "wall_ms": round(wall_ms, 3),
        "cpu_ms": round(cpu_ms, 3),
    }
    return reply, bytes(reader.data[:max_bytes])


def release(spare: Spare) -> None:
    """Kill the child's whole process group and reap it (idempotent)."""
    if spare.status < 0:
        return
    _kill_group(spare.pid)
    os.waitpid(spare.pid, 0)
    os.close(spare.status)
    spare.status = -1


class _FrameScanner:
    """Collects the child's bytes and notices the `done` frame without decoding payloads."""

    def __init__(self) -> None:
        self.data = bytearray()
        self.offset = 0

    def feed(self, chunk: bytes, max_bytes: int) -> str:
        self.data += chunk
        if len(self.data) > max_bytes:
            return "overflow"
        while self.offset + 4 <= len(self.data):
            header_length = int.from_bytes(self.data[self.offset : self.offset + 4], "big")
            header_end = self.offset + 4 + header_length
            if header_length > wire.MAX_HEADER_BYTES or header_end + 4 > len(self.data):
                return "overflow" if header_length > wire.MAX_HEADER_BYTES else "crashed"
            payload_length = int.from_bytes(self.data[header_end : header_end + 4], "big")
            frame_end = header_end + 4 + payload_length
            if frame_end > len(self.data):
                return "crashed"
            done = _DONE_MARK in self.data[self.offset + 4 : min(header_end, self.offset + 32)]
            self.offset = frame_end
            if done:
                return "ok"
        return "crashed"


def _read_status(status_fd: int) -> tuple[int, float]:
    """B's exit code and CPU time, as A reports them; (0, 0) if A says nothing in time."""
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


def _kill_group(pid: int) -> None:
    for kill in (os.killpg, os.kill):
        try:
            kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def warm_up(limits: dict[str, Any], rounds: int = 3, errors: bool = True) -> None:
    """Touch every path a child uses (compile, exec, facade, packing) before forking any."""
    source = (
        "import numpy as np\nimport math\n"
        "def f(n, d):\n"
        "    pe = np.zeros((n, d))\n"
        "    pe[:, 0::2] = np.sin(np.arange(n)[:, None] * np.exp(-math.log(10000.0) * np.arange(0, d, 2) / d))\n"
        "    print('warm', pe.shape)\n"
        "    return pe\n"
    )
    for _ in range(rounds):
        child.main_inprocess(
            child.pack_job(source, "f", [(4, 8), (64, 32)] if errors else [(2, 4)], limits)
        )
        if errors:  # the error paths, once in the zygote so every child inherits them warm
            child.main_inprocess(child.pack_job("def f(:\n", "f", [], limits))
            child.main_inprocess(
                child.pack_job("def f(x):\n    return 1 / 0\n", "f", [(1,)], limits)
            )


def serve(limits: dict[str, Any]) -> None:
    requests = sys.stdin.buffer
    replies = sys.stdout.buffer
    try:
        fcntl.fcntl(replies.fileno(), _F_SETPIPE_SZ, 1 << 20)
    except OSError:  # not a pipe, or over the system's pipe-max-size
        pass
    warm_up(limits)
    spare = fork_spare(limits)
    replies.write(wire.encode({"t": "ready", "pid": os.getpid()}))
    replies.flush()
    while True:
        request = wire.read_frame(requests)
        if request is None:
            break
        kind = request.header.get("t")
        if kind == "job":
            job = request.payload
            wall, max_bytes = (
                float(request.header["wall_seconds"]),
                int(request.header["max_bytes"]),
            )
        else:
            job = wire.encode({"selftest": True, "canary": request.header.get("canary", "")})
            wall, max_bytes = 10.0, 1 << 20
        reply, frames = run_in_spare(spare, job, wall, max_bytes)
        replies.write(wire.encode(reply, frames))
        replies.flush()
        release(spare)
        spare = fork_spare(limits)
    release(spare)


def main() -> None:
    limits = json.loads(sys.argv[1])
    signal.signal(signal.SIGPIPE, signal.SIG_DFL)
    serve(limits)


if __name__ == "__main__":
    main()
