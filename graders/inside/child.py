"""The untrusted side: load one submission under the policy and call it on each probe.

Frames written to the result channel, in order (queued, and delivered in one write just before
any learner code runs and at the end, so a crash or a hang still leaves every earlier frame
with the grader):
  {"t": "compiling"}                      before the source is parsed
  {"t": "compiled"}                       compiled; module-level code runs next
  {"t": "load_error", type, message, line} the code could not be loaded (then "done")
  {"t": "loaded", "loops": [...]}         the static loop scan, sent before any learner code runs
                                          (and "import_counts", the module's load counted,
                                          when the job has counted probes)
  {"t": "argument", "index": i, ...value}  a scratch job: each argument of the call (+ bytes)
  {"t": "call", "count": n}               ... all made and checked (then its probe 0 runs)
  {"t": "call_refused", "refusal", "message"}  ... or why the call cannot be made (then "done")
  {"t": "start", "probe": i}              before each call, so a timeout names its probe
  {"t": "result", "probe": i, ...value}   a normalised return value (+ array bytes)
  {"t": "raised", "probe": i, type, message, line}
      (a counted probe's result or raised frame also carries "counts": graders.protocol.counts;
       each carries "printed": [start, end], the part of stdout its call printed, and, when
       the call wrote into array arguments, "modified": their positions; a result whose array
       (or an array item of a returned tuple or list) shares memory with array arguments
       carries "shares_memory": their positions)
  {"t": "done", stdout_truncated, cpu_ms} + stdout as UTF-8
"""

from __future__ import annotations

import ast
import resource
import socket
import sys
import traceback
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

import numpy as np

from graders.inside.counting import counted_call
from graders.inside.policy import (
    SUBMISSION_FILENAME,
    OutputBuffer,
    PolicyError,
    compile_submission,
    restricted_globals,
)
from graders.inside.scratch import CallRefused, make_arguments, read_call
from graders.protocol import frames, utf8, values
from graders.protocol.articles import with_article
from graders.protocol.counts import IMPORT_STEPS
from graders.protocol.frames import FrameType
from graders.protocol.job import Job, decode_job
from graders.protocol.limits import Limits
from graders.protocol.loops import find_loops, fixed_few_lines, line_kinds
from graders.protocol.text import cut

Send = Callable[[dict[str, Any], frames.Payload], None]


class Outbox:
    """Frames queued for the grader; `flush` delivers them all (one `sendmsg`, no copies)."""

    def __init__(self, channel: socket.socket | None = None) -> None:
        self.channel = channel
        self.parts: list[frames.Payload] = []
        self.sent: list[bytes] = []  # without a channel (in-process), what would have been sent

    def send(self, header: dict[str, Any], payload: frames.Payload = b"") -> None:
        self.parts.extend(frames.frame_parts(header, payload))

    def flush(self) -> None:
        parts, self.parts = [part for part in self.parts if len(part)], []
        if self.channel is None:
            self.sent.append(b"".join(parts))
            return
        while parts:
            written = self.channel.sendmsg(parts)
            while parts and written >= len(parts[0]):
                written -= len(parts.pop(0))
            if written:
                parts[0] = memoryview(parts[0])[written:]


def run_job(job: Job, out: Outbox) -> None:
    """Grade-side work for one job: compile, scan, exec, call each probe, report plain data."""
    output = OutputBuffer(job.limits.output_bytes)
    out.send({"t": FrameType.COMPILING})
    out.flush()  # parsing hostile source may crash the compiler: the grader must know it began
    loaded = _load(job, output, out)
    if loaded is not None:
        function, kinds = loaded
        probes = job.probes if job.call is None else _scratch_probe(job, output, out)
        for index, args in enumerate(probes):
            out.send({"t": FrameType.START, "probe": index})
            out.flush()  # so a crash or a timeout in this call names its probe
            summary = index < len(job.summaries) and job.summaries[index]
            call = Call(function, index, args, summary, job.result_cap(index), job.limits)
            _call(call, kinds if job.is_counted(index) else None, out.send, output)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    cpu_ms = round((usage.ru_utime + usage.ru_stime) * 1000)
    done = {"t": FrameType.DONE, "stdout_truncated": output.truncated, "cpu_ms": cpu_ms}
    # stdout as the payload (UTF-8), not in the header: the grader parses no large header.
    out.send(done, utf8.encode(output.getvalue()))
    out.flush()


