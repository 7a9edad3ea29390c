"""The NumPy and math that learners see: read-only namespaces, never the real modules.

Learners get the whole public NumPy of the installed (pinned) version: top level and the
modules in `EXPOSED_MODULES`, each as a `Facade` of its own. Left out are the names in
graders.inside.numpy_denied (files, code tooling, NumPy's internals, raw memory), each with the
reason a learner reads when reaching for it. Functions that are safe but for some arguments
(`np.frombuffer` over an object array, `np.ndarray(buffer=...)`) are wrapped by graders.inside.
numpy_wrapped. A module NumPy adds is never exposed until it is listed here.

Every module a child uses is imported here, in the zygote: a child cannot import one later (it
runs as nobody, and its private /tmp hides a project that lives under /tmp).
"""

from __future__ import annotations

import difflib
import math
import types
from collections.abc import Iterable
from typing import Any

import numpy as np

from graders.inside.numpy_denied import DENIED
from graders.inside.numpy_wrapped import WRAPPED, guarded_class, patch_masked_array_baseclass

EXPOSED_MODULES = frozenset(
    "numpy." + name
    for name in [
        "linalg",
        "fft",
        "random",
        "ma",
        "emath",
        "typing",
        "char",
        "strings",
        "rec",
        "dtypes",
        "exceptions",
        "polynomial",
        "polynomial.polynomial",
        "polynomial.chebyshev",
        "polynomial.hermite",
        "polynomial.hermite_e",
        "polynomial.laguerre",
        "polynomial.legendre",
        "polynomial.polyutils",
        "lib",
        "lib.stride_tricks",
        "lib.scimath",
        "lib.mixins",
        "lib.array_utils",
    ]
)
"""The modules below `numpy` that are facades too; any other module is left out."""

MATH_NAMES = frozenset(
    [
        "acos",
        "acosh",
        "asin",
        "asinh",
        "atan",
        "atan2",
        "atanh",
        "ceil",
        "comb",
        "copysign",
        "cos",
        "cosh",
        "degrees",
        "dist",
        "e",
        "erf",
        "erfc",
        "exp",
        "expm1",
        "fabs",
        "factorial",
        "floor",
        "fmod",
        "fsum",
        "gamma",
        "gcd",
        "hypot",
        "inf",
        "isclose",
        "isfinite",
        "isinf",
        "isnan",
        "isqrt",
        "lcm",
        "lgamma",
        "log",
        "log10",
        "log1p",
        "log2",
        "nan",
        "perm",
        "pi",
        "pow",
        "prod",
        "radians",
        "remainder",
        "sin",
        "sinh",
        "sqrt",
        "tan",
        "tanh",
        "tau",
        "trunc",
    ]
)

# NumPy's own notes on names NumPy 2.0 removed (`np.float_`: "Use `np.float64` instead.").
_REMOVED_IN_NUMPY_2: dict[str, str] = getattr(
    getattr(np, "_expired_attrs_2_0", None), "__expired_attributes__", {}
)
_NO_DEFAULT: Any = object()


class Facade:
    """A read-only namespace: its members, and for a denied name the reason it is left out.

    It has no `__name__`, on purpose: when `from numpy import x` finds no attribute `x`,
    Python falls back on `sys.modules[numpy.__name__ + ".x"]`, which would be a real module.
    """

    __slots__ = ("_denied", "_facade_name", "_members")

    def __init__(
        self, name: str, members: dict[str, Any], denied: dict[str, str] | None = None
    ) -> None:
        object.__setattr__(self, "_facade_name", name)
        object.__setattr__(self, "_members", dict(members))
        object.__setattr__(self, "_denied", dict(denied or {}))

    def __getattr__(self, name: str) -> Any:
        if name == "__all__":  # what `from math import *` binds: every member
            return sorted(object.__getattribute__(self, "_members"))
        return self.member(name)

    def member(self, name: str, default: Any = _NO_DEFAULT) -> Any:
        """The member `name`; AttributeError (or `default`) saying why there is none."""
        members = object.__getattribute__(self, "_members")
        if name in members:  # the hot path: one dict lookup
            return members[name]
        if default is not _NO_DEFAULT:
            return default
        raise AttributeError(_missing_attribute(self, name))

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"'{object.__getattribute__(self, '_facade_name')}' is read-only")

    def __dir__(self) -> list[str]:
        return sorted(object.__getattribute__(self, "_members"))

    def __repr__(self) -> str:
        return f"<module '{object.__getattribute__(self, '_facade_name')}'>"


