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
    """Loops reachable from `entry`: its body and the module-level functions it calls."""
    functions = {
        node.name: node
        for node in tree.body
        if isinstance(node, ast.FunctionDef | ast.AsyncFunctionDef)
    }
    findings: list[LoopFinding] = []
    pending, seen = [entry], set()
    while pending:
        name = pending.pop()
        if name in seen or name not in functions:
            continue
        seen.add(name)
        function = functions[name]
        for node in ast.walk(function):
            if (kind := _NODE_KINDS.get(type(node))) and isinstance(node, ast.stmt | ast.expr):
                findings.append(LoopFinding(kind, node.lineno, name))
            elif isinstance(node, ast.Call):
                called = _called_name(node.func)
                if called == name:
                    findings.append(LoopFinding("recursion", node.lineno, name))
                elif called in LOOP_CALLS:
                    findings.append(LoopFinding(LOOP_CALLS[called], node.lineno, name))
                elif called in functions:
                    pending.append(called)
    return sorted(findings, key=lambda finding: finding.line)


def _called_name(func: ast.expr) -> str | None:
    if isinstance(func, ast.Name):
        return func.id
    if isinstance(func, ast.Attribute):
        return func.attr
    return None
