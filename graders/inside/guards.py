"""The guards RestrictedPython's compiled code calls: attribute reads, writes, in-place operators.

Learner code compiled by the policy (graders.inside.policy) reads `obj.name` through
`guarded_getattr`, writes through `guarded_write`, runs `x op= y` through `inplace`, calls with
`*args` or `**kwargs` through `apply` and each `match` case through `match_case`; `getattr` and
`hasattr` in graded code are `learner_getattr` and `learner_hasattr`, with the same rules.
"""

from __future__ import annotations

import operator
import types
import typing
from collections.abc import Callable
from typing import Any

import numpy as np
from RestrictedPython.Guards import safer_getattr, safer_getattr_raise

from graders.inside import classes, patterns
from graders.inside.facade import Facade
from graders.inside.stdlib import PLAIN_FORMATTER
from graders.inside.transformer import (
    CLASS_DUNDERS,
    NOT_AVAILABLE,
    RAW_MEMORY_NAMES,
    READABLE_DUNDERS,
    SUBMISSION_FILENAME,
    is_dunder,
)
from graders.protocol.articles import with_article

# Attribute names that lead from an ordinary object to frames, code, globals or the host.
_DENIED_ATTRIBUTES = frozenset(
    [
        "gi_frame",
        "gi_code",
        "gi_yieldfrom",
        "gi_running",
        "gi_suspended",
        "cr_frame",
        "cr_code",
        "cr_await",
        "ag_frame",
        "ag_code",
        "ag_await",
        "f_back",
        "f_builtins",
        "f_code",
        "f_globals",
        "f_locals",
        "f_trace",
        "tb_frame",
        "tb_next",
        "co_code",
        "co_consts",
        "func_globals",
        "func_code",
        # Cython functions (np.random.default_rng, ...) expose these without a leading "_".
        "func_closure",
        "func_dict",
        "cell_contents",
        "obj",
        "mro",
        "format_map",
        "ctypes",
        "cffi",
        "tofile",
        "dump",
        "dumps",
    ]
)
# On NumPy arrays and scalars (and their classes): `data` is a memoryview whose `cast("B")`
# reads and writes an object array's raw pointers; `resize(..., refcheck=False)` frees memory
# that other views still point into. Learners need neither (reshape and slicing remain).
_DENIED_ARRAY_ATTRIBUTES = frozenset(["data", "resize"])
# An object array's bytes are pointers: reading them out tells where objects live.
_ADDRESS_ATTRIBUTES = frozenset(["tobytes", "tostring", "ids"])  # (NumPy refuses object views)
_ARRAY_TYPES = (np.ndarray, np.generic)
# These types are reached only through a denied path; refuse every attribute on them.
_OPAQUE_TYPES = (
    types.FrameType,
    types.TracebackType,
    types.CodeType,
    types.CoroutineType,
    types.AsyncGeneratorType,
    types.ModuleType,
    types.MappingProxyType,
    memoryview,  # `cast` reinterprets raw memory; `obj` is the exporting object
)
_GENERATOR_ATTRIBUTES = frozenset({"send", "throw", "close"})
_CYTHON_FUNCTION = "cython_function_or_method"  # NumPy's random generators are Cython classes
_STR_FORMAT = str.format
# (typing's own aliases share a private base class; learner code reaches it as `type(alias)`)
_ALIAS_TYPES = (types.GenericAlias, getattr(typing, "_BaseGenericAlias"))  # noqa: B009
_INPLACE_OPERATORS: dict[str, Callable[[Any, Any], Any]] = {
    "+=": operator.iadd,
    "-=": operator.isub,
    "*=": operator.imul,
    "/=": operator.itruediv,
    "//=": operator.ifloordiv,
    "%=": operator.imod,
    "**=": operator.ipow,
    "@=": operator.imatmul,
    "<<=": operator.ilshift,
    ">>=": operator.irshift,
    "&=": operator.iand,
    "|=": operator.ior,
    "^=": operator.ixor,
}
_WRITABLE_TYPES = (np.ndarray, list, dict, set)
_MISSING: Any = object()  # "no default": a missing attribute raises, as in Python


def _bound_format(template: str) -> Callable[..., str]:
    def format(*args: Any, **kwargs: Any) -> str:
        return PLAIN_FORMATTER.vformat(template, args, kwargs)

    return format


def _unbound_format(template: str, /, *args: Any, **kwargs: Any) -> str:
    if not isinstance(template, str):
        raise TypeError("str.format() needs a string to format")
    return PLAIN_FORMATTER.vformat(template, args, kwargs)