def _refusal(facade: Facade, name: str, spelled: str) -> str | None:
    """Why `name` is left out of `facade`, if it is denied; `spelled` names the module as the
    learner wrote it (`np` in `np.load`, `numpy` in `from numpy import load`)."""
    reason = object.__getattribute__(facade, "_denied").get(name)
    return (
        None if reason is None else f"{spelled}.{name} is not available in graded code: {reason}."
    )


def _hint(facade: Facade, name: str) -> str:
    """What `name` may have meant: NumPy 2.0's note on a name it removed, or a close name."""
    module = object.__getattribute__(facade, "_facade_name")
    if module == "numpy" and name in _REMOVED_IN_NUMPY_2:
        return f": NumPy 2.0 removed it. {_REMOVED_IN_NUMPY_2[name]}".rstrip()
    if name.startswith("_"):  # learners never reach `_` names; Python itself probes `__name__`
        return ""
    close = difflib.get_close_matches(name, object.__getattribute__(facade, "_members"), 1, 0.75)
    return f" (did you mean '{close[0]}'?)" if close else ""


def _missing_attribute(facade: Facade, name: str) -> str:
    module = object.__getattribute__(facade, "_facade_name")
    spelled = "np" + module.removeprefix("numpy") if module.split(".")[0] == "numpy" else module
    refusal = _refusal(facade, name, spelled)
    return refusal or f"module '{module}' has no attribute '{name}'{_hint(facade, name)}"


def public_names(module: types.ModuleType) -> list[str]:
    """A module's public names: `__all__` and `dir()`, without `_` names."""
    names = set(getattr(module, "__all__", ())) | set(dir(module))
    return sorted(name for name in names if not name.startswith("_"))


def _build(module: types.ModuleType, path: str) -> Facade:
    denied = {
        key.rpartition(".")[2]: reason
        for key, reason in DENIED.items()
        if f"numpy.{key}".rpartition(".")[0] == path
    }
    members: dict[str, Any] = {}
    for name in public_names(module):
        if name in denied:
            continue  # never touched: `np.testing` and `np.f2py` are not even imported
        value, dotted = getattr(module, name), f"{path}.{name}"
        if dotted in WRAPPED:
            members[name] = WRAPPED[dotted]
        elif isinstance(value, types.ModuleType):
            if dotted in EXPOSED_MODULES:
                members[name] = _build(value, dotted)
            # Otherwise neither exposed nor denied: left out, and the enumeration test fails.
        elif isinstance(value, type) and issubclass(value, np.ndarray):
            members[name] = guarded_class(value, dotted.removeprefix("numpy."))
        else:
            members[name] = value
    return Facade(path, members, denied)


def build_numpy() -> Facade:
    patch_masked_array_baseclass()
    return _build(np, "numpy")


def build_math() -> Facade:
    return Facade("math", {name: getattr(math, name) for name in MATH_NAMES if hasattr(math, name)})


MODULES = {"numpy": build_numpy(), "math": build_math()}


def import_module(name: str, fromlist: Iterable[str] | None) -> Facade | None:
    """What `import name` (`fromlist` empty) or `from name import ...` binds; None when `name`
    is no facade's. ImportError, with the reason, for a module or name that is left out.

    `import numpy.linalg` binds `numpy`, as plain Python does (and `import numpy.linalg as la`
    then reads `.linalg`); `from numpy.linalg import norm` gets the sub-facade.
    """
    top, _, rest = name.partition(".")
    facade = MODULES.get(top)
    if facade is None:
        return None
    target, spelled = facade, top
    for part in rest.split(".") if rest else ():
        value = target.member(part, None)
        if type(value) is not Facade:
            refusal = _refusal(target, part, spelled)
            raise ImportError(
                refusal
                or f"import of '{name}' is not allowed here: it is not "
                "one of NumPy's public modules"
            )
        target, spelled = value, f"{spelled}.{part}"
    members = object.__getattribute__(target, "_members")
    for item in fromlist or ():
        if item not in members and item != "*":
            refusal = _refusal(target, item, spelled)
            raise ImportError(
                refusal or f"cannot import name '{item}' from '{spelled}'" + _hint(target, item)
            )
    return target if fromlist else facade
