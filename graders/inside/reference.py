"""The reference's child: the author's reference and known mistakes on a learner's own call.

The code is trusted (the exercise's own `solution.py` and `mistakes/*.py`, run with the real
NumPy), but its arguments are the learner's choice, so it runs here, in a sandboxed child of
its own under a grading's limits, and never in the grader's process. It sends:

  compiling, compiled, loaded            the reference's module ran
  start 0, then result or raised         the reference's answer (under the learner's cap)
  mistake {"id", "tried", "of"}          the first known mistake whose answer matches the
                                         learner's and not the reference's (id null: none);
                                         `tried` < `of` when the search's budget ran out
  done

A module that will not load sends `load_error` then `done` (the reference's: ours).
"""

from __future__ import annotations

import resource
import signal
import traceback
import warnings
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from typing import Any

import numpy as np

from graders.inside.child import Outbox
from graders.protocol.frames import FrameType
from graders.protocol.job import ReferenceJob
from graders.protocol.matching import outcomes_match
from graders.protocol.values import pack_value, unpack_value

_UNBOUNDED = 1 << 62


class _OutOfBudget(BaseException):
    """The mistakes' search spent its CPU or wall budget (no `except Exception` stops it)."""


def run_reference(job: ReferenceJob, out: Outbox) -> None:
    out.send({"t": FrameType.COMPILING})
    try:
        function = _load(job.reference, job.entry, "solution.py")
    except Exception as error:
        message = "".join(traceback.format_exception_only(error)).strip()
        out.send({"t": FrameType.LOAD_ERROR, "type": type(error).__name__, "message": message})
        out.send({"t": FrameType.DONE, "stdout_truncated": False, "cpu_ms": 0})
        out.flush()
        return
    out.send({"t": FrameType.COMPILED})
    out.send({"t": FrameType.LOADED, "loops": []})
    out.send({"t": FrameType.START, "probe": 0})
    out.flush()
    expected, raised = _answer(function, job.arguments)
    if raised is not None:
        message = str(raised)[: job.limits.message_chars]
        frame = {"t": FrameType.RAISED, "probe": 0, "type": type(raised).__name__}
        out.send({**frame, "message": message, "line": None})
    else:
        header, payload = pack_value(expected, job.max_elements, job.limits.list_items)
        out.send({"t": FrameType.RESULT, "probe": 0, **header}, payload)
    out.flush()
    if job.learner is not None:
        found, tried = _search(job, None if raised is not None else _plain(expected))
        out.send({"t": FrameType.MISTAKE, "id": found, "tried": tried, "of": len(job.mistakes)})
    out.send({"t": FrameType.DONE, "stdout_truncated": False, "cpu_ms": _cpu_ms()})
    out.flush()


def _search(job: ReferenceJob, expected: Any) -> tuple[str | None, int]:
    """The first known mistake that answers as the learner did and not as the reference does
    (a mistake of loops alone answers every call rightly), and how many were tried."""
    tried = 0
    if expected is not None and outcomes_match(job.learner, expected, job.tolerance):
        return None, 0  # the learner's answer is the reference's: no mistake explains it
    try:
        with _budget(job.search_cpu_seconds, job.search_wall_seconds):
            for name, source in job.mistakes:
                try:
                    function = _load(source, job.entry, f"mistakes/{name}.py")
                except Exception:
                    tried += 1
                    continue
                theirs, raised = _answer(function, job.arguments)
                tried += 1
                if raised is not None:
                    continue  # the learner's answer is a value: a raise never matches it
                theirs = _plain(theirs)
                if outcomes_match(job.learner, theirs, job.tolerance) and (
                    expected is None or not outcomes_match(expected, theirs, job.tolerance)
                ):
                    return name, tried
    except _OutOfBudget:
        pass
    return None, tried


def _load(source: str, entry: str, filename: str) -> Callable[..., Any]:
    namespace: dict[str, Any] = {"__name__": f"gradebox_reference_{filename}"}
    exec(compile(source, filename, "exec"), namespace)  # noqa: S102 - the author's code
    function = namespace.get(entry)
    if not callable(function):
        raise NameError(f"{filename} defines no function {entry}()")
    return function  # type: ignore[no-any-return]


def _answer(
    function: Callable[..., Any], arguments: tuple[Any, ...]
) -> tuple[Any, Exception | None]:
    """The function's answer to fresh copies of the arguments, or what it raised."""
    copies = [argument.copy() if hasattr(argument, "copy") else argument for argument in arguments]
    try:
        # A known mistake may overflow or divide by zero on purpose: its NaN/inf output is the
        # outcome to match, not a warning.
        with warnings.catch_warnings(), np.errstate(all="ignore"):
            warnings.simplefilter("ignore")
            return function(*copies), None
    except Exception as error:
        return None, error


def _plain(value: Any) -> Any:
    """The value as it reads once it has crossed (the learner's answer crossed so)."""
    header, payload = pack_value(value, _UNBOUNDED, _UNBOUNDED)
    return unpack_value(header, payload)


@contextmanager
def _budget(cpu_seconds: float, wall_seconds: float) -> Iterator[None]:
    """Raise _OutOfBudget in the code running when either clock runs out."""

    def out_of_budget(signum: int, frame: object) -> None:
        raise _OutOfBudget

    previous = [signal.signal(kind, out_of_budget) for kind in (signal.SIGPROF, signal.SIGALRM)]
    signal.setitimer(signal.ITIMER_PROF, cpu_seconds)
    signal.setitimer(signal.ITIMER_REAL, wall_seconds)
    try:
        yield
    finally:
        signal.setitimer(signal.ITIMER_PROF, 0)
        signal.setitimer(signal.ITIMER_REAL, 0)
        for kind, handler in zip((signal.SIGPROF, signal.SIGALRM), previous, strict=True):
            signal.signal(kind, handler)


def _cpu_ms() -> int:
    usage = resource.getrusage(resource.RUSAGE_SELF)
    return round((usage.ru_utime + usage.ru_stime) * 1000)