def guarded_getattr(obj: Any, name: str, default: Any = _MISSING) -> Any:
    """Attribute access for learner code: deny the escape hatches, then RestrictedPython's rules.

    A missing attribute raises AttributeError (as in plain Python) instead of quietly giving
    None: `np.sine(x)` must say that `np.sine` does not exist, not "'NoneType' is not callable".
    """
    if not isinstance(name, str) or name in _DENIED_ATTRIBUTES:
        raise AttributeError(f"access to '{name}' is not allowed here")
    if type(obj) is super:
        bound_to = _checked_super(obj)
        if name == "format" and isinstance(bound_to, str):
            return _bound_format(bound_to)  # `super().format` in a `str` subclass
    if name.startswith("_"):
        return _underscore_attribute(obj, name, default)
    if type(obj) is Facade:  # an allow-list already: `np.sin`, `math.pi` (most lookups)
        return obj.member(name) if default is _MISSING else obj.member(name, default)
    if isinstance(obj, _OPAQUE_TYPES):
        raise AttributeError(f"access to '{name}' is not allowed here")
    if isinstance(obj, types.GeneratorType) and name not in _GENERATOR_ATTRIBUTES:
        raise AttributeError(f"access to '{name}' is not allowed here")
    if name in _DENIED_ARRAY_ATTRIBUTES and _is_array_like(obj):
        raise AttributeError(f"access to '{name}' is not allowed here")
    if name in _ADDRESS_ATTRIBUTES and isinstance(obj, np.ndarray) and obj.dtype.hasobject:
        raise AttributeError(
            f"'{name}' of an object array {NOT_AVAILABLE}: it reveals memory addresses"
        )
    if name == "format" and isinstance(obj, str):
        return _bound_format(obj)
    if name == "format" and isinstance(obj, type) and issubclass(obj, str):
        return _unbound_format
    if isinstance(obj, _ALIAS_TYPES) and not hasattr(type(obj), name):
        # An alias hands its origin's attributes out (`list[int]`, `typing.List`, and aliases
        # built over any object with `type(list[int])(obj, ())`): the same rules as the origin.
        return guarded_getattr(obj.__origin__, name, default)
    if default is _MISSING:
        value = safer_getattr_raise(obj, name)  # type: ignore[no-untyped-call]
    else:
        value = safer_getattr(obj, name, default)  # type: ignore[no-untyped-call]
    if isinstance(obj, type) and type(value).__name__ == _CYTHON_FUNCTION:
        return _checking_self(obj, name, value)
    if value is _STR_FORMAT:
        return _unbound_format
    if type(value) is types.BuiltinMethodType and _is_bound_str_format(value):
        return _bound_format(typing.cast(str, value.__self__))  # bound where it was found
    return value


def _is_bound_str_format(value: Any) -> bool:
    return isinstance(value.__self__, str) and value.__name__ in ("format", "format_map")


def _checking_self(cls: type, name: str, method: Any) -> Any:
    """`Cls.method`, a Cython method read through its class, checking its `self`: Cython does
    not, so `np.random.BitGenerator.random_raw("x")` reads a string as a generator's state
    and crashes the process (a staticmethod is no such method, and is handed out as is)."""
    owner = next((base for base in cls.__mro__ if name in vars(base)), None)
    if owner is None or type(vars(owner)[name]).__name__ != _CYTHON_FUNCTION:
        return method

    def unbound(self: Any, /, *args: Any, **kwargs: Any) -> Any:
        if not isinstance(self, owner):
            raise TypeError(
                f"{owner.__name__}.{name}() needs {with_article(owner.__name__)} as its first argument, "
                f"not {type(self).__name__}"
            )
        return method(self, *args, **kwargs)

    unbound.__name__, unbound.__qualname__ = name, f"{owner.__name__}.{name}"
    unbound.__doc__ = method.__doc__
    return unbound


def _checked_super(proxy: Any) -> Any:
    """What the `super()` object `proxy` is bound to, if it works in the learner's own class:
    through any other class it would call that class's methods on objects they do not expect
    (`super(np.random.PCG64, bg).__init__` re-runs a live generator's initialiser)."""
    if not classes.is_learner_class(proxy.__thisclass__):
        raise AttributeError(
            f"super() through {proxy.__thisclass__.__name__} {NOT_AVAILABLE}: super() works "
            "in the methods of your own classes"
        )
    return proxy.__self__


