"""The compile-time half of the language policy: RestrictedPython's transformer, made generous.

Learner code is ordinary Python: helpers and constants named `_x`, `if __name__ == "__main__":`
blocks, classes with the usual methods, annotations, augmented assignment into items, slices
and attributes, `nonlocal`, `match` (rewritten so that its patterns read through the guards:
graders.inside.patterns). What stays out at compile time: the grader's own hook names, dunder
attributes other than a few harmless ones, binding a protocol dunder in a class body
(`__array_interface__` would let NumPy read any address), metaclasses and `async`. Every
refusal says what is not available in graded code and why, never that the learner's code is
wrong.
"""

from __future__ import annotations

import ast
from collections.abc import Iterator
from typing import Any

from RestrictedPython.transformer import (
    INSPECT_ATTRIBUTES,
    IOPERATOR_TO_STR,
    RestrictingNodeTransformer,
    copy_locations,
)

from graders.inside.match_statement import rewrite_match

# The policy's hooks and the interpreter's own names: binding one would switch a guard off
# (a parameter named `_write_` would make every write in its function unguarded).
RESERVED_NAMES = frozenset(
    {
        "_getattr_", "_getitem_", "_getiter_", "_write_", "_inplacevar_", "_inplaceitem_",
        "_inplaceattr_", "_print_", "_print", "_apply_", "_unpack_sequence_",
        "_iter_unpack_sequence_", "__metaclass__", "__builtins__", "__import__",
        "__build_class__", "printed", "print", "builtins", "breakpoint",
    }
)  # fmt: skip

# Dunder methods a learner's class may define, and call through `super()` or the class: the
# object protocol a learner needs, and nothing C code consults behind the guards.
CLASS_DUNDERS = frozenset(
    {
        "__init__", "__post_init__", "__call__", "__repr__", "__str__", "__len__",
        "__getitem__", "__iter__", "__next__", "__contains__", "__bool__", "__hash__",
        "__eq__", "__ne__", "__lt__", "__le__", "__gt__", "__ge__",
        "__add__", "__sub__", "__mul__", "__matmul__", "__truediv__", "__floordiv__",
        "__mod__", "__pow__", "__neg__", "__pos__", "__abs__",
        "__radd__", "__rsub__", "__rmul__", "__rmatmul__", "__rtruediv__", "__rfloordiv__",
        "__rmod__", "__rpow__",
        "__iadd__", "__isub__", "__imul__", "__imatmul__", "__itruediv__", "__ifloordiv__",
        "__imod__", "__ipow__",
        # Containers, context managers, bitwise operators and conversions: learner methods,
        # which run under the policy whoever calls them.
        "__setitem__", "__delitem__", "__reversed__", "__missing__", "__enter__", "__exit__",
        "__and__", "__or__", "__xor__", "__lshift__", "__rshift__", "__invert__",
        "__rand__", "__ror__", "__rxor__", "__divmod__", "__rdivmod__", "__round__",
        "__int__", "__float__", "__complex__", "__index__",
        # Names a class pattern reads: `case Point(x, y)` reads them through the guard.
        "__match_args__",
    }
)  # fmt: skip
# What the compiler itself puts in a class body.
_COMPILER_CLASS_NAMES = frozenset({"__module__", "__qualname__", "__doc__", "__annotations__"})
# Dunder attributes that may be read anywhere: plain strings.
READABLE_DUNDERS = frozenset({"__name__", "__qualname__", "__doc__"})
NOT_AVAILABLE = "is not available in graded code"
SUBMISSION_FILENAME = "<submission>"
# NumPy's raw-memory protocols, which it looks up on the instance: an object carrying one makes
# `np.asarray(obj)` lay an array over any address. Refused wherever learner code names an
# attribute: class bodies, attribute writes, keyword names (`**{...}` too, at run time).
RAW_MEMORY_NAMES = frozenset(
    {"__array_interface__", "__array_struct__", "__buffer__", "__release_buffer__", "__dlpack__"}
)


_RAW_MEMORY_WHY = "it is NumPy's raw-memory protocol, which lays arrays over any address"
_ASYNC_WHY = (
    "the grader calls your function as a plain function, so a coroutine it returned would "
    "never run; write a plain `def`"
)


def is_dunder(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")


def _bound_in_class_scope(body: list[ast.stmt]) -> Iterator[tuple[str, ast.AST]]:
    """Every name a class body binds in its own scope (not in the functions it defines)."""
    pending: list[ast.AST] = list(body)
    while pending:
        node = pending.pop()
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef):
            yield node.name, node
            pending.extend(node.decorator_list)
            continue
        if isinstance(node, ast.Lambda | ast.ListComp | ast.SetComp | ast.DictComp):
            continue
        if isinstance(node, ast.GeneratorExp):
            continue
        if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Store | ast.Del):
            yield node.id, node
        elif isinstance(node, ast.alias):
            yield (node.asname or node.name).split(".")[0], node
        elif isinstance(node, ast.ExceptHandler | ast.MatchAs | ast.MatchStar) and node.name:
            yield node.name, node  # (`case __array_interface__:` would bind a class attribute)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            yield node.rest, node
        pending.extend(ast.iter_child_nodes(node))


