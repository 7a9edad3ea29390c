"""Counted calls: how much Python work a call did per element (graders.protocol.counts).

Two parts. `counted_call` runs the entry function under `sys.settrace`, counting the line
events of frames whose code was compiled from the submission; every other frame (NumPy's
Python code, our facades) gets no local tracer. And the iterating helpers handed to learner
code count the elements they consume on its behalf while a counted call runs: `list(map(
math.sin, flat))` runs no learner line, yet it is one Python-level step per element.

Counting costs a Python call per line event, so only the counted probes pay it (a handful of
small calls); every other call runs untraced, and the helpers' counting is one flag test.
"""

from __future__ import annotations

import builtins
import functools
import itertools
import sys
from collections import Counter
from collections.abc import Callable, Iterable
from types import FrameType
from typing import Any

import numpy as np

from graders.protocol.counts import TOP_HELPERS, TOP_LINES, CallCounts, LineCount


class _Tally:
    """Elements consumed by helpers during the counted call in progress (one per process)."""

    def __init__(self) -> None:
        self.active = False
        self.helpers: Counter[str] = Counter()

    def add(self, helper: str, elements: int = 1) -> None:
        if self.active:
            self.helpers[helper] += elements


TALLY = _Tally()


class _Counting:
    """An iterator that counts what is drawn from it (only while a counted call runs).

    Graded code must not tell it from the iterator it wraps (a solution that did could skip its
    loop only when counted): `type()` of it is the wrapped iterator's class as graded code sees
    it (`seen_class`), and its repr is the wrapped iterator's."""

    __slots__ = ("_helper", "_inner")

    def __init__(self, helper: str, iterable: Iterable[Any]) -> None:
        self._helper, self._inner = helper, builtins.iter(iterable)

    def __iter__(self) -> _Counting:
        return self

    def __next__(self) -> Any:
        item = next(self._inner)
        TALLY.add(self._helper)
        return item

    def __repr__(self) -> str:
        return repr(self._inner)


def seen_class(value: object) -> type:
    """The class `type(value)` shows graded code: a counting iterator's is its wrapped one's."""
    return type(value._inner) if type(value) is _Counting else type(value)


def counting(helper: str, iterable: Any) -> Any:
    """`iterable`, counted when a counted call is in progress (as is, otherwise)."""
    return _Counting(helper, iterable) if TALLY.active else iterable


