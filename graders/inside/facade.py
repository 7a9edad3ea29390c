"""The NumPy that learners see: an allow-list object, never the real module.

The real `numpy` reaches `exec` (`np.testing`), `os` (`np.f2py.os`), ctypes, pickle and file
readers (`np.load`, `np.fromfile`, `np.loadtxt`). None of those names exist here. Nor does the
real `np.ndarray` class: its constructor lays an array over any buffer (see `ArrayType`).
"""

from __future__ import annotations

import math
from typing import Any

import numpy as np

NUMPY_NAMES = frozenset(
    [
        "abs",
        "absolute",
        "add",
        "all",
        "allclose",
        "amax",
        "amin",
        "angle",
        "any",
        "append",
        "arange",
        "arccos",
        "arccosh",
        "arcsin",
        "arcsinh",
        "arctan",
        "arctan2",
        "arctanh",
        "argmax",
        "argmin",
        "argsort",
        "argwhere",
        "around",
        "array",
        "array_equal",
        "asarray",
        "atleast_1d",
        "atleast_2d",
        "atleast_3d",
        "average",
        "bincount",
        "broadcast_arrays",
        "broadcast_to",
        "cbrt",
        "ceil",
        "clip",
        "column_stack",
        "concatenate",
        "copy",
        "cos",
        "cosh",
        "count_nonzero",
        "cross",
        "cumprod",
        "cumsum",
        "deg2rad",
        "degrees",
        "diag",
        "diagonal",
        "diff",
        "divide",
        "dot",
        "dsplit",
        "dstack",
        "einsum",
        "empty",
        "empty_like",
        "equal",
        "exp",
        "exp2",
        "expand_dims",
        "expm1",
        "eye",
        "fabs",
        "flip",
        "fliplr",
        "flipud",
        "floor",
        "floor_divide",
        "fmax",
        "fmin",
        "fmod",
        "full",
        "full_like",
        "geomspace",
        "greater",
        "greater_equal",
        "hsplit",
        "hstack",
        "hypot",
        "identity",
        "inner",
        "isclose",
        "isfinite",
        "isinf",
        "isnan",
        "kron",
        "less",
        "less_equal",
        "linspace",
        "log",
        "log10",
        "log1p",
        "log2",
        "logaddexp",
        "logaddexp2",
        "logical_and",
        "logical_not",
        "logical_or",
        "logical_xor",
        "logspace",
        "matmul",
        "max",
        "maximum",
        "mean",
        "median",
        "meshgrid",
        "min",
        "minimum",
        "mod",
        "moveaxis",
        "multiply",
        "nan_to_num",
        "nanmax",
        "nanmean",
        "nanmin",
        "nansum",
        "negative",
        "nonzero",
        "not_equal",
        "ones",
        "ones_like",
        "outer",
        "pad",
        "percentile",
        "power",
        "prod",
        "ptp",
        "rad2deg",
        "radians",
        "ravel",
        "reciprocal",
        "remainder",
        "repeat",
        "reshape",
        "rint",
        "roll",
        "rollaxis",
        "rot90",
        "round",
        "sign",
        "sin",
        "sinh",
        "sort",
        "split",
        "sqrt",
        "square",
        "squeeze",
        "stack",
        "std",
        "subtract",
        "sum",
        "swapaxes",
        "take",
        "take_along_axis",
        "tan",
        "tanh",
        "tensordot",
        "tile",
        "trace",
        "transpose",
        "tril",
        "triu",
        "true_divide",
        "trunc",
        "unique",
        "var",
        "vdot",
        "vsplit",
        "vstack",
        "where",
        "zeros",
        "zeros_like",
        "vectorize",
        "frompyfunc",
        "apply_along_axis",
        "fromiter",
        "fromfunction",
        "pi",
        "e",
        "inf",
        "nan",
        "newaxis",
        "euler_gamma",
        "float16",
        "float32",
        "float64",
        "int8",
        "int16",
        "int32",
        "int64",
        "uint8",
        "uint16",
        "uint32",
        "uint64",
        "bool_",
        "dtype",
        "finfo",
        "iinfo",
    ]
)
LINALG_NAMES = frozenset(
    ["norm", "inv", "solve", "det", "eig", "eigh", "svd", "qr", "cholesky", "pinv", "matrix_rank"]
)
RANDOM_NAMES = frozenset(
    ["default_rng", "seed", "rand", "randn", "random", "normal", "uniform", "randint"]
)
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


