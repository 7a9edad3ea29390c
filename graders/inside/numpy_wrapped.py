"""NumPy entry points that are safe but for some arguments, wrapped to refuse those arguments.

Names are not enough: `np.frombuffer(objects, np.int64)` hands out an object array's pointers
as writable integers, and `np.ndarray((1,), object, buffer=raw)` turns learner-chosen bytes
into object pointers. Each wrapper below keeps the everyday use and refuses, in words that do
not blame the learner, the arguments that lay an array over raw memory or read the caller's
variables by name. What NumPy already refuses (a view or a field of an object array, an object
array from a buffer) is left to NumPy.

Learners never hold a real `ndarray` subclass as a class: `np.matrix[int, int].resize` would
reach `ndarray.resize` (freeing memory that views still use) through the alias, and the
constructors of `np.ndarray`, `np.recarray` and `np.char.chararray` take a buffer. Each class
is replaced by a guarded class that answers `isinstance` for the real one.
"""

from __future__ import annotations

import inspect
import types
import typing
from collections.abc import Callable
from typing import Any

import numpy as np

from graders.inside.counting import NUMPY_WRAPPED

_RAW_MEMORY_PARAMETERS = ("buffer", "buf", "offset", "strides")
# Where each guarded class's constructor is refused a buffer, what to use instead.
_INSTEAD = {
    np.ndarray: "use np.zeros, np.empty or np.array",
    np.recarray: "use np.rec.fromarrays or np.rec.fromrecords",
    np.char.chararray: "use np.char.array",
}
_VIEW_BASES = (np.ndarray, np.generic)
# as_strided (behind sliding_window_view) keeps the viewed array as `.base` of a holder object.
_BASE_HOLDER = type(np.lib.stride_tricks.sliding_window_view(np.zeros(1), 1).base)
_MAX_BASES = 64


def _ndarray_signature(
    shape: Any,
    dtype: Any = float,
    buffer: Any = None,
    offset: int = 0,
    strides: Any = None,
    order: Any = None,
) -> None:
    """`np.ndarray`'s constructor, which is in C and has no signature to read."""


def _places_the_array(parameter: str, value: Any) -> bool:
    """Whether a constructor argument lays the array over given memory (offset 0 does not)."""
    return value is not None and not (parameter == "offset" and type(value) is int and value == 0)


class GuardedClassMeta(type):
    """The metaclass of a guarded class: isinstance and issubclass answer for the real class,
    and calling it builds a real instance unless an argument would lay it over raw memory."""

    _real: type
    _display: str
    _signature: inspect.Signature
    _refused: tuple[str, ...]

    def __instancecheck__(cls, instance: object) -> bool:
        return isinstance(instance, cls._real)

    def __subclasscheck__(cls, subclass: type) -> bool:
        real = subclass._real if isinstance(subclass, GuardedClassMeta) else subclass
        return issubclass(real, cls._real)

    def __call__(cls, *args: Any, **kwargs: Any) -> Any:
        if cls._refused:
            arguments = cls._signature.bind(*args, **kwargs).arguments
            for name in cls._refused:
                if _places_the_array(name, arguments.get(name)):
                    raise TypeError(
                        f"np.{cls._display}({name}=...) is not available in graded code: it lays "
                        f"an array over raw memory ({_INSTEAD.get(cls._real, 'leave it out')})"
                    )
        return cls._real(*args, **kwargs)

    def __repr__(cls) -> str:
        return repr(cls._real)


