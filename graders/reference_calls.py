"""A check's context: the reference's parameters by name, and the reference called on demand.

`context.reference(*args, **kwargs)` runs the exercise's reference (the author's code, never the
learner's) in this process with the real NumPy, on arguments a check or an analysis chose: a
probe's input rebuilt with one misconception (clipped, rescaled, shifted along another axis).
What it may cost is fixed here, whatever the learner returned:

- one call's arguments hold at most `SIZE_FACTOR` times the elements of the test's largest
  probe (at least `SIZE_FLOOR`): data of the author's size, never of the learner's choosing;
- the calls of one test's checks and analyses take at most `CPU_SECONDS` of this thread's CPU,
  counted with the rest of the grading's work;
- answers are kept, by the digest of their arguments, up to `CACHE_BYTES` in all.

Past a bound the call raises `NoReference`; an analysis that meets it names nothing.
"""

from __future__ import annotations

import hashlib
import inspect
import threading
import time
import warnings
from collections import OrderedDict
from pathlib import Path
from typing import Any

import numpy as np

from graders import trusted
from graders.check_core import CheckContext, NoReference, Parameters
from graders.exercise import Exercise, TestSpec
from graders.protocol.loops import LoopFinding
from graders.protocol.values import elements_of

SIZE_FACTOR = 4
SIZE_FLOOR = 4096
CPU_SECONDS = 0.5
CACHE_BYTES = 32 << 20


def parameters(exercise: Exercise) -> Parameters:
    """The reference function's parameters (names in order, defaults), read from its code."""
    path = exercise.solution_path
    return _parameters(str(path), trusted.modified(path), exercise.entry)


_signatures: dict[tuple[str, float, str], Parameters] = {}


def _parameters(path: str, mtime: float, entry: str) -> Parameters:
    key = (path, mtime, entry)
    if key not in _signatures:
        function = trusted.entry_function(Path(path), entry)
        signature = inspect.signature(function)
        names = tuple(signature.parameters)
        defaults = {
            name: parameter.default
            for name, parameter in signature.parameters.items()
            if parameter.default is not inspect.Parameter.empty
        }
        _signatures[key] = Parameters(names, defaults)
    return _signatures[key]


class _Answers:
    """Answers by digest, oldest dropped first past `CACHE_BYTES`."""

    def __init__(self) -> None:
        self.kept: OrderedDict[bytes, tuple[Any, int]] = OrderedDict()
        self.bytes = 0
        self.lock = threading.Lock()

    def get(self, key: bytes) -> tuple[bool, Any]:
        with self.lock:
            if key in self.kept:
                self.kept.move_to_end(key)
                return True, self.kept[key][0]
        return False, None

    def put(self, key: bytes, value: Any) -> None:
        size = trusted.value_bytes(value)
        if size > CACHE_BYTES // 8:
            return
        with self.lock:
            if key in self.kept:
                return
            self.kept[key] = (value, size)
            self.bytes += size
            while self.bytes > CACHE_BYTES:
                _, (_, dropped) = self.kept.popitem(last=False)
                self.bytes -= dropped


_answers = _Answers()


def _digest(path: str, mtime: float, entry: str, args: tuple[Any, ...]) -> bytes:
    hasher = hashlib.blake2b(f"{path}\0{mtime}\0{entry}".encode(), digest_size=20)
    for arg in args:
        _feed(hasher, arg)
    return hasher.digest()


def _feed(hasher: Any, value: Any) -> None:
    if isinstance(value, np.ndarray | np.generic):
        array = np.ascontiguousarray(value)
        hasher.update(f"a{array.dtype.str}{array.shape}".encode())
        hasher.update(array.tobytes())
    elif isinstance(value, list | tuple):
        hasher.update(f"{type(value).__name__}{len(value)}[".encode())
        for item in value:
            _feed(hasher, item)
        hasher.update(b"]")
    elif isinstance(value, dict):
        hasher.update(f"d{len(value)}".encode())
        for key, item in value.items():
            _feed(hasher, key)
            _feed(hasher, item)
    else:
        hasher.update(f"{type(value).__name__}:{value!r};".encode())


class ReferenceCalls:
    """`context.reference` for one test: the budget of `CPU_SECONDS`, calls up to `max_elements`."""

    def __init__(self, exercise: Exercise, max_elements: int) -> None:
        self.exercise, self.max_elements = exercise, max_elements
        self.spent = 0.0  # CPU seconds of this thread the calls took

    def __call__(self, *args: Any, **kwargs: Any) -> Any:
        """The reference's value for this call, keywords bound through its own signature (a
        TypeError, as Python's, for an argument it has not); the defaults it leaves out filled
        in, so `reference(x)` and `reference(x, axis=-1)` are one call."""
        exercise = self.exercise
        path = exercise.solution_path
        function = trusted.entry_function(path, exercise.entry)
        bound = inspect.signature(function).bind(*args, **kwargs)
        bound.apply_defaults()
        named = tuple(bound.arguments.items())
        size = sum(elements_of(value) for _, value in named)
        if size > self.max_elements:
            raise NoReference(f"a call of {size:,} elements (at most {self.max_elements:,})")
        if self.spent >= CPU_SECONDS:
            raise NoReference(f"the reference's budget of {CPU_SECONDS:g} s of CPU is spent")
        mtime = trusted.modified(path)
        key = _digest(str(path), mtime, exercise.entry, named)
        found, value = _answers.get(key)
        if found:
            return value
        started = time.thread_time()
        try:
            with warnings.catch_warnings(), np.errstate(all="ignore"):
                warnings.simplefilter("ignore")
                positional = [_copy(arg) for arg in bound.args]
                keywords = {name: _copy(arg) for name, arg in bound.kwargs.items()}
                value = trusted.normalised(function(*positional, **keywords))
        except Exception as error:
            value = trusted.raised_value(type(error).__name__, str(error))
        finally:
            self.spent += time.thread_time() - started
        _answers.put(key, value)
        return value


def _copy(value: Any) -> Any:
    return value.copy() if hasattr(value, "copy") else value


def context_for(
    exercise: Exercise, test: TestSpec, loops: list[LoopFinding] | None = None
) -> CheckContext:
    """The context every check and analysis of `test` runs with."""
    largest = max((sum(elements_of(arg) for arg in probe.args) for probe in test.probes), default=0)
    return CheckContext(
        exercise.tolerance,
        exercise.entry,
        loops or [],
        test.params,
        exercise.wording,
        ReferenceCalls(exercise, max(SIZE_FLOOR, SIZE_FACTOR * largest)),
    )