class _ArrayTypeMeta(type):
    """The metaclass of the learners' `np.ndarray`: it answers for the real class."""

    def __instancecheck__(cls, instance: object) -> bool:
        return isinstance(instance, np.ndarray)

    def __subclasscheck__(cls, subclass: type) -> bool:
        return issubclass(subclass, np.ndarray)

    def __call__(
        cls,
        shape: Any,
        dtype: Any = float,
        buffer: Any = None,
        offset: int = 0,
        strides: Any = None,
        order: Any = None,
    ) -> np.ndarray[Any, Any]:
        # `np.ndarray(shape, dtype=object, buffer=floats)` turns learner-chosen bits into
        # object pointers, and `np.ndarray(shape, float, buffer=objects)` reads and writes
        # them: arbitrary memory access in the child. Only the plain allocating form is left.
        if buffer is not None or offset or strides is not None:
            raise TypeError(
                "np.ndarray(buffer=..., offset=..., strides=...) is not available here; "
                "use np.zeros, np.empty or np.array"
            )
        return np.ndarray(shape, dtype=dtype, order=order)

    def __repr__(cls) -> str:
        return "<class 'numpy.ndarray'>"


class ArrayType(metaclass=_ArrayTypeMeta):
    """`np.ndarray` as learners see it: `isinstance(x, np.ndarray)` and `-> np.ndarray`
    annotations work, and calling it allocates a fresh array; it has no other attributes."""

    __slots__ = ()


_NO_DEFAULT: Any = object()


class Facade:
    """A read-only namespace holding only allow-listed attributes."""

    __slots__ = ("_facade_name", "_members")

    def __init__(self, name: str, members: dict[str, Any]) -> None:
        object.__setattr__(self, "_facade_name", name)
        object.__setattr__(self, "_members", dict(members))

    def __getattr__(self, name: str) -> Any:
        return self.member(name)

    def member(self, name: str, default: Any = _NO_DEFAULT) -> Any:
        """The allow-listed attribute `name`; AttributeError (or `default`) for anything else."""
        members = object.__getattribute__(self, "_members")
        if name in members:
            return members[name]
        if default is not _NO_DEFAULT:
            return default
        facade_name = object.__getattribute__(self, "_facade_name")
        raise AttributeError(f"module '{facade_name}' has no attribute '{name}' here")

    def __setattr__(self, name: str, value: Any) -> None:
        raise AttributeError(f"'{object.__getattribute__(self, '_facade_name')}' is read-only")

    def __dir__(self) -> list[str]:
        return sorted(object.__getattribute__(self, "_members"))

    def __repr__(self) -> str:
        return f"<module '{object.__getattribute__(self, '_facade_name')}'>"


def _pick(module: Any, names: frozenset[str]) -> dict[str, Any]:
    return {name: getattr(module, name) for name in names if hasattr(module, name)}


def build_numpy() -> Facade:
    members = _pick(np, NUMPY_NAMES)
    members["ndarray"] = ArrayType
    members["linalg"] = Facade("numpy.linalg", _pick(np.linalg, LINALG_NAMES))
    # Every module a child uses is imported here, in the zygote: a child cannot import one later
    # (it runs as nobody, and its private /tmp hides a project that lives under /tmp).
    members["random"] = Facade("numpy.random", _pick(np.random, RANDOM_NAMES))
    return Facade("numpy", members)


def build_math() -> Facade:
    return Facade("math", _pick(math, MATH_NAMES))


MODULES = {"numpy": build_numpy(), "math": build_math()}