def guarded_class(real: type, display: str) -> GuardedClassMeta:
    """The stand-in for the ndarray subclass `real` (one per class), shown as `np.{display}`
    in refusals."""
    if real in STAND_INS:
        return STAND_INS[real]
    constructor = _ndarray_signature if real is np.ndarray else real.__new__
    parameters = list(inspect.signature(constructor).parameters.values())
    if real is not np.ndarray:
        parameters = parameters[1:]  # the class itself
    namespace: dict[str, Any] = {
        "__slots__": (),
        "__module__": real.__module__,
        "__qualname__": real.__qualname__,
        "__doc__": real.__doc__,
        # `np.ndarray[Any, np.dtype[np.float64]]` in annotations, aliasing this stand-in.
        "__class_getitem__": classmethod(types.GenericAlias),
        "_real": real,
        "_display": display,
        "_signature": inspect.Signature(parameters),
        "_refused": tuple(p.name for p in parameters if p.name in _RAW_MEMORY_PARAMETERS),
    }
    STAND_INS[real] = GuardedClassMeta(real.__name__, (), namespace)
    return STAND_INS[real]


STAND_INS: dict[type, GuardedClassMeta] = {}
"""Real ndarray subclass -> the guarded class learners get instead."""
ArrayType = guarded_class(np.ndarray, "ndarray")
"""`np.ndarray` as learners see it: `isinstance(x, np.ndarray)` and `-> np.ndarray` work, and
calling it allocates a fresh array; it has no other attributes."""


def _holds_objects(buffer: Any) -> bool:
    """Whether `buffer`'s memory may hold object pointers (or is memory we cannot vouch for).

    A view's memory is its bases': `s[['b']]` has no object field, yet its padding is the
    object pointers of `s` (a structured array with an 'O' field), so every base is checked.
    """
    node = buffer
    for _ in range(_MAX_BASES):
        if node is None or isinstance(node, bytes | bytearray):
            return False
        if isinstance(node, _VIEW_BASES):
            if node.dtype.hasobject:
                return True
        elif not isinstance(node, _BASE_HOLDER):
            return True  # memoryview, mmap, ...: not something graded code should reach
        node = node.base
    return True


def refusing_object_memory(function: Callable[..., Any], display: str) -> Callable[..., Any]:
    """`function(buffer, ...)`, refusing a buffer whose memory holds Python objects."""

    def wrapper(buffer: Any, *args: Any, **kwargs: Any) -> Any:
        if _holds_objects(buffer):
            raise TypeError(
                f"np.{display} over memory that holds Python objects (or memory that is not a "
                "plain array or bytes) is not available in graded code: it would expose raw "
                "pointers"
            )
        return function(buffer, *args, **kwargs)

    wrapper.__name__ = wrapper.__qualname__ = display.rpartition(".")[2]
    wrapper.__doc__ = function.__doc__
    return wrapper


def bmat(obj: Any, ldict: Any = None, gdict: Any = None) -> Any:
    """`np.bmat` without the string form that looks names up in the caller's frame."""
    if isinstance(obj, str) and gdict is None:
        raise TypeError(
            "np.bmat('A, B') is not available in graded code: it looks the names up among your "
            "variables (pass the blocks themselves: np.bmat([[A, B]]))"
        )
    return np.bmat(obj, ldict, gdict)


def rec_array(
    obj: Any,
    dtype: Any = None,
    shape: Any = None,
    offset: int = 0,
    strides: Any = None,
    **options: Any,
) -> Any:
    """`np.rec.array` from records, arrays or a shape; not from bytes, files or a buffer."""
    if (
        offset
        or strides is not None
        or not (obj is None or isinstance(obj, list | tuple | np.ndarray))
    ):
        raise TypeError(
            "np.rec.array over bytes, a file, or with offset= or strides= is not available in "
            "graded code: it lays records over raw memory (pass records, arrays, or a shape)"
        )
    return np.rec.array(obj, dtype, shape, **options)


