"""The language policy: RestrictedPython compilation and the names learner code may use.

The guards compiled code calls are in graders.inside.guards, its import hook in
graders.inside.imports; `restricted_globals` hands them to each submission.
"""

from __future__ import annotations

import ast
import builtins
import operator
import re
import sys
import types
from typing import Any

import numpy as np
from RestrictedPython.compile import compile_restricted_exec
from RestrictedPython.Guards import (
    guarded_iter_unpack_sequence,
    guarded_unpack_sequence,
    safe_builtins,
)

from graders.inside import classes, counting
from graders.inside.facade import MODULES
from graders.inside.guards import (
    apply,
    guarded_getattr,
    guarded_write,
    inplace,
    inplace_attribute,
    inplace_item,
    learner_getattr,
    learner_hasattr,
    match_case,
)
from graders.inside.imports import guarded_import
from graders.inside.stdlib import refusal
from graders.inside.transformer import SUBMISSION_FILENAME as SUBMISSION_FILENAME
from graders.inside.transformer import LearnerTransformer
from graders.protocol import utf8

SUBMISSION_MODULE = "submission"  # `__name__` in graded code: never "__main__"

_EXTRA_BUILTINS = [
    "all",
    "any",
    "dict",
    "enumerate",
    "filter",
    "frozenset",
    "iter",
    "list",
    "map",
    "max",
    "min",
    "next",
    "reversed",
    "set",
    "sorted",
    "sum",
    "tuple",
    "zip",
    "NotImplemented",
    "object",
    "super",
    "property",
    "staticmethod",
    "classmethod",
    "format",
    "bin",
    "ascii",
]
# Every built-in exception and warning class (`except RecursionError:`): plain classes.
_EXCEPTIONS = {
    name: value
    for name, value in vars(builtins).items()
    if isinstance(value, type) and issubclass(value, BaseException)
}
_REMOVED_BUILTINS = ("setattr", "delattr", "_getattr_", "__build_class__", "id")
# Builtins graded code cannot use, each still there to say why when called.
_REFUSED_BUILTINS = {
    "open": "it reads and writes files",
    "input": "graded code gets its inputs as arguments",
    "eval": "it runs code past the policy",
    "exec": "it runs code past the policy",
    "compile": "it builds code past the policy",
    "globals": "it hands out the grader's hooks",
    "locals": "it hands out the grader's hooks",
    "vars": "it hands out an object's internals",
    "id": "it reveals memory addresses",
    "memoryview": "it reinterprets raw memory",
    "setattr": "write attributes with `obj.name = value`",
    "delattr": "delete attributes with `del obj.name`",
    "help": "it reads the interpreter's documentation system",
}
_LINE = re.compile(r"[Ll]ine (\d+)")
classes.STAND_INS[np.ndarray] = MODULES["numpy"].member("ndarray")
classes.STAND_INS[np.dtype] = MODULES["numpy"].member("dtype")
# `type(np.sum)`: NumPy's dispatcher class, whose constructor crashes the process when called
# with no arguments.
classes.STAND_INS[type(np.sum)] = refusal(
    "type(np.sum)", "it is NumPy's internal dispatcher class (NumPy's functions are np.sum, ...)"
)


class PolicyError(Exception):
    """The code uses something the policy forbids (reported as a load error with its line)."""

    def __init__(self, message: str, line: int | None = None) -> None:
        super().__init__(message)
        self.line = line


class OutputBuffer:
    """Learner stdout, capped; the rest is dropped and noted."""

    def __init__(self, limit: int) -> None:
        self.limit, self.parts, self.size, self.truncated = limit, list[str](), 0, False

    def write(self, text: str) -> None:
        room = self.limit - self.size
        if room <= 0:
            self.truncated = True
            return
        if len(text) > room:
            text, self.truncated = text[:room], True
        # A lone surrogate (`print(chr(0xD800))`) cannot be encoded as UTF-8, so it would break
        # every consumer of the report (HTTP response, database, terminal): show it escaped.
        text = utf8.escape_lone_surrogates(text)
        if len(text) > room:
            text, self.truncated = text[:room], True
        self.parts.append(text)
        self.size += len(text)

    def getvalue(self) -> str:
        return "".join(self.parts)


def compile_submission(source: str | ast.Module) -> types.CodeType:
    """Compile under the restricted policy; raise SyntaxError or PolicyError with a line."""
    result = compile_restricted_exec(
        source, filename=SUBMISSION_FILENAME, policy=LearnerTransformer
    )
    if result.errors:
        message = result.errors[0]
        match = _LINE.search(message)
        if message.startswith(("Line", "line")):
            message = message.split(":", 1)[-1].strip()
        raise PolicyError(message, int(match.group(1)) if match else None)
    assert result.code is not None
    return result.code


def make_print(output: OutputBuffer) -> type:
    """RestrictedPython's `_print_` hook, writing into one capped buffer."""

    class Printer:
        def __init__(self, _getattr_: Any = None) -> None:
            pass

        def _call_print(self, *values: Any, **options: Any) -> None:
            separator = options.get("sep", " ")
            end = options.get("end", "\n")
            if not isinstance(separator, str) or not isinstance(end, str):
                raise TypeError("print() sep and end must be strings")
            output.write(separator.join(str(value)[: output.limit + 1] for value in values) + end)

        def __call__(self) -> str:
            return ""

    return Printer


def restricted_globals(output: OutputBuffer) -> dict[str, Any]:
    """A fresh global namespace for one submission."""
    allowed = {
        name: value for name, value in safe_builtins.items() if name not in _REMOVED_BUILTINS
    }
    for name in _EXTRA_BUILTINS:
        allowed[name] = getattr(builtins, name)
    allowed |= counting.BUILTINS  # map, sum, sorted, ...: counted during a counted call
    allowed |= _EXCEPTIONS
    for name, why in _REFUSED_BUILTINS.items():
        allowed[name] = refusal(f"{name}()", why)
    allowed["__import__"] = guarded_import
    allowed["__build_class__"] = classes.build_class
    allowed["type"] = classes.learner_type
    allowed["getattr"] = learner_getattr
    allowed["hasattr"] = learner_hasattr
    # dataclasses look the class's module up in sys.modules (for string annotations): the
    # submission's module is there, empty (this is the child's own, single-use process).
    sys.modules.setdefault(SUBMISSION_MODULE, types.ModuleType(SUBMISSION_MODULE))
    return {
        "__builtins__": allowed,
        "__name__": SUBMISSION_MODULE,
        "_getattr_": guarded_getattr,
        "_getitem_": operator.getitem,
        "_getiter_": iter,
        "_iter_unpack_sequence_": guarded_iter_unpack_sequence,
        "_unpack_sequence_": guarded_unpack_sequence,
        "_write_": guarded_write,
        "_inplacevar_": inplace,
        "_inplaceitem_": inplace_item,
        "_inplaceattr_": inplace_attribute,
        "_apply_": apply,
        "_match_": match_case,
        "_print_": make_print(output),
    }
