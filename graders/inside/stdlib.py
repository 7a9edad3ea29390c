"""The pure standard-library modules graded code may import, as filtered facades.

Each module is handed out as a read-only namespace of its public names, less what reaches the
interpreter past the policy: anything that evaluates strings (`typing.get_type_hints`, the
`ForwardRef` it builds, `functools.singledispatch` which calls it), reads attributes in C
(`operator.attrgetter`, `methodcaller`), writes past the write guard (`operator.setitem`,
`delitem`) or builds classes past the class checks (`dataclasses.make_dataclass`, and every
metaclass a module happens to import, such as `numbers.ABCMeta`). A removed name is still
there as a stub that says why when called. A name another facade replaces (`itertools.repeat`
imported into `statistics`, `functools.reduce` into `enum`) is the replacement in every facade,
and `typing.get_origin` and `get_args` answer with what graded code may hold (never the real
`type`: `typing.get_origin(typing.Type)`).

`collections.UserString.format` is the real `str.format` (its fields walk attributes in C):
it is patched, in the sandbox's own process, to format as `str.format` does in graded code.
"""

from __future__ import annotations
import __future__

import cmath
import collections
import collections.abc
import copy
import dataclasses
import enum
import fractions
import functools
import itertools
import numbers
import operator
import statistics
import string
import typing
from collections.abc import Callable, Mapping, Sequence
from types import ModuleType
from typing import Any

from graders.inside import counting
from graders.inside.classes import STAND_INS, as_seen, remember
from graders.inside.facade import Facade
from graders.inside.transformer import NOT_AVAILABLE, RAW_MEMORY_NAMES

# module -> {name: why graded code cannot use it}
DENIED: dict[str, dict[str, str]] = {
    "functools": {
        "singledispatch": "it evaluates annotation strings outside the policy",
        "singledispatchmethod": "it evaluates annotation strings outside the policy",
    },
    "operator": {
        "attrgetter": "it reads attributes past the guards",
        "methodcaller": "it reads attributes past the guards",
        "setitem": "it writes past the write guard",
        "delitem": "it writes past the write guard",
    },
    "typing": {
        "get_type_hints": "it evaluates annotation strings outside the policy",
        "ForwardRef": "it evaluates strings outside the policy",
        "no_type_check_decorator": "it rewrites functions",
    },
    "dataclasses": {
        "make_dataclass": "its namespace= builds a class past the class checks",
    },
    "enum": {
        "EnumType": "calling a metaclass builds a class past the class checks",
        "EnumMeta": "calling a metaclass builds a class past the class checks",
    },
    "copy": {
        "dispatch_table": "it is the registry of how every object is copied, for the whole process"
    },
    "collections": {},
}
_METACLASS = "calling a metaclass builds a class past the class checks"


class PlainFieldFormatter(string.Formatter):
    """`str.format` for graded code: fields name an argument, never a path through it.

    `"{0.__class__.__mro__}".format(x)` walks attributes in C, past every guard (the classic
    format-string escape, CVE-2023-41039). Plain `{}`, `{0}`, `{name}`, conversions and
    format specs (`"{:.3f}".format(x)`, `"{0:>{width}}"`) are what learners use.
    """

    def get_field(self, field_name: str, args: Sequence[Any], kwargs: Mapping[str, Any]) -> Any:
        if "." in field_name or "[" in field_name:
            raise ValueError(
                f"the format field {{{field_name}}} is not allowed here: format fields may "
                "name an argument but not look up attributes or items (use an f-string)"
            )
        return super().get_field(field_name, args, kwargs)


PLAIN_FORMATTER = PlainFieldFormatter()


def refusal(qualified: str, why: str) -> Callable[..., Any]:
    """A stand-in for a removed function: calling it says why it is not available."""

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise TypeError(f"{qualified} {NOT_AVAILABLE}: {why}")

    refused.__name__ = qualified.rsplit(".", 1)[-1]
    refused.__qualname__ = qualified
    return refused


def _facade(
    name: str,
    module: ModuleType,
    extra: dict[str, Any] | None = None,
    replaced: dict[int, Any] | None = None,
) -> Facade:
    """`module`'s public names, less the denied ones and metaclasses, each name another facade
    replaces (`replaced`: id of the real object -> the replacement) replaced here too."""
    denied = dict(DENIED.get(name, {}))
    members: dict[str, Any] = {}
    for attribute in dir(module):
        value = getattr(module, attribute)
        # A module's own imports (`statistics.sys`, `typing.collections`) are not its API.
        if attribute.startswith("_") or attribute in denied or isinstance(value, ModuleType):
            continue
        if isinstance(value, type) and issubclass(value, type):
            denied[attribute] = _METACLASS
            continue
        members[attribute] = (replaced or {}).get(id(value), value)
    members |= {attribute: refusal(f"{name}.{attribute}", why) for attribute, why in denied.items()}
    return Facade(name, members | (extra or {}))


def _dataclass(cls: Any = None, /, **options: Any) -> Any:
    """`dataclasses.dataclass`, keeping a rebuilt class (`slots=True`) the learner's own."""

    def wrap(target: Any) -> Any:
        built = dataclasses.dataclass(**options)(target)
        remember(built)
        return built

    return wrap if cls is None else wrap(cls)


