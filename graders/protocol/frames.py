"""Frames that cross the sandbox boundary: a length-prefixed JSON header, then raw bytes.

Only plain data crosses: numbers, strings, nested lists and numeric arrays as
dtype + shape + bytes (`graders.protocol.values`). Nothing is ever pickled, and nothing is
parsed from stdout. One incremental decoder (`FrameDecoder`) reads every stream of frames:
the child's results, the job the child reads, the zygote's control messages.

A frame on the wire:  header length (4 bytes, big-endian) | JSON header | payload length | payload
"""

from __future__ import annotations

import json
import struct
from collections.abc import Callable
from dataclasses import dataclass
from enum import IntEnum, StrEnum
from typing import Any

_LENGTH = struct.Struct(">I")
MAX_HEADER_BYTES = 1 << 20  # a result header is small; a job's header holds the source


class FrameType(StrEnum):
    """The `t` of every frame either side sends (the child's, in the order it sends them)."""

    COMPILING = "compiling"  # before the source is parsed: a crash now is the compiler's
    COMPILED = "compiled"  # compiled; module-level code runs next: a crash now is the module's
    LOAD_ERROR = "load_error"  # the code could not be loaded (then "done")
    LOADED = "loaded"  # the entry point exists; carries the static loop scan
    ARGUMENT = "argument"  # a scratch call's argument, as the child made it (+ array bytes)
    CALL = "call"  # a scratch call's arguments are all made and checked: the call comes next
    CALL_REFUSED = "call_refused"  # a scratch call that cannot be made: why (then "done")
    START = "start"  # before each call, so a timeout or a crash names its probe
    RESULT = "result"  # a normalised return value (+ array bytes)
    RAISED = "raised"  # the call raised: type, message, line
    MISTAKE = "mistake"  # a reference run: the known mistake that answers as the learner did
    DONE = "done"  # stdout_truncated, cpu_ms, stdout as payload; nothing after it is read
    SELFTEST = "selftest"  # the start-up self-test's findings
    CONFIGURE = "configure"  # grader -> zygote, first: the ceilings, the seccomp filter, forks
    SPARE = "spare"  # zygote -> grader: a child ready for a job (+ its descriptors)
    RELEASE = "release"  # grader -> zygote: kill and reap that child, offer the next
    KILL = "kill"  # grader -> zygote: kill that child now and say how it ended (its CPU time)


class ChildExit(IntEnum):
    """The exit codes a child's own code ends with when it cannot send `done` (graders.inside.
    spawner); a learner's code cannot choose one, as it never reaches `os._exit`."""

    SETUP_FAILED = 70  # the child could not isolate itself: ours
    FAILED = 71  # the child's own code raised: ours
    OUT_OF_MEMORY = 72  # memory ran out in the child's own code (packing a result, say)


class ProtocolError(Exception):
    """A frame that does not follow the protocol (a broken or hostile child)."""


class FrameTooLarge(ProtocolError):
    """More bytes than the reader accepts: a header over its cap, or the whole stream."""


@dataclass(frozen=True)
class Frame:
    header: dict[str, Any]
    payload: bytes = b""

    @property
    def type(self) -> str:
        return str(self.header.get("t", ""))


# Array bytes leave the child as a view of the array itself, never copied on the way.
Payload = bytes | memoryview


def encode(header: dict[str, Any], payload: Payload = b"") -> bytes:
    """One frame: header length, JSON header, payload length, payload."""
    prefix, payload = frame_parts(header, payload)
    return prefix + payload


def frame_parts(header: dict[str, Any], payload: Payload = b"") -> tuple[bytes, Payload]:
    """A frame as everything before the payload, and the payload (sent as is, not copied)."""
    body = json.dumps(header, separators=(",", ":"), allow_nan=True).encode()
    return _LENGTH.pack(len(body)) + body + _LENGTH.pack(len(payload)), payload


def load_header(raw: bytes) -> dict[str, Any]:
    """A frame's JSON header, which must be an object; ProtocolError for anything else."""
    try:
        header = json.loads(raw)
    except (ValueError, RecursionError) as error:
        raise ProtocolError(f"bad header: {error}") from None
    if not isinstance(header, dict):
        raise ProtocolError("header is not an object")
    return header


class FrameDecoder:
    """Decodes frames as their bytes arrive, whatever the chunking.

    `max_bytes` caps the whole stream and `max_header_bytes` one header (FrameTooLarge past
    either); a header that is not a JSON object is a ProtocolError. `check` sees each frame as
    it is decoded, before the next one is, and may raise ProtocolError to stop the decoding
    there (graders.protocol.sequence). Once a frame of type `last` is decoded the decoder is
    `finished` and ignores every later byte.
    """

    def __init__(
        self,
        max_bytes: int = 1 << 62,
        max_header_bytes: int = MAX_HEADER_BYTES,
        last: FrameType | None = FrameType.DONE,
        check: Callable[[Frame], None] | None = None,
    ) -> None:
        self.max_bytes, self.max_header_bytes, self.last = max_bytes, max_header_bytes, last
        self.check = check
        self.data = bytearray()
        self.offset = 0
        self.received = 0
        self.frames: list[Frame] = []
        self.finished = False

    def feed(self, chunk: bytes | memoryview) -> list[Frame]:
        """Add bytes; return the frames they completed (also appended to `frames`)."""
        if self.finished or not chunk:
            return []
        self.received += len(chunk)
        if self.received > self.max_bytes:
            raise FrameTooLarge(f"more than {self.max_bytes} bytes")
        if self.offset and self.offset == len(self.data):
            self.data.clear()  # everything so far was decoded: start the buffer again
            self.offset = 0
        self.data += chunk
        new: list[Frame] = []
        while not self.finished and (frame := self._next()) is not None:
            if self.check is not None:
                self.check(frame)
            new.append(frame)
            self.frames.append(frame)
            self.finished = self.last is not None and frame.type == self.last
        return new

    def _next(self) -> Frame | None:
        start = self.offset
        if start + 4 > len(self.data):
            return None
        (header_length,) = _LENGTH.unpack_from(self.data, start)
        if header_length > self.max_header_bytes:
            raise FrameTooLarge(f"a header of {header_length} bytes")
        header_end = start + 4 + header_length
        if header_end + 4 > len(self.data):
            return None
        (payload_length,) = _LENGTH.unpack_from(self.data, header_end)
        frame_end = header_end + 4 + payload_length
        if frame_end > len(self.data):
            return None
        with memoryview(self.data) as view:  # released before `data` grows again
            header = load_header(bytes(view[start + 4 : header_end]))
            payload = bytes(view[header_end + 4 : frame_end])
        self.offset = frame_end
        return Frame(header, payload)

    @property
    def partial(self) -> bool:
        """Whether bytes of an unfinished frame are waiting (the sender stopped mid-frame)."""
        return not self.finished and self.offset < len(self.data)


def decode(data: bytes | memoryview, max_header_bytes: int = MAX_HEADER_BYTES) -> list[Frame]:
    """Every complete frame in `data` (a trailing partial frame is dropped: the sender died)."""
    decoder = FrameDecoder(max_header_bytes=max_header_bytes, last=None)
    return decoder.feed(data)
