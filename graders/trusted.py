"""Trusted computations: the reference's and the known mistakes' outputs, cached per exercise.

These run in the grader's own process with the real NumPy: the code is the author's, never the
learner's, and their outputs never enter the sandbox.
"""

from __future__ import annotations

import ast
import importlib.util
import re
import sys
import threading
import time
import warnings
from collections import OrderedDict
from collections.abc import Callable
from functools import cache
from pathlib import Path
from types import ModuleType
from typing import Any

import numpy as np

from graders.check_core import registration_problems
from graders.checks import (
    BUILTIN_CHECKS,
    AnalysisFunction,
    Check,
    ToleranceFunction,
    collect_analyses,
    collect_checks,
    collect_tolerance,
)
from graders.exercise import Exercise, MistakeSpec
from graders.exercise_file import ExerciseError
from graders.probes import Probe
from graders.protocol.loops import LoopFinding, find_loops
from graders.protocol.values import (
    ListOfNumbers,
    Unsupported,
    elements_of,
    pack_summary,
    pack_value,
    unpack_value,
)

_BIG = 1 << 40


@cache
def _load_module(path: Path, mtime: float) -> ModuleType:
    name = f"gradebox_trusted_{abs(hash((str(path), mtime)))}"
    spec = importlib.util.spec_from_file_location(name, path)
    if spec is None or spec.loader is None:
        raise ImportError(f"cannot load {path}")
    module = importlib.util.module_from_spec(spec)
    sys.modules[name] = module
    spec.loader.exec_module(module)
    return module


# A file's modification time is read at most once a second (the service's exercise watcher
# looks as often): a grading asks for it once per probe, and a stat each time adds up.
_STAMP_SECONDS = 1.0
_stamps: dict[Path, tuple[float, float]] = {}


def modified(path: Path) -> float:
    """`path`'s mtime, at most `_STAMP_SECONDS` stale; FileNotFoundError if it is gone."""
    now = time.monotonic()
    stamp = _stamps.get(path)
    if stamp is None or now - stamp[0] > _STAMP_SECONDS:
        stamp = (now, path.stat().st_mtime)
        _stamps[path] = stamp
    return stamp[1]


def load_module(path: Path) -> ModuleType:
    return _load_module(path, modified(path))


@cache
def _source(path: Path, mtime: float) -> str:
    return path.read_text(encoding="utf-8")


def source_of(path: Path) -> str:
    """An author's file's text (the reference's, a mistake's), read again once it changes."""
    return _source(path, modified(path))


def entry_function(path: Path, entry: str) -> Callable[..., Any]:
    function = getattr(load_module(path), entry, None)
    if not callable(function):
        raise ExerciseError(path, "entry.function", f"defines no function {entry}()")
    return function  # type: ignore[no-any-return]


def normalised(value: Any) -> Any:
    """The same normalisation learner values get on their way out of the sandbox."""
    header, payload = pack_value(value, _BIG, _BIG)
    return unpack_value(header, payload)


def summarised(value: Any) -> Any:
    """What a learner's value looks like when only its summary crossed the boundary."""
    header, payload = pack_summary(value)
    return unpack_value(header, payload)


Key = tuple[str, float, str, str]  # (file, its mtime, entry point, probe key)


class _Outputs:
    """Computed outputs: the fixed probes' kept for good (an exercise has a few dozen, sized by
    its author), those of fresh probes (drawn per grading) up to `FRESH_BYTES` in all, oldest
    dropped first, and never one over `ONE_FRESH_BYTES` (it is computed again when asked).

    Bounded in bytes, not entries: what one entry holds depends on the probe's sizes.
    """

    FRESH_BYTES = 64 << 20
    ONE_FRESH_BYTES = 4 << 20

    def __init__(self) -> None:
        self.fixed: dict[Key, Any] = {}
        self.fresh: OrderedDict[Key, tuple[Any, int]] = OrderedDict()
        self.fresh_bytes = 0

    def __contains__(self, key: Key) -> bool:
        return key in self.fixed or key in self.fresh

    def __getitem__(self, key: Key) -> Any:
        return self.fixed[key] if key in self.fixed else self.fresh[key][0]

    def put(self, key: Key, value: Any, fresh: bool) -> Any:
        """Keep `value` (if it fits) and return it."""
        if not fresh:
            self.fixed[key] = value
            return value
        size = value_bytes(value)
        if size > self.ONE_FRESH_BYTES:
            return value
        if key in self.fresh:
            self.fresh_bytes -= self.fresh.pop(key)[1]
        self.fresh[key] = (value, size)
        self.fresh_bytes += size
        while self.fresh_bytes > self.FRESH_BYTES:
            _, (_, dropped) = self.fresh.popitem(last=False)
            self.fresh_bytes -= dropped
        return value


