"""The untrusted side: load one submission under the policy and call it on each probe.

Frames written to the result channel, in order (queued, and delivered in one write just before
any learner code runs and at the end, so a crash or a hang still leaves every earlier frame
with the grader):
  {"t": "compiling"}                      before the source is parsed
  {"t": "load_error", type, message, line} the code could not be loaded (then "done")
  {"t": "loaded", "loops": [...]}         the static loop scan, sent before any learner code runs
  {"t": "start", "probe": i}              before each call, so a timeout names its probe
  {"t": "result", "probe": i, ...value}   a normalised return value (+ array bytes)
  {"t": "raised", "probe": i, type, message, line}
  {"t": "done", stdout, stdout_truncated, cpu_ms}
"""

from __future__ import annotations

import ast
import resource
import socket
import sys
import traceback
from collections.abc import Callable
from typing import Any

import numpy as np

from graders.sandbox import wire
from graders.sandbox.loops import find_loops
from graders.sandbox.policy import (
    SUBMISSION_FILENAME,
    OutputBuffer,
    PolicyError,
    compile_submission,
    restricted_globals,
)

Send = Callable[[dict[str, Any], wire.Payload], None]


class Outbox:
    """Frames queued for the grader; `flush` delivers them all (one `sendmsg`, no copies)."""

    def __init__(self, channel: socket.socket | None = None) -> None:
        self.channel = channel
        self.parts: list[wire.Payload] = []
        self.sent: list[bytes] = []  # without a channel (in-process), what would have been sent

    def send(self, header: dict[str, Any], payload: wire.Payload = b"") -> None:
        self.parts.extend(wire.frame_parts(header, payload))

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


def run_job(job: wire.Frame, out: Outbox) -> None:
    """Grade-side work for one job: compile, scan, exec, call each probe, report plain data."""
    header = job.header
    limits: dict[str, int] = header["limits"]
    arguments = _unpack_arguments(header["probes"], job.payload)
    summaries = [bool(probe.get("summary")) for probe in header["probes"]]
    output = OutputBuffer(limits["output_bytes"])
    out.send({"t": "compiling"})
    out.flush()  # parsing hostile source may crash the compiler: the grader must know it began
    function = _load(header["source"], header["entry"], output, limits, out.send)
    if function is not None:
        for index, args in enumerate(arguments):
            out.send({"t": "start", "probe": index})
            out.flush()  # so a crash or a timeout in this call names its probe
            _call(function, index, args, summaries[index], limits, out.send)
    usage = resource.getrusage(resource.RUSAGE_SELF)
    out.send(
        {
            "t": "done",
            "stdout": output.getvalue(),
            "stdout_truncated": output.truncated,
            "cpu_ms": round((usage.ru_utime + usage.ru_stime) * 1000),
        }
    )
    out.flush()


def _load(
    source: str, entry: str, output: OutputBuffer, limits: dict[str, int], send: Send
) -> Callable[..., Any] | None:
    try:
        tree = ast.parse(source, filename=SUBMISSION_FILENAME)
        loops = find_loops(tree, entry)
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
    namespace = restricted_globals(output)
    try:
        exec(code, namespace)  # noqa: S102 - the sandbox's one job
    except BaseException as error:
        _load_error(send, *_describe(error, limits), limits)
        return None
    function = namespace.get(entry)
    if not callable(function):
        found = "nothing" if function is None else f"a {type(function).__name__}"
        message = f"No function named '{entry}' is defined (found {found} under that name)."
        _load_error(send, "MissingFunction", message, None, limits)
        return None
    send({"t": "loaded", "loops": [finding.to_dict() for finding in loops]}, b"")
    return function  # type: ignore[no-any-return]


def _call(
    function: Callable[..., Any],
    index: int,
    args: list[Any],
    summary: bool,
    limits: dict[str, int],
    send: Send,
) -> None:
    try:
        value = function(*args)
    except BaseException as error:
        kind, message, line = _describe(error, limits)
        send({"t": "raised", "probe": index, "type": kind, "message": message, "line": line}, b"")
        return
    if summary:
        header, payload = wire.pack_summary(value)
    else:
        header, payload = wire.pack_value(value, limits["array_elements"], limits["list_items"])
    send({"t": "result", "probe": index, **header}, payload)


def _load_error(
    send: Send, kind: str, message: str, line: int | None, limits: dict[str, int]
) -> None:
    send(
        {
            "t": "load_error",
            "type": kind,
            "message": message[: limits["message_chars"]],
            "line": line,
        },
        b"",
    )


def _describe(error: BaseException, limits: dict[str, int]) -> tuple[str, str, int | None]:
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
    cap = limits["message_chars"]
    if len(message) > cap:
        message = message[:cap] + f"... [{len(message) - cap} more characters cut]"
    return kind, message, line


def _unpack_arguments(probes: list[dict[str, Any]], payload: bytes) -> list[list[Any]]:
    """Probe arguments: plain JSON, or arrays as {"array": offset, dtype, shape}."""
    calls = []
    for probe in probes:
        args = []
        for argument in probe["args"]:
            if isinstance(argument, dict) and "offset" in argument:
                dtype = np.dtype(argument["dtype"])
                count = int(np.prod(argument["shape"], dtype=np.int64))
                array = np.frombuffer(payload, dtype=dtype, count=count, offset=argument["offset"])
                args.append(array.reshape(argument["shape"]).copy())
            else:
                args.append(argument)
        calls.append(args)
    return calls


def pack_job(
    source: str,
    entry: str,
    probes: list[tuple[Any, ...]],
    limits: dict[str, int],
    summaries: list[bool] | None = None,
) -> bytes:
    """The parent side of the job frame: array arguments go as raw bytes after the header."""
    payload = bytearray()
    encoded = []
    for index, args in enumerate(probes):
        plain_args: list[Any] = []
        for argument in args:
            if isinstance(argument, np.ndarray):
                data = np.ascontiguousarray(argument).tobytes()
                plain_args.append(
                    {
                        "offset": len(payload),
                        "dtype": argument.dtype.str,
                        "shape": list(argument.shape),
                    }
                )
                payload += data
            else:
                plain_args.append(argument)
        encoded.append({"args": plain_args, "summary": bool(summaries and summaries[index])})
    header = {"source": source, "entry": entry, "probes": encoded, "limits": limits}
    return wire.encode(header, bytes(payload))


def main_inprocess(job_bytes: bytes) -> bytes:
    """Run a job in this process with no isolation (the benchmark's floor; never for learners)."""
    out = Outbox()
    run_job(wire.decode_stream(job_bytes)[0], out)
    return b"".join(out.sent)


if __name__ == "__main__":  # pragma: no cover - the zygote forks instead
    sys.exit("run through graders.sandbox.zygote")