class LearnerTransformer(RestrictingNodeTransformer):
    """RestrictedPython's transformer with the policy of graded code."""

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.classes: list[str] = []  # enclosing class names, for private-name mangling
        self.matches = 0  # `match` statements rewritten so far: their variables' numbers

    def refuse(self, node: ast.AST, what: str, why: str) -> None:
        self.error(node, f"{what} {NOT_AVAILABLE}: {why}.")

    def not_allowed(self, node: ast.AST) -> None:
        kind = type(node).__name__
        self.refuse(node, f"The {kind} statement", "the policy has not been reviewed for it")

    def check_slots(self, node: ast.AST, names: list[str] | None) -> None:
        """`__slots__` written as literal names, each an ordinary attribute name: a slot is
        an attribute of every instance, so it must be one learner code could write."""
        if names is None:
            self.refuse(
                node,
                "`__slots__` other than a literal",
                "write the names as a string or a tuple of strings: `__slots__ = ('a', 'b')`",
            )
            return
        for name in names:
            if not name.isidentifier() or is_dunder(name) or name in RAW_MEMORY_NAMES:
                self.refuse(node, f"The slot `{name}`", "a slot must be a plain attribute name")
            else:
                self.check_name(node, name)

    def visit_Call(self, node: ast.Call) -> Any:
        if isinstance(node.func, ast.Name) and node.func.id in ("eval", "exec"):
            self.refuse(node, f"{node.func.id}()", "it runs code past the policy")
            return node
        self.check_keywords(node.keywords)
        return super().visit_Call(node)

    def check_keywords(self, keywords: list[ast.keyword]) -> None:
        for keyword in keywords:
            if keyword.arg in RAW_MEMORY_NAMES:
                self.refuse(keyword, f"The keyword `{keyword.arg}`", _RAW_MEMORY_WHY)

    def check_name(self, node: Any, name: str | None, allow_magic_methods: bool = False) -> None:
        if name is None:
            return
        if name in RESERVED_NAMES or name.endswith("__roles__"):
            self.refuse(node, f"The name `{name}`", "the grader uses it")
        elif name.startswith("_") and name.endswith("_") and not is_dunder(name) and name != "_":
            # `_x_` is the shape of RestrictedPython's hooks: keep the whole family reserved.
            self.refuse(node, f"The name `{name}`", "names shaped `_x_` belong to the grader")

    def refused_attribute(self, node: ast.AST, name: str, loads: bool = True) -> bool:
        """Refuse reading (or writing) the attribute `name` where no run-time guard could
        help; True when refused. The same rules for `obj.name` and `case C(name=...)`."""
        if name in INSPECT_ATTRIBUTES:
            self.refuse(node, f"`.{name}`", "it reaches the interpreter's frames and code")
            return True
        if is_dunder(name) and (not loads or name not in CLASS_DUNDERS | READABLE_DUNDERS):
            self.refuse(node, f"`.{name}`", "dunder attributes reach the interpreter")
            return True
        return False

    def visit_Attribute(self, node: ast.Attribute) -> Any:
        name = node.attr
        if self.refused_attribute(node, name, isinstance(node.ctx, ast.Load)):
            return node
        if name.startswith("__") and not is_dunder(name) and self.classes:
            node.attr = f"_{self.classes[-1].lstrip('_')}{name}"  # Python's own mangling
        # As RestrictedPython does, without its blanket refusal of `_` names (the runtime
        # guard allows `_x` only on the learner's own classes and instances).
        node = self.node_contents_visit(node)
        if isinstance(node.ctx, ast.Load):
            call = ast.Call(
                func=ast.Name("_getattr_", ast.Load()),
                args=[node.value, ast.Constant(node.attr)],
                keywords=[],
            )
            copy_locations(call, node)
            return call
        guarded = ast.Call(func=ast.Name("_write_", ast.Load()), args=[node.value], keywords=[])
        copy_locations(guarded, node.value)
        node.value = guarded
        return node

    def visit_AugAssign(self, node: ast.AugAssign) -> Any:
        """`a[k] += v` and `a.b += v` evaluate the target once, through the guards."""
        target = node.target
        if isinstance(target, ast.Name):
            return super().visit_AugAssign(node)
        operator = ast.Constant(IOPERATOR_TO_STR[type(node.op)])
        value = self.visit(node.value)
        if isinstance(target, ast.Subscript):
            container = self.visit(target.value)
            key = _as_expression(self.visit(target.slice))
            call = ast.Call(
                func=ast.Name("_inplaceitem_", ast.Load()),
                args=[operator, container, key, value],
                keywords=[],
            )
        elif isinstance(target, ast.Attribute):
            probe = ast.Attribute(value=target.value, attr=target.attr, ctx=ast.Load())
            copy_locations(probe, target)
            checked = self.visit(probe)  # the same checks as reading it
            if not isinstance(checked, ast.Call):
                return node
            obj, name = checked.args
            call = ast.Call(
                func=ast.Name("_inplaceattr_", ast.Load()),
                args=[operator, obj, name, value],
                keywords=[],
            )
        else:  # pragma: no cover - Python has no other augmented target
            self.not_allowed(node)
            return node
        statement = ast.Expr(value=call)
        copy_locations(statement, node)
        ast.fix_missing_locations(statement)
        return statement

    def visit_ImportFrom(self, node: ast.ImportFrom) -> Any:
        """`from math import *` binds the facade's public names (never a `_` name)."""
        if node.level == 0 and [alias.name for alias in node.names] == ["*"]:
            return self.node_contents_visit(node)
        return super().visit_ImportFrom(node)

    def visit_AnnAssign(self, node: ast.AnnAssign) -> Any:
        """`x: float = 1.0`, `self.w: np.ndarray = ...` and bare annotations."""
        return self.node_contents_visit(node)

    def visit_Nonlocal(self, node: ast.Nonlocal) -> Any:
        for name in node.names:
            self.check_name(node, name)
        return node

    def visit_AsyncFunctionDef(self, node: ast.AsyncFunctionDef) -> Any:
        self.refuse(node, "`async def`", _ASYNC_WHY)
        return node

    def visit_Await(self, node: ast.Await) -> Any:
        self.refuse(node, "`await`", _ASYNC_WHY)
        return node

    def visit_TryStar(self, node: ast.AST) -> Any:
        """`except*` as `try`: RestrictedPython refuses it for CVE-2025-22153, a CPython 3.11
        bug reached through an exception group subclass's `split`; graded code may not
        subclass exception groups nor write to one (graders.inside.classes, the guards)."""
        return self.node_contents_visit(node)

    def visit_AsyncFor(self, node: ast.AsyncFor) -> Any:
        self.refuse(node, "`async for`", _ASYNC_WHY)
        return node

    def visit_AsyncWith(self, node: ast.AsyncWith) -> Any:
        self.refuse(node, "`async with`", _ASYNC_WHY)
        return node

    def visit_Match(self, node: ast.Match) -> Any:
        """`match`, rewritten so that its patterns read through the guards."""
        return rewrite_match(node, self, SUBMISSION_FILENAME)

    def visit_ClassDef(self, node: ast.ClassDef) -> Any:
        """Classes build through the policy's `__build_class__`, which checks their bases."""
        self.check_name(node, node.name)
        if any(keyword.arg == "metaclass" for keyword in node.keywords):
            self.refuse(node, "A metaclass", "it runs code while classes are built")
        self.check_keywords(node.keywords)
        slots = _literal_slots(node.body)
        for name, where in _bound_in_class_scope(node.body):
            if name == "__slots__":
                self.check_slots(where, slots.get(id(where)))
            elif is_dunder(name) and name not in CLASS_DUNDERS | _COMPILER_CLASS_NAMES:
                self.refuse(
                    where,
                    f"Defining `{name}` in a class",
                    "NumPy and Python consult it behind the guards (the allowed ones include "
                    "__init__, __call__, __repr__, __slots__, container and context-manager "
                    "methods, comparisons, arithmetic and conversions)",
                )
        self.classes.append(node.name)
        try:
            return self.node_contents_visit(node)
        finally:
            self.classes.pop()