def value_bytes(value: Any) -> int:
    """About what `value` holds in memory: its arrays' bytes, and 64 bytes per other item."""
    if isinstance(value, np.ndarray):
        return int(value.nbytes) + 112
    if isinstance(value, ListOfNumbers):
        return int(value.array.nbytes) + 112
    if isinstance(value, list | tuple):
        return 64 + sum(value_bytes(item) for item in value)
    if isinstance(value, dict):
        return 64 + sum(value_bytes(item) for item in value.values())
    return 64


_outputs = _Outputs()


# Reports may be built on worker threads (large results, off the event loop): one output is
# computed at a time, since `warnings.catch_warnings` changes process-wide state.
_computing = threading.Lock()


def _call(path: Path, mtime: float, entry: str, probe: Probe) -> Any:
    key: Key = (str(path), mtime, entry, probe.key)
    if key in _outputs:
        return _outputs[key]
    with _computing:
        if key not in _outputs:
            function = entry_function(path, entry)
            try:
                # A known mistake may overflow or divide by zero on purpose: its NaN/inf output
                # is the outcome to match, not a warning (`-W error` would make it an error).
                with warnings.catch_warnings(), np.errstate(all="ignore"):
                    warnings.simplefilter("ignore")
                    value = normalised(function(*[_copy(arg) for arg in probe.args]))
            except Exception as error:
                value = raised_value(type(error).__name__, str(error))
            return _outputs.put(key, value, probe.fresh)
    return _outputs[key]


def raised_value(error_type: str, message: str = "") -> Unsupported:
    """How a call that raised reads as an outcome (the reference's, a mistake's or, for a check
    that expects a raise, the learner's): the type and the message's wording with its numbers
    left out, so that the same mistake matches on any sizes, and another ValueError (a
    different broadcast, say) does not."""
    wording = _NUMBERS.sub("#", message)[:200]
    return Unsupported(f"raised {error_type}: {wording}")


_NUMBERS = re.compile(r"-?\d+(?:\.\d+)?(?:e[-+]?\d+)?")


def _copy(value: Any) -> Any:
    return value.copy() if hasattr(value, "copy") else value


_summaries = _Outputs()


def _summary(path: Path, mtime: float, entry: str, probe: Probe) -> Any:
    key: Key = (str(path), mtime, entry, probe.key)
    if key in _summaries:
        return _summaries[key]
    return _summaries.put(key, summarised(_call(path, mtime, entry, probe)), probe.fresh)


def reference_value(exercise: Exercise, probe: Probe, summary: bool = False) -> Any:
    """The reference's output for `probe` (`summary`: as it reads when only a summary crossed)."""
    path = exercise.solution_path
    return (_summary if summary else _call)(path, modified(path), exercise.entry, probe)


def mistake_value(
    exercise: Exercise, mistake: MistakeSpec, probe: Probe, summary: bool = False
) -> Any:
    path = mistake.path
    return (_summary if summary else _call)(path, modified(path), exercise.entry, probe)


# What one call may send back, in elements (`graders.protocol.value_types.footprint`): a few times
# what the reference returns for it, with a floor (a learner's table of another shape still gets
# a message about its values), and never more than the exercise's `array_elements` limit.
RESULT_FACTOR = 4
RESULT_FLOOR = 16_384
_reference_elements = _Outputs()


