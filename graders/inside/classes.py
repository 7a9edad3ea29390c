"""Classes in graded code: built through the policy, and remembered as the learner's own.

The transformer already refused metaclasses and protocol dunders in class bodies; here the
bases are checked (the learner's own classes, plain builtins, exceptions and the typing and
collections classes learners subclass), and each class built is recorded, so that the guards
can tell the learner's objects (whose `_x` attributes and writes are theirs) from everything
else. Three-argument `type()` would build a class past those checks, so `type` answers only
its one-argument question, and never with a class the policy withholds (`as_seen`).
"""

from __future__ import annotations

import builtins
import collections
import enum
import numbers
import types
import typing
import weakref
from typing import Any

from graders.inside.counting import seen_class
from graders.inside.transformer import NOT_AVAILABLE, RAW_MEMORY_NAMES

_LEARNER_CLASSES: weakref.WeakSet[type] = weakref.WeakSet()

_PLAIN_BASES = {
    object, int, float, complex, str, bytes, tuple, list, dict, set, frozenset,
    collections.OrderedDict, collections.defaultdict, collections.Counter, collections.deque,
    collections.UserDict, collections.UserList,
    numbers.Number, numbers.Complex, numbers.Real, numbers.Rational, numbers.Integral,
    typing.Generic, typing.Protocol,
    enum.Enum, enum.IntEnum, enum.Flag, enum.IntFlag, enum.StrEnum,
    # What `class P(NamedTuple)` and `class T(TypedDict)` resolve to (typing builds those).
    *types.resolve_bases((typing.NamedTuple, typing.TypedDict)),
}  # fmt: skip
_PLAIN_BASE_IDS = frozenset(id(base) for base in _PLAIN_BASES)


def _allowed_base(base: Any) -> bool:
    if not isinstance(base, type):
        return False
    if id(base) in _PLAIN_BASE_IDS or base in _LEARNER_CLASSES:
        return True
    # Exceptions: a learner's `class ShapeError(ValueError)`. Not exception groups: `except*`
    # calls a group's `split` and `derive` from C, and CPython 3.11 trusts what a subclass's
    # return (CVE-2025-22153); a learner raises and catches the real ExceptionGroup.
    return (
        issubclass(base, BaseException)
        and not issubclass(base, BaseExceptionGroup)
        and base.__module__ == "builtins"
    )


def build_class(function: Any, name: Any, *bases: Any, **keywords: Any) -> Any:
    """The `__build_class__` of graded code."""
    if "metaclass" in keywords:
        raise TypeError(f"a metaclass {NOT_AVAILABLE}: it runs code while classes are built")
    if RAW_MEMORY_NAMES.intersection(keywords):
        raise TypeError(f"a raw-memory protocol's name as a class keyword {NOT_AVAILABLE}")
    for base in types.resolve_bases(bases):
        if not _allowed_base(base):
            shown = getattr(base, "__name__", type(base).__name__)
            raise TypeError(
                f"subclassing {shown} {NOT_AVAILABLE}: a class may build on its own classes, "
                "object, the builtin containers and exceptions (exception groups excepted), "
                "and typing's Generic and Protocol"
            )
    cls = builtins.__build_class__(function, name, *bases, **keywords)
    remember(cls)
    return cls


def remember(cls: Any) -> None:
    """Record `cls` as the learner's own (also for a class a decorator rebuilt)."""
    if isinstance(cls, type):
        _LEARNER_CLASSES.add(cls)


def is_learner_class(obj: Any) -> bool:
    return isinstance(obj, type) and any(base in _LEARNER_CLASSES for base in obj.__mro__)


def is_learner_object(obj: Any) -> bool:
    """An instance of a learner's class, or such a class itself."""
    return is_learner_class(obj) or is_learner_class(type(obj))


def defines(obj: Any, name: str) -> bool:
    """Whether `name` is the learner's own: in the instance's dict or a learner class's dict."""
    owner = obj if isinstance(obj, type) else type(obj)
    if not isinstance(obj, type):
        try:
            if name in object.__getattribute__(obj, "__dict__"):
                return True
        except AttributeError:
            pass
    return any(name in vars(base) for base in owner.__mro__ if base in _LEARNER_CLASSES)


def learner_type(*args: Any) -> Any:
    """`type(x)`: the type of a value, as graded code sees it (see `as_seen`). Building a class
    with `type(name, bases, namespace)` is refused."""
    if len(args) != 1:
        raise TypeError(
            f"type(name, bases, namespace) {NOT_AVAILABLE}: write a class statement instead"
        )
    return as_seen(seen_class(args[0]))  # a counting iterator's is the class it wraps


def as_seen(value: Any) -> Any:
    """`value` as graded code may hold it: a class is itself, or the stand-in the policy gives
    for it (or for the nearest base that has one); anything else is itself.

    The type of a class is a metaclass (`type` itself, ABCMeta, EnumType): calling one builds
    a class past the checks, so graded code gets `learner_type` instead. NumPy's array and
    dtype classes are the facade's guarded stand-ins; a class the policy denies by name
    (`typing.ForwardRef`) is its refusal; a real iterator class that a counting wrapper stands
    in for (`itertools.chain`, `map`) is that wrapper.
    """
    if not isinstance(value, type):
        return value
    if issubclass(value, type):
        return learner_type
    # The bases a learner's class may have have no stand-ins, so its MRO finds none.
    for base in value.__mro__:
        stand_in = STAND_INS.get(base)
        if stand_in is not None:
            return stand_in
    return value


STAND_INS: dict[type, Any] = {}
"""Real class -> what graded code gets instead (filled in by the facades and the policy)."""
