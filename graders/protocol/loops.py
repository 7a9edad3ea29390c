"""Find Python-level loops in a function and the module-level helpers it calls."""

from __future__ import annotations

import ast
from dataclasses import dataclass

LOOP_CALLS = {
    "vectorize": "np.vectorize",
    "frompyfunc": "np.frompyfunc",
    "apply_along_axis": "np.apply_along_axis",
    "fromiter": "np.fromiter",
    "map": "map()",
    "filter": "filter()",
    "sorted": "sorted()",
}
_NODE_KINDS: dict[type[ast.AST], str] = {
    ast.For: "for loop",
    ast.AsyncFor: "for loop",
    ast.While: "while loop",
    ast.ListComp: "list comprehension",
    ast.SetComp: "set comprehension",
    ast.DictComp: "dict comprehension",
    ast.GeneratorExp: "generator expression",
}


@dataclass(frozen=True)
class LoopFinding:
    """One Python-level loop: what it is, where, and in which function."""

    kind: str
    line: int
    function: str

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "line": self.line, "function": self.function}


def find_loops(tree: ast.Module, entry: str) -> list[LoopFinding]:
    """Loops reachable from `entry`: its body and the module-level functions it uses.

    Module-level aliases are followed (`positional_encoding = build`, `each = map`), a function
    that is only referenced (passed, stored) counts as used, and a call back into a function
    still being walked is recursion, direct or mutual.
    """
    functions = {
        node.name: node
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    aliases = _module_aliases(tree)
    findings: list[LoopFinding] = []
    done: set[str] = set()

    def resolve(name: str | None) -> str | None:
        seen: set[str] = set()
        while name in aliases and name not in functions and name not in seen:
            seen.add(name)
            name = aliases[name]
        return name

    def walk(name: str, path: tuple[str, ...]) -> None:
        done.add(name)
        for node in ast.walk(functions[name]):
            kind = _NODE_KINDS.get(type(node))
            if kind and isinstance(node, ast.stmt | ast.expr) and not _over_a_fixed_few(node):
                findings.append(LoopFinding(kind, node.lineno, name))
                continue
            used = _used_name(node)
            # An attribute counts only as a loop helper (np.vectorize); `np.sin` is not our `sin`.
            target = resolve(used) if isinstance(node, ast.Name) else used
            if target is None or not isinstance(node, ast.expr):
                continue
            if target in LOOP_CALLS and (isinstance(node, ast.Name) or target != "sorted"):
                findings.append(LoopFinding(LOOP_CALLS[target], node.lineno, name))
            elif not isinstance(node, ast.Name):
                continue
            elif target in path:
                findings.append(LoopFinding("recursion", node.lineno, name))
            elif target in functions and target not in done:
                walk(target, (*path, target))

    start = resolve(entry)
    if start in functions:
        walk(start, (start,))
    unique = {(finding.line, finding.kind, finding.function): finding for finding in findings}
    return sorted(unique.values(), key=lambda finding: finding.line)


FIXED_FEW = 16  # items in a literal tuple or list a loop may walk without being "a loop"


def _over_a_fixed_few(node: ast.AST) -> bool:
    """A loop over a literal handful written in the code, `for a in (x, w1, b1)`: it runs the
    same few times whatever the input's size, so it is not a loop over the data (the counted
    calls would see one that is: its steps grow with the input)."""
    if isinstance(node, ast.For | ast.AsyncFor):
        iterables = [node.iter]
    elif isinstance(node, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
        iterables = [generator.iter for generator in node.generators]
    else:
        return False
    return all(
        isinstance(iterable, ast.Tuple | ast.List) and len(iterable.elts) <= FIXED_FEW
        for iterable in iterables
    )


def _module_aliases(tree: ast.Module) -> dict[str, str]:
    """`name = other` and `name = np.other` at module level."""
    aliases: dict[str, str] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, used = node.targets[0], _used_name(node.value)
            if isinstance(target, ast.Name) and used is not None:
                aliases[target.id] = used
    return aliases


def _used_name(node: ast.AST) -> str | None:
    """The name a Name or Attribute expression refers to (read, not assigned)."""
    if isinstance(node, ast.Name) and isinstance(node.ctx, ast.Load):
        return node.id
    if isinstance(node, ast.Attribute) and isinstance(node.ctx, ast.Load):
        return node.attr
    return None


def line_kinds(tree: ast.Module) -> dict[int, str]:
    """The loop construct each line of the module runs in (the innermost one), for naming what
    a counted call repeated: "for loop", "list comprehension", ... or "recursion" for a line in
    a function (or a lambda bound to a name) that refers to its own name."""
    kinds: dict[int, str] = {}

    def mark(node: ast.AST, kind: str) -> None:
        first = getattr(node, "lineno", None)
        last = getattr(node, "end_lineno", first)
        if first is not None and last is not None:
            for line in range(first, last + 1):
                kinds[line] = kind

    # ast.walk is breadth-first: inner constructs come later and overwrite their outer ones.
    for node in ast.walk(tree):
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) and _refers_to(node, node.name):
            mark(node, "recursion")
        elif isinstance(node, ast.Assign) and isinstance(node.value, ast.Lambda):
            names = [target.id for target in node.targets if isinstance(target, ast.Name)]
            if any(_refers_to(node.value, name) for name in names):
                mark(node.value, "recursion")
        elif kind := _NODE_KINDS.get(type(node)):
            mark(node, kind)
    return kinds


def _refers_to(node: ast.AST, name: str) -> bool:
    body = node.body if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef) else [node]
    return any(
        isinstance(inner, ast.Name) and inner.id == name and isinstance(inner.ctx, ast.Load)
        for part in body
        for inner in ast.walk(part)
    )
