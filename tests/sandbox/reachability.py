"""Walk everything graded code can reach, and name each forbidden object found on the way.

The walk starts from what a learner's namespace exposes (the builtins and every importable
facade) and applies only operations graded code has: attribute reads through the policy's own
`_getattr_` (public names, the readable and the class dunders), `type(x)` as graded code sees
it, no-argument calls, subscripting a typing alias, calling each typing member on each typing
alias (`typing.get_origin(typing.Type)`), iterating, and the items of containers. It also
follows each class's `__mro__`, which graded code cannot read, to stay on the safe side.

It calls whatever it reaches, so it runs in a process of its own (`python -m
tests.sandbox.reachability OUT [PLANT]`): a call may reseed, patch or crash what it touches.
PLANT names one of `PLANTS` (or is "all"), a member added to a facade before the walk, which
then starts from that facade alone: it shows the walk finds what nobody told it to look for.
"""

from __future__ import annotations

import abc
import builtins
import collections
import functools
import itertools
import json
import operator
import os
import signal
import sys
import time
import types
import typing
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import Any

import numpy as np

DEPTH = 4
"""Steps from the namespace; each step is one operation graded code could write."""
_ITEMS = 4  # the first items of a container or iterator (the rest are more of the same)
_CALL_SECONDS = 2
_PATHS = 4  # paths shown per forbidden object
_LEAVES = (str, bytes, int, float, complex, bool, type(None), type(Ellipsis))


@dataclass(frozen=True)
class Forbidden:
    """One row of the table: what must never be reachable, and why."""

    name: str
    why: str
    matches: Callable[[Any], bool]


def _identity(*objects: Any) -> Callable[[Any], bool]:
    ids = frozenset(id(obj) for obj in objects)
    return lambda obj: id(obj) in ids


def _is_subclasses(obj: Any) -> bool:
    return isinstance(obj, types.BuiltinMethodType) and obj.__name__ == "__subclasses__"


def _is_ctypes(obj: Any) -> bool:
    kind = obj if isinstance(obj, type) else type(obj)
    return kind.__module__.lstrip("_").startswith("ctypes")


_HOST_MODULES = (
    "os",
    "posix",
    "sys",
    "posixpath",
    "genericpath",
    "builtins",
    "site",
    "_sitebuiltins",
)


def _host_module_objects() -> list[Any]:
    """The host modules' namespaces and what they define (`os.system`, `sys._getframe`)."""
    found: list[Any] = [sys.modules, sys.path, sys.meta_path, sys.path_hooks]
    for name in _HOST_MODULES:
        module = sys.modules[name]
        found.append(vars(module))
        found += [
            value
            for value in vars(module).values()
            if callable(value)
            and getattr(value, "__module__", None) in _HOST_MODULES
            and getattr(value, "__module__", None) != "builtins"
        ]
    return found


def _withheld() -> list[Any]:
    """What the policy denies by name, refuses, or replaces with a stand-in of its own."""
    from graders.inside import policy
    from graders.inside.facade import MODULES, Facade
    from graders.inside.numpy_denied import DENIED as NUMPY_DENIED
    from graders.inside.stdlib import DENIED as STDLIB_DENIED
    from graders.inside.stdlib import STDLIB_MODULES

    found: list[Any] = []
    for dotted in NUMPY_DENIED:
        owner, _, name = f"numpy.{dotted}".rpartition(".")
        module = sys.modules.get(owner)
        if module is not None and name in vars(module):
            found.append(vars(module)[name])
    for module_name, names in STDLIB_DENIED.items():
        found += [getattr(sys.modules[module_name], name) for name in names]
    learner = policy.restricted_globals(policy.OutputBuffer(0))["__builtins__"]
    found += [value for name, value in vars(builtins).items() if learner.get(name) is not value]
    # A facade member that stands in for a real one: the real one is withheld.
    facades = {**MODULES, **STDLIB_MODULES}
    pending = [(name, facade) for name, facade in facades.items()]
    while pending:
        path, facade = pending.pop()
        real_module = sys.modules.get(path)
        for name in dir(facade):
            member = facade.member(name)
            if type(member) is Facade:
                pending.append((f"{path}.{name}", member))
            elif real_module is not None and name in vars(real_module):
                real = vars(real_module)[name]
                if real is not member and not isinstance(real, _LEAVES):
                    found.append(real)
    return [obj for obj in found if not isinstance(obj, _LEAVES)]


def _harmless_builtins() -> set[int]:
    """Builtins graded code does not get by name yet may meet: plain values and classes."""
    plain = (bytes, bytearray, aiter, anext, dir, classmethod, staticmethod, property, slice)
    return {id(obj) for obj in plain}