def _underscore_attribute(obj: Any, name: str, default: Any) -> Any:
    """`__name__` anywhere; the allowed dunder methods via `super()` or the learner's classes;
    `_x` only where the learner's own class or instance defines it."""
    if name in READABLE_DUNDERS and not isinstance(obj, _OPAQUE_TYPES):
        return getattr(obj, name) if default is _MISSING else getattr(obj, name, default)
    learner = classes.is_learner_object(obj)
    if is_dunder(name):
        if name in CLASS_DUNDERS and (learner or type(obj) is super):
            return getattr(obj, name)
        raise AttributeError(f"'{name}' {NOT_AVAILABLE}: dunder attributes reach the interpreter")
    if learner and classes.defines(obj, name):
        return getattr(obj, name)
    if learner and default is not _MISSING:
        return default
    if learner:
        raise AttributeError(f"'{type(obj).__name__}' object has no attribute '{name}'")
    raise AttributeError(
        f"'{name}' {NOT_AVAILABLE}: underscore attributes are the insides of the libraries "
        "(your own classes may use them)"
    )


def _is_array_like(obj: Any) -> bool:
    return isinstance(obj, _ARRAY_TYPES) or (
        isinstance(obj, type) and issubclass(obj, _ARRAY_TYPES)
    )


def guarded_write(obj: Any) -> Any:
    """Writes go only into the learner's own containers (`pe[:, 0::2] = ...`) and objects
    (`self.weights = ...`)."""
    if isinstance(obj, _WRITABLE_TYPES) and type(obj).__module__ in ("builtins", "numpy"):
        return obj
    if isinstance(obj, np.ndarray):  # masked, record and character arrays the learner built
        return obj
    if classes.is_learner_object(obj) and not isinstance(obj, _OPAQUE_TYPES):
        return obj
    if isinstance(obj, types.FunctionType) and obj.__code__.co_filename == SUBMISSION_FILENAME:
        return obj  # the learner's own function: `wrapper.calls = 0`
    raise TypeError(f"writing to {with_article(type(obj).__name__)} {NOT_AVAILABLE}")


def inplace(op: str, target: Any, value: Any) -> Any:
    if op not in _INPLACE_OPERATORS:
        raise TypeError(f"operator {op} {NOT_AVAILABLE}")
    return _INPLACE_OPERATORS[op](target, value)


def inplace_item(op: str, container: Any, key: Any, value: Any) -> None:
    """`container[key] op= value`, the container and key evaluated once (`pe[:, 1::2] += x`)."""
    target = guarded_write(container)
    target[key] = inplace(op, target[key], value)


def inplace_attribute(op: str, obj: Any, name: str, value: Any) -> None:
    """`obj.name op= value` (`self.count += 1`), read and written through the guards."""
    current = guarded_getattr(obj, name)
    setattr(guarded_write(obj), name, inplace(op, current, value))


def apply(function: Any, *args: Any, **kwargs: Any) -> Any:
    """A call with `*args` or `**kwargs`: no keyword may be a raw-memory protocol's name."""
    for name in kwargs:
        if name in RAW_MEMORY_NAMES:
            raise TypeError(
                f"the keyword {name} {NOT_AVAILABLE}: it is NumPy's raw-memory protocol, which "
                "lays arrays over any address"
            )
    return function(*args, **kwargs)


def match_attribute(obj: Any, name: str) -> Any:
    """A class pattern's read of `obj.name` (`case Point(x=0)`), through the guard as `obj.name`
    reads: `patterns.MISSING` when the object has no such attribute (the case does not match),
    the guard's refusal when it has one graded code may not read (never a quiet non-match)."""
    try:
        return guarded_getattr(obj, name)
    except AttributeError:
        if hasattr(obj, name):  # a yes or no: the value itself is never handed out
            raise
        return patterns.MISSING


def match_case(subject: Any, pattern: patterns.Pattern, names: tuple[str, ...]) -> Any:
    """`_match_`: one case of a `match` statement (graders.inside.match_statement)."""
    return patterns.match(subject, pattern, names, match_attribute)


def learner_getattr(obj: Any, name: str, default: Any = _MISSING) -> Any:
    """`getattr` in graded code: the same rules as `obj.name`."""
    return guarded_getattr(obj, name, default)


def learner_hasattr(obj: Any, name: str) -> bool:
    try:
        guarded_getattr(obj, name)
    except AttributeError:
        return False
    return True
