"""Describing values in words, for messages: what came back ('a float64 array of shape (3,
4)', 'the float 0.5', 'no value: the call raised ValueError'), with or without its numbers.
Check authors use `describe` and `kind_of` (graders/__init__.py exports them)."""

from __future__ import annotations

from typing import Any

import numpy as np

from graders.protocol.articles import with_article
from graders.protocol.matching import raised_type
from graders.protocol.text import uncut_length
from graders.protocol.values import ListOfNumbers, Unsupported


def describe(value: Any) -> str:
    """What came back, in a few words: 'a float64 array of shape (3, 4)', 'a list of 3 items',
    'the float 0.5', 'a tuple of 2 items (a float64 array of shape (3,), the float 0.5)'."""
    if isinstance(value, ListOfNumbers):
        return f"{with_article(value.container)} of {len(value)} items"
    if isinstance(value, list | tuple) and not all(type(v) in (bool, int, float) for v in value):
        inner = ", ".join(_item_text(item) for item in value[:3])
        more = ", ..." if len(value) > 3 else ""
        return f"{with_article(type(value).__name__)} of {len(value)} items ({inner}{more})"
    if isinstance(value, Unsupported) and value.limit is not None:
        cap = f"{value.limit:,}"
        return f"{_unsupported_text(value)}, more than the {cap} elements sent back for this call"
    if value is None:
        return "None (did the function reach a `return`?)"
    return _item_text(value)


def kind_of(value: Any) -> str:
    """`describe` without any value: type, dtype and shape only ('a tuple of 2 items (a float,
    a float64 array of shape (3,))'). For messages about kinds and shapes, which must not show
    the reference's numbers, nor the learner's when only a summary of them was sent back."""
    if isinstance(value, np.generic):
        return f"a NumPy {value.dtype.name}"
    if isinstance(value, np.ndarray) and value.ndim == 0:
        return f"{with_article(value.dtype.name)} array of shape ()"
    if isinstance(value, bool | int | float | complex):
        return with_article(type(value).__name__)
    if isinstance(value, str):
        return "a str"
    if isinstance(value, list | tuple) and not isinstance(value, ListOfNumbers):
        inner = ", ".join(kind_of(item) for item in value[:3])
        more = ", ..." if len(value) > 3 else ""
        return f"{with_article(type(value).__name__)} of {len(value)} items ({inner}{more})"
    return describe(value)


def _item_text(value: Any) -> str:
    """`describe`, shorter, for a value that is an item of another."""
    if isinstance(value, np.ndarray):
        held = f" holding {_scalar_text(value[()])}" if value.ndim == 0 else ""
        return f"{with_article(value.dtype.name)} array of shape {tuple(value.shape)}{held}"
    if isinstance(value, np.generic):
        return f"the NumPy {value.dtype.name} {_scalar_text(value)}"
    if isinstance(value, ListOfNumbers | list | tuple):
        return f"{with_article(_container(value))} of {len(value)} items"
    if isinstance(value, dict):
        keys = ", ".join(repr(key)[:30] for key in list(value)[:4])
        return (
            f"a dict with keys {keys}{', ...' if len(value) > 4 else ''}"
            if value
            else "an empty dict"
        )
    if isinstance(value, Unsupported):
        too_large = ", too large to send back" if value.limit is not None else ""
        return _unsupported_text(value) + too_large
    if value is None:
        return "None"
    if isinstance(value, bool | int | float | complex):
        return f"the {type(value).__name__} {_scalar_text(value)}"
    if isinstance(value, str) and len(value) > 80:
        total = uncut_length(value)  # the sandbox keeps 200 characters and says how many more
        return f"the str {value[:60]!r}... ({total:,} characters)"
    return f"the {type(value).__name__} {value!r}"[:120]


def _container(value: Any) -> str:
    return value.container if isinstance(value, ListOfNumbers) else type(value).__name__


def _scalar_text(value: Any) -> str:
    item = value.item() if isinstance(value, np.generic) else value
    return repr(item)[:60]


def _unsupported_text(value: Unsupported) -> str:
    """'an object of type set', 'an array of dtype object of shape (2,) (only ...)', 'a float64
    array of shape (9,)' (refused for its size), 'a list of 9 items', 'an int beyond 64 bits'."""
    shape, what = value.shape, value.type
    if (error := raised_type(value)) is not None:  # trusted.raised_value's matching key
        return f"no value: the call raised {error}"
    if what in ("list", "tuple", "dict") and shape:  # refused for its length
        return f"{with_article(what)} of {shape[0]} items"
    of_shape = f" of shape {tuple(shape)}" if shape is not None else ""
    if what.startswith("ndarray of dtype "):
        dtype = what.removeprefix("ndarray of dtype ")
        only = "only bool, integer, float and complex arrays can be graded"
        return f"an array of dtype {dtype}{of_shape} ({only})"
    if value.limit is not None:  # "float64 array"
        return f"{with_article(what)}{of_shape}"
    if what.startswith(("a ", "an ")):  # a phrase already: no class name has a space
        return what
    name, _, note = what.partition(" (")
    return f"an object of type {name}{of_shape}" + (f" ({note}" if note else "")