def _update_wrapper(
    wrapper: Any,
    wrapped: Any,
    assigned: Any = functools.WRAPPER_ASSIGNMENTS,
    updated: Any = functools.WRAPPER_UPDATES,
) -> Any:
    """`functools.update_wrapper` with its standard attributes only: other names would make
    trusted code read and write attributes the learner chose (`__array_interface__`)."""
    if tuple(assigned) != functools.WRAPPER_ASSIGNMENTS or tuple(updated) != ("__dict__",):
        raise TypeError(f"update_wrapper with other attributes {NOT_AVAILABLE}")
    copied = getattr(wrapped, "__dict__", {})
    if any(key in RAW_MEMORY_NAMES for key in copied):
        raise TypeError(
            f"wrapping an object that has NumPy's raw-memory attributes {NOT_AVAILABLE}"
        )
    return functools.update_wrapper(wrapper, wrapped)


def _wraps(
    wrapped: Any,
    assigned: Any = functools.WRAPPER_ASSIGNMENTS,
    updated: Any = functools.WRAPPER_UPDATES,
) -> Any:
    """`functools.wraps`, as `_update_wrapper`."""
    return functools.partial(_update_wrapper, wrapped=wrapped, assigned=assigned, updated=updated)


def _namedtuple(*args: Any, **options: Any) -> Any:
    """`collections.namedtuple`: its class (with `_asdict`, `_replace`) is the learner's own."""
    built = collections.namedtuple(*args, **options)  # type: ignore[misc]
    remember(built)
    return built


_create_enum = getattr(enum.EnumType, "_create_")  # noqa: B009 - a private hook


def _create_checked_enum(cls: Any, class_name: Any, names: Any, **options: Any) -> Any:
    """The functional API `Enum("Color", names)`: no member may be an underscore name (a
    `__dunder__` "member" would become a plain class attribute such as
    `__array_interface__`). Patched in the sandbox's own process only."""
    if isinstance(names, str):
        listed = names.replace(",", " ").split()
    elif isinstance(names, dict):
        listed = list(names)
    else:
        listed = [item if isinstance(item, str) else item[0] for item in names or ()]
    if any(not isinstance(name, str) or name.startswith("_") for name in listed):
        raise ValueError(f"an enum member name starting with '_' {NOT_AVAILABLE}")
    return _create_enum(cls, class_name, names, **options)


def _get_origin(tp: Any) -> Any:
    return as_seen(typing.get_origin(tp))


def _get_args(tp: Any) -> tuple[Any, ...]:
    return tuple(_seen_deeply(arg) for arg in typing.get_args(tp))


def _seen_deeply(value: Any) -> Any:
    """`as_seen`, into the parameter lists of `Callable[[int], str]`."""
    return [_seen_deeply(item) for item in value] if type(value) is list else as_seen(value)


_get_origin.__doc__, _get_args.__doc__ = typing.get_origin.__doc__, typing.get_args.__doc__


def _user_string_format(self: Any, /, *args: Any, **kwargs: Any) -> str:
    """`UserString.format`, with the fields `str.format` allows in graded code."""
    return PLAIN_FORMATTER.vformat(str(self.data), args, kwargs)


def _patch_user_string() -> None:
    """`collections.UserString`'s format methods call the real `str.format` on learner text."""
    setattr(collections.UserString, "format", _user_string_format)  # noqa: B010
    refused = refusal("UserString.format_map", "its fields walk attributes past the guards")
    setattr(collections.UserString, "format_map", refused)  # noqa: B010


def build_modules() -> dict[str, Facade]:
    """Every standard-library facade, by the name it is imported as."""
    setattr(enum.EnumType, "_create_", _create_checked_enum)  # noqa: B010 - a private hook
    _patch_user_string()
    counted = counting.itertools_members()
    functools_extra = {
        "update_wrapper": _update_wrapper,
        "wraps": _wraps,
        "reduce": counting.reduce,
    }
    collections_extra = {"namedtuple": _namedtuple}
    dataclasses_extra = {"dataclass": _dataclass}
    typing_extra = {"get_origin": _get_origin, "get_args": _get_args}
    replacements = [
        (itertools, counted),
        (functools, functools_extra),
        (collections, collections_extra),
        (dataclasses, dataclasses_extra),
        (typing, typing_extra),
    ]
    replaced = {
        id(getattr(module, name)): value
        for module, extra in replacements
        for name, value in extra.items()
    }

    def facade(name: str, module: ModuleType, extra: dict[str, Any] | None = None) -> Facade:
        return _facade(name, module, extra, replaced)

    abc = facade("collections.abc", collections.abc)
    modules = {
        "enum": facade("enum", enum),
        "__future__": Facade("__future__", {"annotations": __future__.annotations}),
        "cmath": facade("cmath", cmath),
        "functools": facade("functools", functools, functools_extra),
        "itertools": facade("itertools", itertools, counted),
        "operator": facade("operator", operator),
        "typing": facade("typing", typing, typing_extra),
        "numbers": facade("numbers", numbers),
        "collections": facade("collections", collections, {"abc": abc, **collections_extra}),
        "collections.abc": abc,
        "dataclasses": facade("dataclasses", dataclasses, dataclasses_extra),
        "fractions": facade("fractions", fractions),
        "statistics": facade("statistics", statistics),
        "copy": facade("copy", copy),
    }
    STAND_INS.update(counting.counted_stand_ins(counted))
    STAND_INS[typing.ForwardRef] = modules["typing"].member("ForwardRef")
    return modules


STDLIB_MODULES = build_modules()