def forbidden_table() -> list[Forbidden]:
    """The one table of what the walk must never reach."""
    harmless = _harmless_builtins()
    withheld = [obj for obj in _withheld() if id(obj) not in harmless]
    return [
        Forbidden("type", "the real `type` builds classes past the class checks", _identity(type)),
        Forbidden("__subclasses__", "it lists every class in the process", _is_subclasses),
        Forbidden(
            "metaclass",
            "calling a metaclass builds a class past the class checks",
            lambda obj: isinstance(obj, type) and issubclass(obj, type) and obj is not type,
        ),
        Forbidden("frame", "frames hold globals and builtins", _of_type(types.FrameType)),
        Forbidden("code", "code objects run past the policy", _of_type(types.CodeType)),
        Forbidden("module", "a real module is past the facades", _of_type(types.ModuleType)),
        Forbidden("ctypes", "ctypes reads and writes any address", _is_ctypes),
        Forbidden(
            "crashes",
            "calling it with no arguments crashes the process",
            _identity(type(np.sum)),
        ),
        Forbidden(
            "host", "os, sys and builtins reach the host", _identity(*_host_module_objects())
        ),
        Forbidden(
            "withheld",
            "the policy denies it by name, refuses it, or gives graded code a stand-in",
            _identity(*withheld),
        ),
    ]


def _of_type(kind: type) -> Callable[[Any], bool]:
    return lambda obj: isinstance(obj, kind)


# --- the operations -------------------------------------------------------------------------


def _names(obj: Any) -> list[str]:
    from graders.inside.transformer import CLASS_DUNDERS, READABLE_DUNDERS

    try:
        listed = set(dir(obj))
    except Exception:
        listed = set()
    return sorted(listed | READABLE_DUNDERS | CLASS_DUNDERS)


class _Timeout(BaseException):
    pass


def _alarm(signum: int, frame: Any) -> None:
    raise _Timeout


def _attempt(operation: Callable[[], Any], timed: bool = True) -> tuple[bool, Any]:
    """(True, value) or (True, the exception graded code would catch), or (False, None)."""
    if timed:
        signal.alarm(_CALL_SECONDS)
    try:
        return True, operation()
    except _Timeout:
        return False, None
    except RecursionError:
        return False, None
    except Exception as error:  # graded code may catch it and look at it
        return True, error
    except BaseException:  # SystemExit, KeyboardInterrupt, GeneratorExit: nothing to keep
        return False, None
    finally:
        if timed:
            signal.alarm(0)


def _exception_method(obj: Any, value: Any) -> bool:
    """An exception's bound methods (`with_traceback`): the same for thousands of exceptions."""
    return isinstance(obj, BaseException) and isinstance(value, types.BuiltinMethodType)


def _is_typing_alias(obj: Any) -> bool:
    kind = type(obj)
    return kind.__module__ == "typing" or kind in (types.GenericAlias, types.UnionType)


def _first_items(obj: Any) -> Iterator[tuple[str, Any]]:
    if isinstance(obj, dict):
        for index, (key, value) in enumerate(itertools.islice(obj.items(), _ITEMS * 64)):
            yield f"[key {index}]", key
            yield f"[{key!r}]" if isinstance(key, str) else f"[{index}]", value
        return
    if isinstance(obj, list | tuple | set | frozenset | collections.deque):
        for index, item in enumerate(itertools.islice(obj, _ITEMS * 64)):
            yield f"[{index}]", item
        return
    if isinstance(obj, (*_LEAVES, np.ndarray, type)):
        return
    ok, iterator = _attempt(lambda: iter(obj))
    if not ok or isinstance(iterator, Exception):
        return
    for index in range(_ITEMS):
        ok, item = _attempt(lambda: next(iterator))
        if not ok or isinstance(item, Exception):
            return
        yield f"<item {index}>", item