def result_cap(exercise: Exercise, probe: Probe) -> int:
    """The most elements the sandbox sends back for `probe`; a larger result is described."""
    path = exercise.solution_path
    key: Key = (str(path), modified(path), exercise.entry, probe.key)
    if key in _reference_elements:
        expected: int = _reference_elements[key]
    else:
        expected = _reference_elements.put(
            key, elements_of(reference_value(exercise, probe)), probe.fresh
        )
    return min(exercise.limits.array_elements, max(RESULT_FLOOR, RESULT_FACTOR * expected))


def loops_in(path: Path, entry: str) -> list[LoopFinding]:
    return find_loops(ast.parse(path.read_text(encoding="utf-8")), entry)


def checks_for(exercise: Exercise) -> dict[str, Check]:
    """The library's checks, overridden by the exercise's own `checks.py` (shared: read only)."""
    try:
        stamp: float | None = modified(exercise.checks_path)
    except FileNotFoundError:
        stamp = None
    wanted = tuple(test.check for test in exercise.tests)
    return _checks_for(exercise.path, exercise.checks_path, stamp, wanted)


@cache
def _checks_for(
    folder: Path, checks_path: Path, stamp: float | None, wanted: tuple[str, ...]
) -> dict[str, Check]:
    checks = dict(BUILTIN_CHECKS)
    if stamp is not None:
        checks |= collect_checks(vars(_load_module(checks_path, stamp)))
    missing = sorted(set(wanted) - set(checks))
    if missing:
        raise ExerciseError(folder / "exercise.toml", "tests.check", f"unknown checks {missing}")
    return checks


def analyses_for(exercise: Exercise) -> list[AnalysisFunction]:
    """The exercise's own analyses (`@analysis` in checks.py), in the order written."""
    try:
        stamp = modified(exercise.checks_path)
    except FileNotFoundError:
        return []
    return collect_analyses(vars(_load_module(exercise.checks_path, stamp)))


def registrations_twice(exercise: Exercise) -> list[str]:
    """What the exercise's checks.py registers twice (a check name, an analysis, a finding id
    of a transformation), each naming both functions; empty without a checks.py."""
    try:
        stamp = modified(exercise.checks_path)
    except FileNotFoundError:
        return []
    return registration_problems(vars(_load_module(exercise.checks_path, stamp)))


def tolerance_function(exercise: Exercise) -> ToleranceFunction | None:
    """The exercise's `@tolerance_for` function, if its checks.py has one."""
    try:
        stamp = modified(exercise.checks_path)
    except FileNotFoundError:
        return None
    return collect_tolerance(vars(_load_module(exercise.checks_path, stamp)))


def largest_magnitude(value: Any) -> float:
    """The largest finite |number| in a value: an array, a number, or the items of a tuple,
    list or dict (0 when there is none)."""
    if isinstance(value, dict):
        return max(map(largest_magnitude, value.values()), default=0.0)
    if isinstance(value, tuple | list) and any(isinstance(v, tuple | list | dict) for v in value):
        return max(map(largest_magnitude, value), default=0.0)
    if isinstance(value, ListOfNumbers):
        value = value.array
    try:
        array = np.abs(np.asarray(value, dtype=np.float64))
    except (TypeError, ValueError):
        if isinstance(value, tuple | list):
            return max(map(largest_magnitude, value), default=0.0)
        return 0.0
    finite = array[np.isfinite(array)]
    return float(finite.max()) if finite.size else 0.0


def call_tolerance(exercise: Exercise, args: tuple[Any, ...], expected: Any) -> float:
    """One call's tolerance: the exercise's `tolerance` (scaled by its `@tolerance_for`, if
    any) plus `rtol` times the largest |value| of the reference's answer to the call."""
    scaled = tolerance_function(exercise)
    base = exercise.tolerance if scaled is None else scaled(args, exercise.tolerance)
    if not exercise.rtol:
        return base
    return base + exercise.rtol * largest_magnitude(expected)
