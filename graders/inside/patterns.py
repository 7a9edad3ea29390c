"""The run-time half of `match` in graded code: PEP 634's matching, every attribute read guarded.

graders.inside.match_statement turns each case into `_match_(subject, pattern, names)`. This
matches as CPython 3.11 does (the same type flags for sequences and mappings, `__match_args__`
and the builtins that match themselves, the same reads in the same order, the same errors),
except that each attribute a class pattern reads goes through `read`, the policy's attribute
guard: `case Point(x=v)` binds what `subject.x` gives graded code, and `case str(format=f)`
the guard's `format`, never the real `str.format`.

A pattern travels as nested tuples, the first item its kind:

    ("value", value)                              `case 1:`, `case Color.RED:` (==)
    ("singleton", value)                          `case None:` (is)
    ("sequence", patterns, star, star_name)       `case [a, *rest, b]:`, star -1 if none
    ("mapping", keys, patterns, rest)             `case {"k": v, **rest}:`
    ("class", cls, patterns, names, patterns)     `case Point(x, y=0):`
    ("as", pattern or None, name or None)         `case [a] as whole:`, `case x:`, `case _:`
    ("or", alternatives)                          `case 1 | 2:`
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

Pattern = tuple[Any, ...]
Read = Callable[[Any, str], Any]
MISSING: Any = object()
"""What `read` returns when the subject has no such attribute: the pattern does not match."""

_SEQUENCE = 1 << 5  # Py_TPFLAGS_SEQUENCE: list, tuple, range, deque, collections.abc.Sequence
_MAPPING = 1 << 6  # Py_TPFLAGS_MAPPING: dict and collections.abc.Mapping
_MATCH_SELF = 1 << 22  # _Py_TPFLAGS_MATCH_SELF: `case int(x)` binds the subject itself
_FLAGS = type.__dict__["__flags__"]
_NAME = type.__dict__["__name__"]


def match(subject: Any, pattern: Pattern, names: tuple[str, ...], read: Read) -> Any:
    """The values of `names` bound by `pattern` on `subject`, in that order, or None when it
    does not match."""
    bound: dict[str, Any] = {}
    if not _Matcher(read).match(subject, pattern, bound):
        return None
    return tuple(bound[name] for name in names)


def _is_wildcard(pattern: Pattern) -> bool:
    return pattern[0] == "as" and pattern[1] is None and pattern[2] is None


def _flags(value: Any) -> int:
    return int(_FLAGS.__get__(type(value)))


class _Matcher:
    def __init__(self, read: Read) -> None:
        self.read = read

    def match(self, subject: Any, pattern: Pattern, bound: dict[str, Any]) -> bool:
        kind = pattern[0]
        if kind == "as":
            _, inner, name = pattern
            if inner is not None and not self.match(subject, inner, bound):
                return False
            if name is not None:
                bound[name] = subject
            return True
        if kind == "value":
            return bool(subject == pattern[1])
        if kind == "singleton":
            return subject is pattern[1]
        if kind == "or":
            for alternative in pattern[1]:
                trial = dict(bound)
                if self.match(subject, alternative, trial):
                    bound.update(trial)
                    return True
            return False
        if kind == "sequence":
            _, items, star, star_name = pattern
            return self.sequence(subject, items, star, star_name, bound)
        if kind == "mapping":
            _, keys, values, rest = pattern
            return self.mapping(subject, keys, values, rest, bound)
        if kind == "class":
            _, cls, positional, names, keyword = pattern
            return self.instance(subject, cls, positional, names, keyword, bound)
        raise AssertionError(f"unknown pattern kind {kind!r}")  # pragma: no cover

    def each(
        self, subjects: list[Any], patterns: tuple[Pattern, ...], bound: dict[str, Any]
    ) -> bool:
        return all(
            self.match(item, pattern, bound)
            for item, pattern in zip(subjects, patterns, strict=True)
        )

    def sequence(
        self,
        subject: Any,
        patterns: tuple[Pattern, ...],
        star: int,
        star_name: str | None,
        bound: dict[str, Any],
    ) -> bool:
        if not _flags(subject) & _SEQUENCE:  # str, bytes and arrays are no sequences here
            return False
        size, length = len(patterns), len(subject)
        if length < size or (star < 0 and length != size):
            return False
        if star >= 0 and star_name is None:
            if all(_is_wildcard(item) for item in patterns):
                return True  # `[_, *_]`: the length alone decides, nothing is read
            # `[a, *_, b]`: items by index from each end, as CPython reads them
            items = [subject[i] for i in range(star)]
            items += [subject[i - size] for i in range(star, size)]
            return self.each(items, patterns, bound)
        if star < 0:
            if all(_is_wildcard(item) for item in patterns):
                return True
            return self.each(_unpack(subject, size), patterns, bound)
        items = list(subject)
        if len(items) < size:
            raise ValueError(
                f"not enough values to unpack (expected at least {size}, got {len(items)})"
            )
        after = size - star
        rest = items[star : len(items) - after]
        if not self.each(items[:star] + items[len(items) - after :], patterns, bound):
            return False
        assert star_name is not None
        bound[star_name] = rest
        return True

    def mapping(
        self,
        subject: Any,
        keys: tuple[Any, ...],
        patterns: tuple[Pattern, ...],
        rest: str | None,
        bound: dict[str, Any],
    ) -> bool:
        if not _flags(subject) & _MAPPING:
            return False
        if keys and len(subject) < len(keys):
            return False
        values = []
        if keys:
            get = self.read(subject, "get")
            if get is MISSING:
                raise AttributeError(f"'{_name(type(subject))}' object has no attribute 'get'")
            seen: set[Any] = set()
            marker = object()
            for key in keys:
                if key in seen:
                    raise ValueError(f"mapping pattern checks duplicate key ({key!r})")
                seen.add(key)
                value = get(key, marker)
                if value is marker:
                    return False
                values.append(value)
        if not self.each(values, patterns, bound):
            return False
        if rest is not None:
            remaining: dict[Any, Any] = {}
            remaining.update(subject)
            for key in keys:
                del remaining[key]
            bound[rest] = remaining
        return True

    def instance(
        self,
        subject: Any,
        cls: Any,
        patterns: tuple[Pattern, ...],
        names: tuple[str, ...],
        keyword_patterns: tuple[Pattern, ...],
        bound: dict[str, Any],
    ) -> bool:
        if not isinstance(cls, type):
            raise TypeError("called match pattern must be a type")
        if not isinstance(subject, cls):
            return False
        attributes: list[str] = []
        items: list[Any] = []
        if patterns:
            positional = _positional_names(cls, len(patterns))
            if positional is None:  # `case int(x)`: x is the subject itself
                items.append(subject)
            else:
                attributes += positional
        attributes += names
        for index, name in enumerate(attributes):
            if name in attributes[:index]:
                raise TypeError(f"{_name(cls)}() got multiple sub-patterns for attribute {name!r}")
            value = self.read(subject, name)
            if value is MISSING:
                return False
            items.append(value)
        return self.each(items, patterns + keyword_patterns, bound)


def _positional_names(cls: type, count: int) -> list[str] | None:
    """The attributes `count` positional sub-patterns of `cls(...)` read (None: the subject
    itself, for the builtins that match themselves)."""
    try:
        match_args = getattr(cls, "__match_args__")  # noqa: B009 - read as CPython reads it
    except AttributeError:
        match_args = MISSING
    if match_args is MISSING:
        allowed = 1 if _FLAGS.__get__(cls) & _MATCH_SELF else 0
    elif type(match_args) is not tuple:
        raise TypeError(
            f"{_name(cls)}.__match_args__ must be a tuple (got {_name(type(match_args))})"
        )
    else:
        allowed = len(match_args)
    if count > allowed:
        plural = "" if allowed == 1 else "s"
        raise TypeError(
            f"{_name(cls)}() accepts {allowed} positional sub-pattern{plural} ({count} given)"
        )
    if match_args is MISSING:
        return None
    names = list(match_args[:count])
    for name in names:
        if type(name) is not str:
            raise TypeError(f"__match_args__ elements must be strings (got {_name(type(name))})")
    return names


def _unpack(subject: Any, count: int) -> list[Any]:
    """Exactly `count` items of `subject`, iterated as unpacking does (bounded: a sequence
    whose `__len__` lies is caught, not iterated forever)."""
    iterator = iter(subject)
    items = list(itertools.islice(iterator, count))
    if len(items) < count:
        raise ValueError(f"not enough values to unpack (expected {count}, got {len(items)})")
    if next(iterator, MISSING) is not MISSING:
        raise ValueError(f"too many values to unpack (expected {count})")
    return items


def _name(cls: type) -> str:
    return str(_NAME.__get__(cls))