class Walk:
    """A breadth-first walk from the learner's namespace; `found` maps a path to the row."""

    def __init__(self, table: list[Forbidden], typing_members: list[tuple[str, Any]]) -> None:
        from graders.inside import classes, guards

        self.table, self.typing_members = table, typing_members
        self.getattr, self.type_of = guards.guarded_getattr, classes.learner_type
        self.seen: dict[int, Any] = {}  # id -> object, kept alive so ids are not reused
        self.found: dict[str, str] = {}
        self.paths: collections.Counter[int] = collections.Counter()  # per forbidden object
        self.first: dict[int, str] = {}
        self.where: dict[int, tuple[str, int]] = {}
        self.queue: collections.deque[tuple[str, Any, int]] = collections.deque()
        self.trace: int | None = None

    def add(self, path: str, obj: Any, depth: int) -> None:
        if id(obj) in self.seen:
            if 0 < self.paths[id(obj)] < _PATHS:  # a forbidden object: a few ways there
                self.paths[id(obj)] += 1
                self.found[path] = self.found[self.first[id(obj)]]
            return
        self.seen[id(obj)] = obj
        self.where[id(obj)] = (path, depth)
        for row in self.table:
            if row.matches(obj):
                self.found[path] = f"{row.name}: {row.why} ({obj!r:.80})"
                self.paths[id(obj)], self.first[id(obj)] = 1, path
                return  # not walked further
        if depth < DEPTH and not isinstance(obj, _LEAVES):
            self.queue.append((path, obj, depth))

    def run(self, roots: dict[str, Any]) -> None:
        for path, obj in roots.items():
            self.add(path, obj, 0)
        while self.queue:
            path, obj, depth = self.queue.popleft()
            self.step(path, obj, depth + 1)

    def step(self, path: str, obj: Any, depth: int) -> None:
        if self.trace is not None:  # what crashed, if the walk crashes
            os.pwrite(self.trace, path.encode()[:4000].ljust(4000), 0)
        for name in _names(obj):
            ok, value = _attempt(functools.partial(self.getattr, obj, name), timed=False)
            if ok and not isinstance(value, Exception) and not _exception_method(obj, value):
                self.add(f"{path}.{name}", value, depth)
        ok, kind = _attempt(lambda: self.type_of(obj))
        if ok:
            self.add(f"type({path})", kind, depth)
        if isinstance(obj, type):
            for index, base in enumerate(obj.__mro__):
                self.add(f"{path}.__mro__[{index}]", base, depth)
        if callable(obj):
            ok, value = _attempt(obj)
            if ok:
                self.add(f"{path}()", value, depth)
        if _is_typing_alias(obj):
            for name, member in self.typing_members:
                ok, value = _attempt(functools.partial(member, obj))
                if ok:
                    self.add(f"typing.{name}({path})", value, depth)
            for probe in ("int", int):
                ok, value = _attempt(functools.partial(operator.getitem, obj, probe))
                if ok and not isinstance(value, Exception):
                    self.add(f"{path}[{probe!r}]", value, depth)
        for label, item in _first_items(obj):
            self.add(f"{path}{label}", item, depth)


# --- callables that format, look up attributes or evaluate a string the learner supplies ----

CANARY = "canary_field"
POSITIONAL, NAMED = "{0.canary_field}", "{p.canary_field}"
EXPRESSION = "canary_name.canary_field"
FORMAT_DEPTH = 3
"""The formatting probe tries the callables and classes this close to the namespace."""


class Probe:
    """An argument that records every attribute a format field (`{0.canary_field}`) reads."""

    reads: typing.ClassVar[list[str]] = []

    def __getattr__(self, name: str) -> str:
        Probe.reads.append(name)
        return "read"


def _walks_fields(call: Callable[[], Any]) -> bool:
    """Whether `call` read the probe's attribute or evaluated the expression string."""
    Probe.reads.clear()

    def raised() -> Any:
        try:
            call()
        except NameError as error:
            return "canary_name" in str(error)
        return False

    ok, evaluated = _attempt(raised)
    return ok and (CANARY in Probe.reads or evaluated is True)


def formatting_callables(walker: Walk) -> dict[str, str]:
    """Every callable the walk reached that walks a learner-supplied format field or
    evaluates a learner-supplied string: called with a template and the probe, and, for each
    class, each method of an instance built from a template (`UserString(t).format(probe)`)."""
    probe, found = Probe(), {}
    near = [
        (walker.where[key][0], obj)
        for key, obj in list(walker.seen.items())
        if walker.where[key][1] <= FORMAT_DEPTH and callable(obj) and not walker.paths[key]
    ]
    for path, function in near:
        if walker.trace is not None:
            os.pwrite(walker.trace, f"format {path}".encode()[:4000].ljust(4000), 0)
        shapes: list[tuple[Any, ...]] = [
            (POSITIONAL, probe),
            (NAMED, {"p": probe}),
            (NAMED, (), {"p": probe}),
            (EXPRESSION,),
        ]
        for arguments in shapes:
            if _walks_fields(functools.partial(function, *arguments)):
                shown = ", ".join("probe" if a is probe else repr(a) for a in arguments)
                found[f"{path}({shown})"] = "walks a format field or evaluates a string"
        if not isinstance(function, type):
            continue
        for template in (POSITIONAL, NAMED):
            ok, receiver = _attempt(functools.partial(function, template))
            if not ok or isinstance(receiver, Exception):
                continue
            for name in _names(receiver):
                read = functools.partial(walker.getattr, receiver, name)
                ok, method = _attempt(read, timed=False)
                if not ok or isinstance(method, Exception) or not callable(method):
                    continue
                for argument in (probe, {"p": probe}):
                    if _walks_fields(functools.partial(method, argument)):
                        found[f"{path}({template!r}).{name}"] = "walks a format field"
    return found


# --- planted members: the walk must find these without being told where they are ------------