def sliding_window_view(
    x: Any, window_shape: Any, axis: Any = None, *, subok: bool = False, writeable: bool = False
) -> Any:
    """`np.lib.stride_tricks.sliding_window_view`, the same windows laid over the same memory
    by the ndarray constructor. NumPy's own keeps, as `windows.base`, the holder object that
    `as_strided` hangs an `__array_interface__` on: `type(windows.base)(interface)` would lay an
    array over any address. Here `.base` is the array (or bytes) that owns the memory."""
    windows = np.lib.stride_tricks.sliding_window_view(
        x, window_shape, axis, subok=subok, writeable=writeable
    )
    owner = _memory_owner(windows)
    if windows.size == 0:
        plain = np.empty(windows.shape, windows.dtype)
    else:
        start = np.frombuffer(owner, np.uint8).__array_interface__["data"][0]
        offset = windows.__array_interface__["data"][0] - start
        plain = np.ndarray(
            windows.shape, windows.dtype, buffer=owner, offset=offset, strides=windows.strides
        )
    if not windows.flags.writeable:
        plain.flags.writeable = False
    if type(windows) is not np.ndarray:  # subok=True on a subclass, as NumPy does it
        plain = plain.view(type=type(windows))
        plain.__array_finalize__(x)
    return plain


def _memory_owner(array: Any) -> Any:
    """The object that owns `array`'s memory: an array owning its data, bytes, a scalar."""
    node = array
    for _ in range(_MAX_BASES):
        viewing = isinstance(node, np.ndarray) and not node.flags.owndata
        if not (isinstance(node, _BASE_HOLDER) or (viewing and node.base is not None)):
            return node
        node = node.base
    raise ValueError("this array's memory could not be traced to its owner")


def _learner_baseclass(self: Any) -> Any:
    """`MaskedArray.baseclass` as graded code sees it: the stand-in for the class of the data
    (NumPy's own property hands out the real `np.ndarray`, whose constructor takes a buffer;
    NumPy itself reads `_baseclass`, never this property)."""
    real = self._baseclass
    return STAND_INS.get(real) or guarded_class(real, real.__name__)


def patch_masked_array_baseclass() -> None:
    """Give `np.ma.MaskedArray` the learner's `baseclass` (in the sandbox's own process)."""
    learner_property = property(_learner_baseclass, doc=_learner_baseclass.__doc__)
    setattr(np.ma.MaskedArray, "baseclass", learner_property)  # noqa: B010 - NumPy's class


class Concatenator:
    """`np.r_` and `np.c_` without `np.r_['A, B']`, which looks names up in the caller's frame."""

    __slots__ = ("_display", "_real")

    def __init__(self, real: Any, display: str) -> None:
        self._real, self._display = real, display

    def __getitem__(self, key: Any) -> Any:
        if isinstance(key, str):
            raise TypeError(
                f"np.{self._display}['A, B'] is not available in graded code: it looks the names "
                f"up among your variables (pass the arrays themselves: np.{self._display}[A, B])"
            )
        return self._real[key]

    def __len__(self) -> int:
        return 0

    def __repr__(self) -> str:
        return repr(self._real)


# `np.typing.NDArray` is `np.ndarray[...]`: calling it calls the real constructor, and the
# alias hands out the real class's attributes (`NDArray.resize`). This one aliases ArrayType.
NDArray = types.GenericAlias(ArrayType, typing.get_args(np.typing.NDArray))

WRAPPED: dict[str, Any] = {
    **NUMPY_WRAPPED,  # np.vectorize, np.fromiter, ...: count their elements in a counted call
    "numpy.ndarray": ArrayType,
    "numpy.frombuffer": refusing_object_memory(np.frombuffer, "frombuffer"),
    "numpy.ma.frombuffer": refusing_object_memory(np.ma.frombuffer, "ma.frombuffer"),
    "numpy.bmat": bmat,
    "numpy.rec.array": rec_array,
    "numpy.r_": Concatenator(np.r_, "r_"),
    "numpy.c_": Concatenator(np.c_, "c_"),
    "numpy.lib.stride_tricks.sliding_window_view": sliding_window_view,
    "numpy.typing.NDArray": NDArray,
    # Writable tables NumPy keeps for itself: learners get copies.
    "numpy.sctypeDict": dict(np.sctypeDict),
    "numpy.typecodes": dict(np.typecodes),
}
"""Replacements by dotted path; every other ndarray subclass is replaced by a guarded_class."""