def _load(
    job: Job, output: OutputBuffer, out: Outbox
) -> tuple[Callable[..., Any], dict[int, str]] | None:
    """The entry function and the loop construct of each line (None after a load error)."""
    send, limits = out.send, job.limits
    try:
        tree = ast.parse(job.source, filename=SUBMISSION_FILENAME)
        loops = find_loops(tree, job.entry)
        kinds = line_kinds(tree) if any(job.counted) else {}
        code = compile_submission(tree)
    except SyntaxError as error:
        _load_error(send, type(error).__name__, error.msg, error.lineno, limits)
        return None
    except PolicyError as error:
        _load_error(send, "ForbiddenCode", str(error), error.line, limits)
        return None
    except (RecursionError, MemoryError, ValueError) as error:
        _load_error(
            send, type(error).__name__, f"the code could not be compiled: {error}", None, limits
        )
        return None
    out.send({"t": FrameType.COMPILED})
    out.flush()  # a crash from here on is the module's code, not the compiler
    namespace = restricted_globals(output)
    loaded: dict[str, Any] = {}
    failed: BaseException | None = None
    if any(job.counted):  # the import's steps are the entry's: a loop may run there instead
        args, skip = (code, namespace), fixed_few_lines(tree)
        most = IMPORT_STEPS + 1  # enough to fail; past it, the module loads untraced
        _, failed, counts = counted_call(exec, args, SUBMISSION_FILENAME, kinds, skip, most)
        loaded["import_counts"] = counts.to_dict()
    else:
        try:
            exec(code, namespace)  # noqa: S102 - the sandbox's one job
        except BaseException as error:
            failed = error
    if failed is not None:
        _load_error(send, *_describe(failed, limits), limits)
        return None
    function = namespace.get(job.entry)
    if not callable(function):
        found = "nothing" if function is None else with_article(type(function).__name__)
        message = f"No function named '{job.entry}' is defined (found {found} under that name)."
        _load_error(send, "MissingFunction", message, None, limits)
        return None
    # The grader reads the first 100 findings; a function name is cut, as learner text is.
    findings = [{**finding.to_dict(), "function": finding.function[:200]} for finding in loops]
    send({"t": FrameType.LOADED, "loops": findings[:100], **loaded}, b"")
    return function, kinds


def _scratch_probe(job: Job, output: OutputBuffer, out: Outbox) -> list[tuple[Any, ...]]:
    """A scratch job's one call: its arguments made, checked and sent (none if refused)."""
    assert job.call is not None
    try:
        args = make_arguments(read_call(job.call, job.entry), job.arguments, job.entry, output)
    except CallRefused as refused:
        message = str(refused)[: job.limits.message_chars]
        out.send({"t": FrameType.CALL_REFUSED, "refusal": str(refused.refusal), "message": message})
        return []
    for index, value in enumerate(args):
        try:
            header, payload = values.pack_value(value, job.result_cap(0), job.limits.list_items)
        except BaseException:  # e.g. MemoryError: the argument is described, the grader refuses it
            header, payload = {"value": {"unsupported": values.type_name(value)}}, b""
        out.send({"t": FrameType.ARGUMENT, "index": index, **header}, payload)
    out.send({"t": FrameType.CALL, "count": len(args)})
    return [tuple(args)]


@dataclass(frozen=True)
class Call:
    """One probe's call: what to call, with what, and how much of the result to send back."""

    function: Callable[..., Any]
    index: int
    args: tuple[Any, ...]
    summary: bool
    max_elements: int
    limits: Limits


