"""The pure standard-library modules graded code may import, as filtered facades.

Each module is handed out as a read-only namespace of its public names, less what reaches the
interpreter past the policy: anything that evaluates strings (`typing.get_type_hints`, the
`ForwardRef` it builds, `functools.singledispatch` which calls it), reads attributes in C
(`operator.attrgetter`, `methodcaller`), writes past the write guard (`operator.setitem`,
`delitem`) or builds classes past the class checks (`dataclasses.make_dataclass`). A removed
name is still there as a stub that says why when called.
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
import typing
from collections.abc import Callable
from types import ModuleType
from typing import Any

from graders.inside import counting
from graders.inside.classes import remember
from graders.inside.facade import Facade
from graders.inside.transformer import NOT_AVAILABLE

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
    "copy": {},
    "collections": {},
}


def refusal(qualified: str, why: str) -> Callable[..., Any]:
    """A stand-in for a removed function: calling it says why it is not available."""

    def refused(*args: Any, **kwargs: Any) -> Any:
        raise TypeError(f"{qualified} {NOT_AVAILABLE}: {why}")

    refused.__name__ = qualified.rsplit(".", 1)[-1]
    return refused


def _facade(name: str, module: ModuleType, extra: dict[str, Any] | None = None) -> Facade:
    denied = DENIED.get(name, {})
    members = {
        attribute: value
        for attribute in dir(module)
        if not attribute.startswith("_")
        and attribute not in denied
        # A module's own imports (`statistics.sys`, `typing.collections`) are not its API.
        and not isinstance(value := getattr(module, attribute), ModuleType)
    }
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
        raise ValueError(f"enum member names starting with '_' are {NOT_AVAILABLE}")
    return _create_enum(cls, class_name, names, **options)


def build_modules() -> dict[str, Facade]:
    """Every standard-library facade, by the name it is imported as."""
    abc = _facade("collections.abc", collections.abc)
    setattr(enum.EnumType, "_create_", _create_checked_enum)  # noqa: B010 - a private hook
    return {
        "enum": _facade("enum", enum),
        "__future__": Facade("__future__", {"annotations": __future__.annotations}),
        "cmath": _facade("cmath", cmath),
        "functools": _facade(
            "functools",
            functools,
            {"update_wrapper": _update_wrapper, "wraps": _wraps, "reduce": counting.reduce},
        ),
        "itertools": _facade("itertools", itertools, counting.itertools_members()),
        "operator": _facade("operator", operator),
        "typing": _facade("typing", typing),
        "numbers": _facade("numbers", numbers),
        "collections": _facade("collections", collections, {"abc": abc, "namedtuple": _namedtuple}),
        "collections.abc": abc,
        "dataclasses": _facade("dataclasses", dataclasses, {"dataclass": _dataclass}),
        "fractions": _facade("fractions", fractions),
        "statistics": _facade("statistics", statistics),
        "copy": _facade("copy", copy),
    }


STDLIB_MODULES = build_modules()
