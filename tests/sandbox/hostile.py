"""A child that escaped the language layer, for the tests of what the trusted side bounds.

The language layer is the only thing that keeps learner code from writing on its channel; this
plays the child as if it had fallen. `python -m tests.sandbox.hostile serve ...` runs the real
`gradebox serve` whose zygotes run `python -m tests.sandbox.hostile zygote FD`: the real zygote
and the real isolated children, but a child whose job's source starts with `# hostile: NAME`
does what `BEHAVIOURS[NAME]` does on its channel instead of running the code. Every other job
(the warm-up's, the self-test's, a victim's) runs as usual. Nothing here is reachable from the
service: it exists only when a test starts this module.
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable

from graders.inside import child
from graders.protocol.frames import FrameType, encode
from graders.protocol.job import Job

MARKER = "# hostile: "
_FLOOD_SECONDS = 20.0  # a flood stops by itself even if nobody ends the child


def _write(out: child.Outbox, data: bytes) -> None:
    assert out.channel is not None
    out.channel.sendall(data)


def _flood(out: child.Outbox, frame: bytes, preface: list[bytes] | None = None) -> None:
    """Write `frame` over and over, in writes of 64 × 1024 bytes, until the grader stops
    reading."""
    for part in preface or [encode({"t": FrameType.COMPILING})]:
        _write(out, part)
    block = frame * max(1, (64 << 10) // len(frame))
    deadline = time.monotonic() + _FLOOD_SECONDS
    while time.monotonic() < deadline:
        _write(out, block)


def tiny_frames(out: child.Outbox, job: Job) -> None:
    """Millions of the smallest frames there are: an empty header, no type."""
    _flood(out, encode({}))


def unknown_frames(out: child.Outbox, job: Job) -> None:
    """Well-formed frames of a type no child sends."""
    _flood(out, encode({"t": "bogus", "n": 1}))


def past_the_budget(out: child.Outbox, job: Job) -> None:
    """Frames in a valid order, but for probe after probe the job never asked for."""
    preface = [encode({"t": t}) for t in (FrameType.COMPILING, FrameType.COMPILED)]
    preface.append(encode({"t": FrameType.LOADED, "loops": []}))
    for part in preface:
        _write(out, part)
    deadline = time.monotonic() + _FLOOD_SECONDS
    probe = 0
    while time.monotonic() < deadline:
        pair = encode({"t": FrameType.START, "probe": probe})
        pair += encode({"t": FrameType.RAISED, "probe": probe, "type": "E", "message": ""})
        _write(out, pair)
        probe += 1


def exits_with_our_code(out: child.Outbox, job: Job) -> None:
    """Learner code ran (its first frame went out), then the child exits as if we failed."""
    _write(out, encode({"t": FrameType.COMPILING}))
    os._exit(70)


def sleeps(out: child.Outbox, job: Job) -> None:
    """Its code loaded and its first call began, then it sleeps past the wall clock."""
    for header in ({"t": FrameType.COMPILING}, {"t": FrameType.COMPILED}):
        _write(out, encode(header))
    _write(out, encode({"t": FrameType.LOADED, "loops": []}))
    _write(out, encode({"t": FrameType.START, "probe": 0}))
    time.sleep(_FLOOD_SECONDS)


BEHAVIOURS: dict[str, Callable[[child.Outbox, Job], None]] = {
    "sleeps": sleeps,
    "tiny-frames": tiny_frames,
    "unknown-frames": unknown_frames,
    "past-the-budget": past_the_budget,
    "exits-with-our-code": exits_with_our_code,
}
_honest = child.run_job


def _run_job(job: Job, out: child.Outbox) -> None:
    first = job.source.split("\n", 1)[0]
    behaviour = BEHAVIOURS.get(first.removeprefix(MARKER)) if first.startswith(MARKER) else None
    if behaviour is None:
        _honest(job, out)
        return
    try:
        behaviour(out, job)
    except OSError:  # the grader stopped reading and closed the channel: the flood is over
        pass


def main() -> None:
    command = sys.argv[1]
    del sys.argv[1]
    if command == "zygote":
        from graders.inside import zygote

        child.run_job = _run_job
        zygote.main()
    else:
        from graders.host import process

        process.ZYGOTE_MODULE = "tests.sandbox.hostile"
        process.ZYGOTE_ARGUMENTS = ["zygote"]
        from app.cli import main as cli

        sys.exit(cli([command, *sys.argv[1:]]))


if __name__ == "__main__":
    main()