def _call(call: Call, kinds: dict[int, str] | None, send: Send, output: OutputBuffer) -> None:
    """Make the call (counted when `kinds` is given) and send its result or exception."""
    limits = call.limits
    extra: dict[str, Any] = {}
    printed_from = output.size
    arrays = [(i, arg, arg.copy()) for i, arg in enumerate(call.args) if type(arg) is np.ndarray]
    if kinds is None:
        try:
            value, error = call.function(*call.args), None
        except BaseException as raised:
            value, error = None, raised
    else:
        value, error, counts = counted_call(call.function, call.args, SUBMISSION_FILENAME, kinds)
        extra = {"counts": counts.to_dict()}
    extra["printed"] = [printed_from, output.size]
    changed = [i for i, arg, before in arrays if not np.array_equal(arg, before, equal_nan=True)]
    if changed:  # the learner's code wrote into an argument it was given
        extra["modified"] = changed
    if error is None and (shared := _shares_memory(value, arrays)):
        extra["shares_memory"] = shared  # a view of an input, not a new array
    if error is not None:
        kind, message, line = _describe(error, limits)
        frame = {"t": FrameType.RAISED, "probe": call.index, "type": kind, "message": message}
        send({**frame, "line": line, "bases": _builtin_bases(error), **extra}, b"")
        return
    try:  # whatever came back is described: packing runs none of its classes' code
        header, payload = values.pack_value(
            value, call.max_elements, limits.list_items, call.summary
        )
    except BaseException as packing:  # e.g. MemoryError copying a strided view
        what = f"{values.type_name(value)} (not readable: {values.type_name(packing)})"[:80]
        header, payload = {"value": {"unsupported": what}}, b""
    send({"t": FrameType.RESULT, "probe": call.index, **header, **extra}, payload)


# At most this many items of a returned tuple or list are looked at, and this much work is spent
# proving two arrays overlap (np.shares_memory can take exponential time; its bounds check
# np.may_share_memory is constant time, and a newly allocated result never passes it).
_SHARED_ITEMS = 16
_SHARED_WORK = 10_000


def _shares_memory(value: Any, arrays: list[tuple[int, Any, Any]]) -> list[int]:
    """The positions of the array arguments the returned arrays share memory with. Containers
    are read through their base type's slots, so no learner code runs."""
    base = values.container_base(value)
    if type(value) is np.ndarray:
        returned = [value]
    elif base is tuple or base is list:  # a NamedTuple too, read through tuple's own slots
        first = base.__getitem__(value, slice(_SHARED_ITEMS))
        returned = [item for item in first if type(item) is np.ndarray]
    else:
        return []
    return [
        index
        for index, argument, _ in arrays
        if any(_overlaps(item, argument) for item in returned)
    ]


def _overlaps(a: np.ndarray[Any, Any], b: np.ndarray[Any, Any]) -> bool:
    if not np.may_share_memory(a, b):
        return False
    try:
        # NumPy takes any bound here; its stubs list only the two named ones.
        return bool(np.shares_memory(a, b, max_work=_SHARED_WORK))  # type: ignore[arg-type]
    except np.exceptions.TooHardError:  # the bounds overlap: only a view gets that far
        return True


def _load_error(send: Send, kind: str, message: str, line: int | None, limits: Limits) -> None:
    error = {"t": FrameType.LOAD_ERROR, "type": kind, "message": message[: limits.message_chars]}
    send({**error, "line": line}, b"")


def _describe(error: BaseException, limits: Limits) -> tuple[str, str, int | None]:
    """Type, message and the learner's line; Python's own text is kept verbatim, capped."""
    kind = type(error).__name__[:100]
    try:
        message = str(error)
    except BaseException:
        message = "<the exception's message could not be read>"
    line = None
    for frame, lineno in traceback.walk_tb(error.__traceback__):
        if frame.f_code.co_filename == SUBMISSION_FILENAME:
            line = lineno
    if isinstance(error, SyntaxError) and error.filename == SUBMISSION_FILENAME:
        line = error.lineno
    return kind, cut(message, limits.message_chars), line


def _builtin_bases(error: BaseException) -> list[str]:
    """The built-in exception classes `error` is an instance of, nearest first: a learner's
    `class PositionOutOfRange(IndexError)` is an IndexError (and a LookupError)."""
    return [
        kind.__name__
        for kind in type(error).__mro__[:12]
        if kind.__module__ == "builtins" and issubclass(kind, BaseException)
    ]


def run_inprocess(job: Job) -> bytes:
    """Run a job in this process with no isolation (the benchmark's floor and the zygote's
    warm-up; never for learners): the bytes a child would have sent."""
    out = Outbox()
    run_job(decode_job(frames.decode(job.encode(), max_header_bytes=1 << 62)[0]), out)
    return b"".join(out.sent)


if __name__ == "__main__":  # pragma: no cover - the zygote forks instead
    sys.exit("run through graders.inside.zygote")
