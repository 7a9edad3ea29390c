"""The warm pool parent: holds NumPy and the policy, forks a fresh sandboxed child per job.

Run as `python -m graders.sandbox.zygote LIMITS CONTROL_FD` with an empty environment. On the
control socket (SOCK_SEQPACKET, one message per packet) it:

  offers   {"t": "spare", "id", "pid"} + two descriptors: the child's result channel and the
           pipe on which the child's first process reports how the learner's process ended
  obeys    {"t": "release", "id", "warm"}: kill that child's whole process group, reap it,
           and offer the next spare (forked and isolated before any job needs it; warmed up
           too unless the grader is busy, when that CPU is better spent on the jobs)

The trusted grader writes the job straight into the channel and reads the frames straight
back, so nothing is relayed. A child never serves a second job.
"""

from __future__ import annotations

import ctypes
import gc
import itertools
import json
import os
import signal
import socket
import sys
from dataclasses import dataclass
from typing import Any, BinaryIO, cast

import numpy as np

from graders.sandbox import child, isolation, selftest, wire

SECCOMP_PROGRAM = isolation.compile_seccomp()  # built once; every child loads the same bytes
_SO_SNDBUFFORCE, _SO_RCVBUFFORCE = 32, 33
_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # glibc mallopt parameters
_PREFAULT_BYTES = 4 << 20


@dataclass
class Spare:
    """A forked child, already isolated, blocked reading its job from `channel`."""

    pid: int
    channel: socket.socket
    status: int  # read end of a pipe on which A reports how B ended (B never holds it)


_CHANNEL_BUFFER = 8 << 20  # big enough that a child never blocks writing its results


def fork_spare(limits: dict[str, Any], warm: bool = True) -> Spare:
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
        _become_sandbox(child_end, status_write, limits, warm)
    child_end.close()
    os.close(status_write)
    return Spare(pid, parent_end, status_read)


def _become_sandbox(
    channel: socket.socket, status_pipe: int, limits: dict[str, Any], warm: bool
) -> None:  # pragma: no cover
    """Child A: isolate, fork B as PID 1 of the new namespaces, wait, report how B ended.

    A never runs learner code; its report (B's exit code and CPU time) reaches the zygote on a
    pipe B does not hold, so B cannot forge it.
    """
    code = 70
    try:
        isolation.die_with_parent()
        isolation.enter_session(channel.fileno(), status_pipe)
        report = isolation.LayerReport()
        isolation.drop_privileges_and_unshare(report)
        pid = os.fork()
        if pid == 0:
            isolation.die_with_parent()
            os.close(status_pipe)
            _run_sandboxed(channel, limits, report, warm)
        channel.close()
        _, status, usage = os.wait4(pid, 0)
        code = os.waitstatus_to_exitcode(status)
        cpu_ms = (usage.ru_utime + usage.ru_stime) * 1000
        os.write(status_pipe, json.dumps({"exit_code": code, "cpu_ms": round(cpu_ms, 3)}).encode())
        code = 0
    finally:
        os._exit(code)


def _run_sandboxed(
    channel: socket.socket, limits: dict[str, Any], report: isolation.LayerReport, warm: bool
) -> None:  # pragma: no cover
    """Child B: finish the layers, warm up if asked, then read and run exactly one job."""
    code = 0
    try:
        isolation.private_tmpfs(report)
        isolation.apply_rlimits(limits)
        isolation.apply_landlock(report)
        isolation.apply_seccomp(report, SECCOMP_PROGRAM)
        os.environ.clear()
        _keep_heap(prefault=warm)
        if warm:  # first-touch faults now, not on the clock
            warm_up(limits, rounds=1, errors=False)
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


def _kill_group(pid: int) -> None:
    for kill in (os.killpg, os.kill):
        try:
            kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def _keep_heap(prefault: bool) -> None:
    """Serve arrays from a heap that is already faulted in, and never hand it back (glibc).

    A fresh child otherwise maps and faults in new pages for every large array it builds; this
    moves that work before the job arrives (measured: ~1.4 ms of a ~6 ms flagship grading).
    """
    try:
        libc = ctypes.CDLL(None)
        libc.mallopt(_M_MMAP_THRESHOLD, 32 << 20)
        libc.mallopt(_M_TRIM_THRESHOLD, 1 << 30)
    except (OSError, AttributeError):  # not glibc: nothing to tune
        return
    if prefault:
        block = np.ones(_PREFAULT_BYTES // 8)
        del block


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


def serve(limits: dict[str, Any], control: socket.socket) -> None:
    warm_up(limits)
    # Everything imported so far is shared with every child: keep the collector from walking
    # (and so copying) those pages in each child.
    gc.collect()
    gc.freeze()
    live: dict[int, int] = {}  # spare id -> pid of its first process
    counter = itertools.count()

    def offer(warm: bool = True) -> None:
        spare = fork_spare(limits, warm)
        spare_id = next(counter)
        live[spare_id] = spare.pid
        header = wire.encode({"t": "spare", "id": spare_id, "pid": spare.pid})
        socket.send_fds(control, [header], [spare.channel.fileno(), spare.status])
        spare.channel.close()
        os.close(spare.status)

    try:
        offer()
        while message := control.recv(4096):
            for frame in wire.decode_stream(message):
                if frame.header.get("t") == "release":
                    pid = live.pop(int(frame.header["id"]), None)
                    if pid is not None:
                        _kill_group(pid)
                        os.waitpid(pid, 0)
                    # Warming a spare buys latency with CPU: worth it when the grader is idle,
                    # not while submissions queue for the CPU (the grader says which).
                    offer(bool(frame.header.get("warm", True)))
    except OSError:  # the grader went away (reset or broken pipe): shut down quietly
        pass
    finally:
        for pid in live.values():
            _kill_group(pid)


def main() -> None:
    limits = json.loads(sys.argv[1])
    control = socket.socket(fileno=int(sys.argv[2]))
    serve(limits, control)


if __name__ == "__main__":
    main()
