"""The warm pool parent: holds NumPy and the policy, forks a fresh sandboxed child per job.

Run as `python -m graders.inside.zygote CONTROL_FD` with an empty environment. It imports
NumPy and the policy first, then reads its configuration as the first message on the control
socket (SOCK_SEQPACKET, one message per packet), so a grader may start it before it knows the
configuration itself (the command line does, to overlap the two processes' start-up):

  reads    {"t": "configure", "ceilings", "seccomp" (the filter the grader compiled, as raw BPF
           in hex), "one_fork"}
  offers   {"t": "spare", "id", "pid"} + two descriptors: the child's result channel and a
           pipe on which the learner's process's exit code and CPU time arrive once it ends
  obeys    {"t": "release", "id", "warm"}: kill that child's whole process group, reap it,
           and offer the next spare (forked and isolated before any job needs it; warmed up
           too unless the grader is busy, when that CPU is better spent on the jobs)

The trusted grader writes the job straight into the channel and reads the frames straight
back, so nothing is relayed. A child never serves a second job.

Two ways to make a child, chosen once at start:

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

import ctypes
import gc
import itertools
import json
import os
import selectors
import signal
import socket
import sys
from dataclasses import dataclass
from typing import Any

from graders.inside import attacks, child, isolation
from graders.protocol.frames import Frame, FrameDecoder, FrameType, encode
from graders.protocol.job import Job, decode_job
from graders.protocol.limits import Limits

_M_TRIM_THRESHOLD, _M_MMAP_THRESHOLD = -1, -3  # glibc mallopt parameters
_MADV_POPULATE_WRITE = 23
_HEAP_HEADROOM = 4 << 20
_PAGE = os.sysconf("SC_PAGE_SIZE")
_malloc = ctypes.CFUNCTYPE(ctypes.c_void_p, ctypes.c_size_t)(("malloc", isolation.libc))
_free = ctypes.CFUNCTYPE(None, ctypes.c_void_p)(("free", isolation.libc))
_madvise = ctypes.CFUNCTYPE(ctypes.c_int, ctypes.c_void_p, ctypes.c_size_t, ctypes.c_int)(
    ("madvise", isolation.libc)
)
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
            _kill_group(pid)
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
            os._exit(70)

    def _first_of_two(
        self, channel: socket.socket, status_pipe: int, warm: bool
    ) -> None:  # pragma: no cover
        """Child A: isolate, fork B as PID 1 of the new namespaces, wait, report how B ended.

        A never runs learner code; its report (B's exit code and CPU time) reaches the grader
        on a pipe B does not hold, so B cannot forge it.
        """
        code = 70
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
            _, status, usage = os.wait4(pid, 0)
            _write_status(status_pipe, status, usage)
            code = 0
        finally:
            os._exit(code)


def _write_status(pipe: int, status: int, usage: Any) -> None:
    code = os.waitstatus_to_exitcode(status)
    cpu_ms = (usage.ru_utime + usage.ru_stime) * 1000
    os.write(pipe, json.dumps({"exit_code": code, "cpu_ms": round(cpu_ms, 3)}).encode())


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
            _prefault_heap()
            warm_up(limits, rounds=1, errors=False)
        job = _read_job(channel)
        if job is None:
            os._exit(0)
        out = child.Outbox(channel)
        if job.header.get("selftest"):
            attacks.run_attacks(job.header, report, out.send)
            out.flush()
        else:
            decoded = decode_job(job)
            # The zygote set the service's ceilings; the job's own limits may be lower.
            isolation.lower_rlimits(decoded.limits)
            child.run_job(decoded, out)
    except BaseException:
        code = 71
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


def _kill_group(pid: int) -> None:
    for kill in (os.killpg, os.kill):
        try:
            kill(pid, signal.SIGKILL)
        except ProcessLookupError:
            pass


def tune_malloc() -> None:
    """Serve arrays from the heap and never hand freed memory back (glibc; set in the zygote,
    so every child inherits it): a fresh child would otherwise map, fault in and unmap new
    pages for every large array it builds."""
    libc = isolation.libc
    if hasattr(libc, "mallopt"):  # not glibc: nothing to tune
        libc.mallopt(_M_MMAP_THRESHOLD, 32 << 20)
        libc.mallopt(_M_TRIM_THRESHOLD, 1 << 30)


def _prefault_heap() -> None:
    """Grow the heap by `_HEAP_HEADROOM` and fill it in with one madvise(MADV_POPULATE_WRITE)
    (Linux 5.14+) before the job arrives, instead of a page fault per page (~600 for the
    flagship) while it runs. The pages cost the same CPU either way and some go unused, so
    this is only for a spare forked while the grader is idle."""
    block = _malloc(_HEAP_HEADROOM)
    if not block:
        return
    start, end = -(-block // _PAGE) * _PAGE, (block + _HEAP_HEADROOM) // _PAGE * _PAGE
    _madvise(start, end - start, _MADV_POPULATE_WRITE)  # an older kernel: faults, as before
    _free(block)


def warm_up(limits: Limits, rounds: int = 3, errors: bool = True) -> None:
    """Touch every path a child uses (compile, exec, facade, packing) before forking any.

    Freed buffers keep their bytes (NumPy caches small ones), and `np.empty` can hand them to a
    learner: so what this computes must be useless as an answer to any exercise (it is scaled
    out of every sine's range).
    """
    source = (
        "import numpy as np\nimport math\n"
        "def f(n, d):\n"
        "    pe = np.zeros((n, d))\n"
        "    pe[:, 0::2] = 7.0 * np.sin(np.arange(n)[:, None] * np.exp(-math.log(3.0) * np.arange(0, d, 2) / d))\n"
        "    print('warm', pe.shape)\n"
        "    return pe\n"
    )
    for _ in range(rounds):
        child.run_inprocess(Job(source, "f", [(4, 8), (64, 32)] if errors else [(2, 4)], limits))
        if errors:  # the error paths, once in the zygote so every child inherits them warm
            child.run_inprocess(Job("def f(:\n", "f", [], limits))
            child.run_inprocess(Job("def f(x):\n    return 1 / 0\n", "f", [(1,)], limits))


def serve(limits: Limits, control: socket.socket, seccomp_program: bytes, one_fork: bool) -> None:
    spawner = Spawner(limits, seccomp_program, one_fork)
    tune_malloc()
    warm_up(limits)
    # NumPy read its thread settings at import; nothing needs the environment now, and a child
    # that inherits it empty need not clear it (each still does, as a guarantee).
    os.environ.clear()
    # Everything imported so far is shared with every child: keep the collector from walking
    # (and so copying) those pages in each child.
    gc.collect()
    gc.freeze()
    live: dict[int, ChildProcess] = {}  # spare id -> its child
    counter = itertools.count()
    events = selectors.DefaultSelector()
    events.register(control, selectors.EVENT_READ)

    def offer(warm: bool = True) -> None:
        spare = spawner.fork_spare(warm)
        spare_id = next(counter)
        live[spare_id] = spare
        header = encode({"t": FrameType.SPARE, "id": spare_id, "pid": spare.pid})
        socket.send_fds(control, [header], [spare.channel.fileno(), spare.status])
        spare.channel.close()
        os.close(spare.status)
        if spare.pidfd is not None:
            events.register(spare.pidfd, selectors.EVENT_READ, spare_id)

    def reap(spare: ChildProcess, killed: bool) -> None:
        """Collect an ended (or just killed) one-fork child; say how it ended unless killed."""
        if spare.reaped:
            return
        if killed:
            _kill_group(spare.pid)
        _, status, usage = os.wait4(spare.pid, 0)
        spare.reaped = True
        if spare.pidfd is not None:
            events.unregister(spare.pidfd)
            os.close(spare.pidfd)
        if spare.status_write is not None:
            if not killed:
                try:
                    _write_status(spare.status_write, status, usage)
                except OSError:  # the grader stopped listening: nobody to tell
                    pass
            os.close(spare.status_write)

    def release(spare_id: int, warm: bool) -> None:
        spare = live.pop(spare_id, None)
        if spare is not None and spare.pidfd is not None:
            reap(spare, killed=True)
        elif spare is not None:  # two forks: A reports B's end itself; kill both, reap A
            _kill_group(spare.pid)
            os.waitpid(spare.pid, 0)
        # Warming a spare buys latency with CPU: worth it when the grader is idle, not while
        # submissions queue for the CPU (the grader says which).
        offer(warm)

    try:
        offer()
        while True:
            for key, _ in events.select():
                if key.data is not None:  # a one-fork child ended on its own
                    spare = live.get(key.data)
                    if spare is not None:
                        reap(spare, killed=False)
                    continue
                message = control.recv(4096)
                if not message:
                    return
                for frame in FrameDecoder(last=None).feed(message):
                    if frame.type == FrameType.RELEASE:
                        release(int(frame.header["id"]), bool(frame.header.get("warm", True)))
    except OSError:  # the grader went away (reset or broken pipe): shut down quietly
        pass
    finally:
        for spare in live.values():
            if not spare.reaped:
                _kill_group(spare.pid)


def main() -> None:
    control = socket.socket(fileno=int(sys.argv[1]))
    configuration = FrameDecoder(last=None).feed(control.recv(1 << 20))
    if not configuration or configuration[0].type != FrameType.CONFIGURE:
        sys.exit("the grader closed the control socket before configuring this zygote")
    header = configuration[0].header
    ceilings = Limits.from_dict(header["ceilings"])
    serve(ceilings, control, bytes.fromhex(header["seccomp"]), bool(header["one_fork"]))


if __name__ == "__main__":
    main()
