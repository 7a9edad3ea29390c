"""The warm pool parent: holds NumPy and the policy, forks a fresh sandboxed child per job.

Run as `python -m graders.inside.zygote CONTROL_FD` with an empty environment. It imports
NumPy and the policy first, then reads its configuration as the first message on the control
socket (SOCK_SEQPACKET, one message per packet), so a grader may start it before it knows the
configuration itself (the command line does, to overlap the two processes' start-up):

  reads    {"t": "configure", "ceilings", "seccomp" (the filter the grader compiled, as raw BPF
           in hex), "one_fork"}
  offers   {"t": "spare", "id", "pid"} + two descriptors: the child's result channel and a
           pipe on which the learner's process's exit code and CPU time arrive once it ends
  obeys    {"t": "kill", "id"}: kill that child's learner process now (the grader's deadline
           passed) and have it reaped, so its exit code and CPU time arrive on the status pipe
           as for any other end: a child that got little CPU in its wall time was starved
           {"t": "release", "id", "warm"}: kill that child's whole process group, reap it,
           and offer the next spare (forked and isolated before any job needs it; warmed up
           too unless the grader is busy, when that CPU is better spent on the jobs)

The trusted grader writes the job straight into the channel and reads the frames straight
back, so nothing is relayed. A child never serves a second job.

How each child is made and isolated: graders.inside.spawner.
"""

from __future__ import annotations

import contextlib
import gc
import itertools
import os
import selectors
import signal
import socket
import sys

from graders.inside.spawner import ChildProcess, Spawner, kill_group, write_status
from graders.inside.warmup import tune_malloc, warm_up
from graders.protocol.frames import FrameDecoder, FrameType, encode
from graders.protocol.limits import Limits
from graders.protocol.procfs import children_of
from graders.protocol.schedstat import read_schedstat


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
        # `learner`: pid is the learner's own process (one fork), whose scheduler accounting
        # the grader may read while it runs; with two forks it is the first fork's.
        learner = spare.pidfd is not None
        header = encode(
            {"t": FrameType.SPARE, "id": spare_id, "pid": spare.pid, "learner": learner}
        )
        socket.send_fds(control, [header], [spare.channel.fileno(), spare.status])
        spare.channel.close()
        os.close(spare.status)
        if spare.pidfd is not None:
            events.register(spare.pidfd, selectors.EVENT_READ, spare_id)

    def reap(spare: ChildProcess, kill: bool) -> None:
        """Collect an ended (or now killed) one-fork child and say how it ended."""
        if spare.reaped:
            return
        if kill:
            kill_group(spare.pid)
        os.waitid(os.P_PID, spare.pid, os.WEXITED | os.WNOWAIT)  # ended, not yet reaped:
        sched = read_schedstat(spare.pid)  # its scheduler accounting is still there to read
        _, status, usage = os.wait4(spare.pid, 0)
        spare.reaped = True
        if spare.pidfd is not None:
            events.unregister(spare.pidfd)
            os.close(spare.pidfd)
        if spare.status_write is not None:
            try:
                write_status(spare.status_write, status, usage, sched)
            except OSError:  # the grader stopped listening (released it): nobody to tell
                pass
            os.close(spare.status_write)

    def kill(spare_id: int) -> None:
        """End a child's learner process at the grader's deadline; its reaper reports it."""
        spare = live.get(spare_id)
        if spare is None:
            return
        if spare.pidfd is not None:
            reap(spare, kill=True)
            return
        # Two forks: kill only the learner's process B, so that A, its parent, reaps it and
        # writes its status; the group (A too) goes at the release.
        for pid in children_of(spare.pid):
            with contextlib.suppress(ProcessLookupError):
                os.kill(pid, signal.SIGKILL)

    def release(spare_id: int, warm: bool) -> None:
        spare = live.pop(spare_id, None)
        if spare is not None and spare.pidfd is not None:
            reap(spare, kill=True)
        elif spare is not None:  # two forks: A reports B's end itself; kill both, reap A
            kill_group(spare.pid)
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
                        reap(spare, kill=False)
                    continue
                message = control.recv(4096)
                if not message:
                    return
                for frame in FrameDecoder(last=None).feed(message):
                    if frame.type == FrameType.RELEASE:
                        release(int(frame.header["id"]), bool(frame.header.get("warm", True)))
                    elif frame.type == FrameType.KILL:
                        kill(int(frame.header["id"]))
    except OSError:  # the grader went away (reset or broken pipe): shut down quietly
        pass
    finally:
        for spare in live.values():
            if not spare.reaped:
                kill_group(spare.pid)


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