PLANTS: dict[str, tuple[str, str, Any]] = {
    "typing_member_returns_type": ("typing", "sneaky_origin", lambda: type),
    "typing_member_maps_alias_to_metaclass": ("typing", "sneaky_unwrap", lambda alias: abc.ABCMeta),
    "math_member_returns_sys": ("math", "sneaky_host", lambda: sys),
    "operator_member_formats": ("operator", "sneaky_format", str.format),
}
"""plant -> (facade, member name, value)"""


def _plant(name: str) -> None:
    from graders.inside.facade import MODULES
    from graders.inside.stdlib import STDLIB_MODULES

    module, member, value = PLANTS[name]
    facade = {**MODULES, **STDLIB_MODULES}[module]
    object.__getattribute__(facade, "_members")[member] = value


# Classes graded code builds on each base it may use, an instance of each, and their `super()`.
LEARNER_SOURCE = """
import collections, dataclasses, enum, typing
T = typing.TypeVar("T")
class Plain:
    def __init__(self):
        self._state = 1
    def proxy(self):
        return super()
class Listed(list):
    def proxy(self):
        return super()
class Text(str):
    def proxy(self):
        return super()
class Mapping(collections.UserDict):
    def proxy(self):
        return super()
class Failure(ValueError):
    def proxy(self):
        return super()
class Colour(enum.Enum):
    RED = 1
class Point(typing.NamedTuple):
    x: int = 0
class Box(typing.Generic[T]):
    pass
@dataclasses.dataclass
class Record:
    x: int = 0
Pair = collections.namedtuple("Pair", "a b")
def generate():
    yield 1
made = [Plain(), Listed(), Text("t"), Mapping(), Failure(), Point(), Box(), Record(), Pair(1, 2)]
proxies = [made[0].proxy(), made[1].proxy(), made[2].proxy(), made[3].proxy(), made[4].proxy()]
generator = generate()
"""


def roots() -> dict[str, Any]:
    """What a learner's namespace exposes: each builtin and each importable module, and what
    graded code builds with them (`LEARNER_SOURCE`)."""
    from graders.inside import imports, policy
    from graders.inside.stdlib import STDLIB_MODULES

    namespace = policy.restricted_globals(policy.OutputBuffer(1000))
    exec(policy.compile_submission(LEARNER_SOURCE), namespace)  # under the policy
    found = {
        name: value
        for name, value in namespace.items()
        if not name.startswith("_") and not isinstance(value, types.ModuleType)
    }
    found |= namespace["__builtins__"]
    for module in sorted(imports.IMPORTABLE):
        found[f"import {module}"] = imports.guarded_import(module, fromlist=None)
        if "." in module:
            found[f"import {module}"] = STDLIB_MODULES[module]
    return found


def walk(
    plant: str | None = None, trace: str | None = None, out: str | None = None
) -> dict[str, Any]:
    """Walk from the namespace (from the planted member's facade alone, given `plant`); the
    walk's findings are written to `out` before the formatting probe runs, so that a crash
    in the probe still shows them."""
    from graders.inside.facade import MODULES
    from graders.inside.stdlib import STDLIB_MODULES

    started = time.monotonic()
    start = roots()
    if plant:  # "all": every plant, in one walk
        start = {}
        for name in sorted(PLANTS) if plant == "all" else [plant]:
            _plant(name)
            module = PLANTS[name][0]
            start[f"import {module}"] = {**MODULES, **STDLIB_MODULES}[module]
    typing_facade = STDLIB_MODULES["typing"]
    typing_members = [
        (name, member)
        for name in dir(typing_facade)
        if callable(member := typing_facade.member(name)) and not isinstance(member, type)
    ]
    signal.signal(signal.SIGALRM, _alarm)
    sys.setrecursionlimit(5000)
    walker = Walk(forbidden_table(), typing_members)
    if trace:
        walker.trace = os.open(trace, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o644)
    stdout, sys.stdout = sys.stdout, open(os.devnull, "w")  # noqa: SIM115 - reveal_type prints
    try:
        walker.run(start)
        result = {"found": walker.found, "formatting": {}, "visited": len(walker.seen)}
        _save(result, out)
        result["formatting"] = formatting_callables(walker)
    finally:
        sys.stdout = stdout
    result["seconds"] = round(time.monotonic() - started, 1)
    _save(result, out)
    return result


def _save(result: dict[str, Any], out: str | None) -> None:
    if out is not None:
        with open(out, "w", encoding="utf-8") as file:
            json.dump(result, file, indent=1)


def main(argv: list[str]) -> None:
    walk(argv[2] if len(argv) > 2 else None, argv[1] + ".step", argv[1])
    os._exit(0)  # nothing the walk touched gets to run at exit


if __name__ == "__main__":
    main(sys.argv)