def _literal_slots(body: list[ast.stmt]) -> dict[int, list[str]]:
    """The names of each `__slots__ = <literal>` statement of a class body, by the id of its
    target: one string, or a tuple or list of strings."""
    found: dict[int, list[str]] = {}
    for statement in body:
        if isinstance(statement, ast.Assign) and len(statement.targets) == 1:
            target, value = statement.targets[0], statement.value
        elif isinstance(statement, ast.AnnAssign) and statement.value is not None:
            target, value = statement.target, statement.value
        else:
            continue
        if not (isinstance(target, ast.Name) and target.id == "__slots__"):
            continue
        items = value.elts if isinstance(value, ast.Tuple | ast.List) else [value]
        if all(isinstance(item, ast.Constant) and isinstance(item.value, str) for item in items):
            found[id(target)] = [item.value for item in items]  # type: ignore[attr-defined]
    return found


def _as_expression(key: ast.expr) -> ast.expr:
    """A subscript's key as an ordinary expression: `a:b` becomes `slice(a, b, None)`."""
    if isinstance(key, ast.Slice):
        parts = [part or ast.Constant(None) for part in (key.lower, key.upper, key.step)]
        call = ast.Call(func=ast.Name("slice", ast.Load()), args=parts, keywords=[])
        copy_locations(call, key)
        return call
    if isinstance(key, ast.Tuple):
        items = [_as_expression(item) for item in key.elts]
        return ast.Tuple(elts=items, ctx=ast.Load())
    return key