def _counting_calls(helper: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """`function`, each call counted as one element (the per-element callback of a helper)."""

    @functools.wraps(function)
    def counted(*args: Any, **kwargs: Any) -> Any:
        TALLY.add(helper)
        return function(*args, **kwargs)

    return counted


# --- the builtins -----------------------------------------------------------------------------


class _CountingClass(type):
    """The metaclass of a counting stand-in for a builtin iterator class: isinstance answers
    for the real class, and calling it builds a real one over counted iterables. The real
    class is never a base, so nothing graded code reaches leads to the uncounted one."""

    _real: type
    _build: Callable[..., Any]

    def __instancecheck__(cls, instance: object) -> bool:
        return isinstance(instance, cls._real)

    def __subclasscheck__(cls, subclass: type) -> bool:
        return isinstance(subclass, type) and issubclass(subclass, cls._real)

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        return cls._build(*args, **kwargs)

    def __repr__(cls) -> str:
        return repr(cls._real)


def _map(function: Any, *iterables: Any) -> Any:
    return builtins.map(function, *[counting("map()", iterable) for iterable in iterables])


def _filter(function: Any, iterable: Any) -> Any:
    return builtins.filter(function, counting("filter()", iterable))


def _stand_in(real: type, build: Callable[..., Any]) -> type:
    namespace = {"__slots__": (), "__doc__": real.__doc__, "_real": real}
    return _CountingClass(real.__name__, (), namespace | {"_build": staticmethod(build)})


CountedMap = _stand_in(builtins.map, _map)
CountedFilter = _stand_in(builtins.filter, _filter)


def _one_iterable(helper: str, function: Callable[..., Any]) -> Callable[..., Any]:
    """min/max/sum/sorted: an iterable given alone is counted (`max(a, b)` is not a loop)."""

    @functools.wraps(function)
    def counted(*args: Any, **kwargs: Any) -> Any:
        if len(args) == 1 and TALLY.active:
            args = (counting(helper, args[0]),)
        return function(*args, **kwargs)

    return counted


BUILTINS: dict[str, Any] = {
    "map": CountedMap,
    "filter": CountedFilter,
    "sum": _one_iterable("sum()", builtins.sum),
    "min": _one_iterable("min()", builtins.min),
    "max": _one_iterable("max()", builtins.max),
    "sorted": _one_iterable("sorted()", builtins.sorted),
}
"""Counting stand-ins for the builtins learner code gets."""


# --- functools and itertools --------------------------------------------------------------------


def reduce(function: Any, iterable: Any, *initial: Any) -> Any:
    return functools.reduce(function, counting("functools.reduce()", iterable), *initial)


reduce.__doc__ = functools.reduce.__doc__


def _counting_iterator(name: str, factory: Callable[..., Any]) -> Callable[..., Any]:
    """An itertools callable whose iterator is counted: each item it yields is one element."""
    helper = f"itertools.{name}()"

    @functools.wraps(factory)
    def counted(*args: Any, **kwargs: Any) -> Any:
        return counting(helper, factory(*args, **kwargs))

    return counted


def itertools_members() -> dict[str, Any]:
    """Counting stand-ins for the iterator-making callables of `itertools`."""
    members: dict[str, Any] = {}
    for name in dir(itertools):
        value = getattr(itertools, name)
        if name.startswith("_") or not callable(value):
            continue
        if name == "tee":  # returns a tuple of iterators
            continue
        members[name] = _counting_iterator(name, value)
    chain = members["chain"]
    chain.from_iterable = _counting_iterator("chain.from_iterable", itertools.chain.from_iterable)
    return members


def counted_stand_ins(members: dict[str, Any]) -> dict[type, Any]:
    """Real iterator class -> the counting callable graded code gets for it (`type(x)` of a
    `map` object, of an `itertools.chain` built outside a counted call)."""
    found: dict[type, Any] = {
        builtins.map: CountedMap,
        builtins.filter: CountedFilter,
        np.vectorize: vectorize,
    }
    for name, member in members.items():
        real = getattr(itertools, name)
        if isinstance(real, type):
            found[real] = member
    return found


# --- NumPy's per-element helpers ----------------------------------------------------------------


def _vectorize(pyfunc: Any = np._NoValue, *args: Any, **kwargs: Any) -> Any:
    """`np.vectorize`, counting each call of the wrapped function (`@np.vectorize(otypes=...)`
    as a decorator too)."""
    if pyfunc is np._NoValue:

        def decorate(function: Any) -> Any:
            return np.vectorize(_counting_calls("np.vectorize", function), *args, **kwargs)

        return decorate
    return np.vectorize(_counting_calls("np.vectorize", pyfunc), *args, **kwargs)


def frompyfunc(function: Any, nin: int, nout: int, **kwargs: Any) -> Any:
    return np.frompyfunc(_counting_calls("np.frompyfunc", function), nin, nout, **kwargs)


def apply_along_axis(function: Any, axis: int, arr: Any, *args: Any, **kwargs: Any) -> Any:
    counted = _counting_calls("np.apply_along_axis", function)
    return np.apply_along_axis(counted, axis, arr, *args, **kwargs)


def fromiter(iterable: Any, dtype: Any, count: int = -1, **kwargs: Any) -> Any:
    return np.fromiter(counting("np.fromiter", iterable), dtype, count, **kwargs)


# A class, as np.vectorize is: `type(np.vectorize(abs))` is this same stand-in, so the real
# (uncounted) class is never in graded code's hands.
vectorize = _stand_in(np.vectorize, _vectorize)

for _wrapper, _real in [
    (frompyfunc, np.frompyfunc),
    (apply_along_axis, np.apply_along_axis),
    (fromiter, np.fromiter),
]:
    _wrapper.__doc__ = _real.__doc__

NUMPY_WRAPPED: dict[str, Any] = {
    "numpy.vectorize": vectorize,
    "numpy.frompyfunc": frompyfunc,
    "numpy.apply_along_axis": apply_along_axis,
    "numpy.fromiter": fromiter,
}
"""Counting stand-ins for NumPy's per-element helpers, by dotted path."""


# --- the tracer ---------------------------------------------------------------------------------


def counted_call(
    function: Callable[..., Any],
    args: tuple[Any, ...],
    filename: str,
    kinds: dict[int, str],
    uncounted: frozenset[int] | None = None,
    most: int | None = None,
) -> tuple[Any, BaseException | None, CallCounts]:
    """Call `function(*args)` counting its per-element work: (value, exception, counts).

    `filename` is the submission's code objects' filename; `kinds` the loop construct of each
    line (graders.protocol.loops.line_kinds), to name what repeated. With `uncounted` (the
    module's import: its loops over a fixed few), those lines' events are not counted, and
    neither are helpers' elements: iterators made at import stay the real ones. Past `most`
    line events counting stops (the rest of the call runs untraced, at full speed): the count
    has said what it had to.
    """
    lines: Counter[int] = Counter()
    skipped = uncounted or frozenset()
    budget = [most if most is not None else -1]

    def local(frame: FrameType, event: str, arg: Any) -> Any:
        if budget[0] == 0:
            return None  # this frame untraced from here on
        if event == "line" and frame.f_lineno not in skipped:
            lines[frame.f_lineno] += 1
            budget[0] -= 1
            if budget[0] == 0:
                sys.settrace(None)  # and no new frame traced
                return None
        return local

    def tracer(frame: FrameType, event: str, arg: Any) -> Any:
        return local if frame.f_code.co_filename == filename else None

    TALLY.helpers.clear()
    TALLY.active = uncounted is None
    value: Any = None
    error: BaseException | None = None
    # None in the sandbox's child; in a process under a tracer of its own (coverage, a
    # debugger: the benchmark and tests call this in-process) that tracer comes back after.
    previous = sys.gettrace()
    sys.settrace(tracer)
    try:
        value = function(*args)
    except BaseException as raised:  # the caller reports it, as for an uncounted call
        error = raised
    finally:
        traced = sys.gettrace() is tracer or budget[0] == 0
        sys.settrace(previous)
        TALLY.active = False
    top = [
        LineCount(line, count, kinds.get(line, "")) for line, count in lines.most_common(TOP_LINES)
    ]
    counts = CallCounts(
        lines=sum(lines.values()),
        helper_elements=sum(TALLY.helpers.values()),
        top_lines=top,
        helpers=dict(TALLY.helpers.most_common(TOP_HELPERS)),
        traced=traced,
    )
    TALLY.helpers.clear()
    return value, error, counts
