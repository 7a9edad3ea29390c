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
_BUILTINS = frozenset({"map", "filter", "sorted"})  # the rest of LOOP_CALLS are NumPy's
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
    over: str = ""  # what a for loop or a comprehension goes through, as written: `range(n)`

    def to_dict(self) -> dict[str, object]:
        return {"kind": self.kind, "line": self.line, "function": self.function, "over": self.over}


OVER_CHARS = 40  # longer iterables are not named: the message would quote a line of code


def iterated(node: ast.AST) -> str:
    """What a for loop or a comprehension iterates over, as written (`range(x.shape[0])`,
    `zip(q, k)`); "" for another loop, or one whose iterable is too long to quote."""
    if isinstance(node, ast.For | ast.AsyncFor):
        target = node.iter
    elif isinstance(node, ast.ListComp | ast.SetComp | ast.DictComp | ast.GeneratorExp):
        target = node.generators[0].iter
    else:
        return ""
    text = ast.unparse(target)
    return text if len(text) <= OVER_CHARS and "\n" not in text else ""


Definition = ast.FunctionDef | ast.AsyncFunctionDef | ast.ClassDef


def find_loops(tree: ast.Module, entry: str) -> list[LoopFinding]:
    """Loops reachable from `entry`: its body and the functions and classes it uses.

    A function counts wherever the module defines it: at the top, inside `if`/`try`/`with`
    blocks, or as a method of a class that is used (every method of it is walked); a nested
    function is walked with the one around it. A function nothing reachable uses, and the
    `if __name__ == "__main__":` block, are not the entry's. Module-level aliases are followed
    (`positional_encoding = build`, `each = map`, `positional_encoding = Encoder()`), a
    function that is only referenced (passed, stored) counts as used, and a call back into a
    function still being walked is recursion, direct or mutual.
    """
    definitions = _definitions(tree)
    aliases = _module_aliases(tree, entry)
    named = _named_anywhere(tree)
    findings: list[LoopFinding] = []
    done: set[str] = set()

    def resolve(name: str | None) -> str | None:
        seen: set[str] = set()
        while name in aliases and name not in definitions and name not in seen:
            seen.add(name)
            name = aliases[name]
        return name

    def walk(name: str, path: tuple[str, ...]) -> None:
        done.add(name)
        for node, label in _bodies(name, definitions[name], named):
            scan(node, label, path)

    def scan(root: ast.AST, name: str, path: tuple[str, ...]) -> None:
        for node in ast.walk(root):
            kind = _NODE_KINDS.get(type(node))
            if kind and isinstance(node, ast.stmt | ast.expr) and not _over_a_fixed_few(node):
                findings.append(LoopFinding(kind, node.lineno, name, iterated(node)))
                continue
            used = _used_name(node)
            # An attribute counts only as a loop helper (np.vectorize); `np.sin` is not our `sin`.
            target = resolve(used) if isinstance(node, ast.Name) else used
            if target is None or not isinstance(node, ast.expr):
                continue
            # `x.map`, `self.filter`: an attribute is never the builtin of that name.
            if target in LOOP_CALLS and (isinstance(node, ast.Name) or target not in _BUILTINS):
                findings.append(LoopFinding(LOOP_CALLS[target], node.lineno, name))
            elif not isinstance(node, ast.Name):
                continue
            elif target in path:
                findings.append(LoopFinding("recursion", node.lineno, name))
            elif target in definitions and target not in done:
                walk(target, (*path, target))

    start = resolve(entry)
    if start in definitions:
        walk(start, (start,))
    unique = {(finding.line, finding.kind, finding.function): finding for finding in findings}
    return sorted(unique.values(), key=lambda finding: finding.line)


def _named_anywhere(tree: ast.Module) -> frozenset[str] | None:
    """Every name the module mentions (names, attributes, strings: `getattr(obj, "table")`),
    or None when it looks an attribute up by a name it computes (then any method may run)."""
    found: set[str] = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Name):
            found.add(node.id)
        elif isinstance(node, ast.Attribute):
            found.add(node.attr)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            found.add(node.value)
        elif isinstance(node, ast.Call) and _computed_lookup(node):
            return None
    return frozenset(found)


# Calls that look an attribute up by name, and where the name is: with a computed name, any
# method may be the one that runs.
_LOOKUP_NAME_FROM = {"getattr": 1, "attrgetter": 0, "methodcaller": 0}


def _computed_lookup(call: ast.Call) -> bool:
    first = _LOOKUP_NAME_FROM.get(_used_name(call.func) or "")
    if first is None:
        return False
    names = call.args[first : first + 1] if first else call.args
    return bool(call.keywords) or not all(isinstance(arg, ast.Constant) for arg in names)


def _bodies(
    name: str, nodes: list[Definition], named: frozenset[str] | None = None
) -> list[tuple[ast.AST, str]]:
    """What walking `name` scans: each function defined under it, and each method of each
    class (labelled `Class.method`) that can run: its dunders (Python calls them), and the
    others the module names somewhere (`named`; all of them when that is None). A method
    nothing names, nothing calls: the tracer still counts it if it runs."""
    found: list[tuple[ast.AST, str]] = []
    for node in nodes:
        if not isinstance(node, ast.ClassDef):
            found.append((node, name))
            continue
        methods = _definitions(node).items()
        found += [
            (method, f"{name}.{method_name}")
            for method_name, defined in methods
            for method in defined
            if not isinstance(method, ast.ClassDef)
            and (named is None or _is_dunder(method_name) or method_name in named)
        ]
    return found


def _definitions(scope: ast.Module | ast.ClassDef) -> dict[str, list[Definition]]:
    """The functions and classes a module (or class body) defines, by name: at the top and in
    every block that runs when it loads (`if`, `try`, `with`, ...), never in the `__main__`
    block. A name defined twice (a decoy, then the real one) has both."""
    found: dict[str, list[Definition]] = {}
    for node in _loaded_statements(scope.body):
        if isinstance(node, Definition):
            found.setdefault(node.name, []).append(node)
    return found


def _loaded_statements(body: list[ast.stmt]) -> list[ast.stmt]:
    """The statements of `body` and of the blocks nested in it that are not functions' or
    classes' bodies, leaving out the `if __name__ == "__main__":` block (its `else` stays)."""
    found: list[ast.stmt] = []
    for node in body:
        found.append(node)
        if isinstance(node, Definition):
            continue
        if isinstance(node, ast.If) and _is_main_check(node.test):
            found += _loaded_statements(node.orelse)
            continue
        for field in ("body", "orelse", "finalbody", "handlers", "cases"):
            for item in getattr(node, field, []):
                if isinstance(item, ast.stmt):
                    found += _loaded_statements([item])
                elif isinstance(item, ast.ExceptHandler | ast.match_case):
                    found += _loaded_statements(item.body)
    return found


def _is_main_check(test: ast.expr) -> bool:
    """`__name__ == "__main__"`, either way round."""
    if not (isinstance(test, ast.Compare) and len(test.ops) == 1):
        return False
    sides = [test.left, test.comparators[0]]
    return (
        isinstance(test.ops[0], ast.Eq)
        and any(isinstance(side, ast.Name) and side.id == "__name__" for side in sides)
        and any(isinstance(side, ast.Constant) and side.value == "__main__" for side in sides)
    )


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


def fixed_few_lines(tree: ast.Module) -> frozenset[int]:
    """The lines whose innermost loop is over a fixed few written in the code (`for name in
    ("sin", "cos")`): the steps they take when the module loads are not a loop over data."""
    innermost: dict[int, bool] = {}
    # ast.walk is breadth-first: inner loops come later and overwrite their outer ones.
    for node in ast.walk(tree):
        if type(node) in _NODE_KINDS and isinstance(node, ast.stmt | ast.expr):
            few = _over_a_fixed_few(node)
            for line in range(node.lineno, (node.end_lineno or node.lineno) + 1):
                innermost[line] = few
    return frozenset(line for line, few in innermost.items() if few)


def _module_aliases(tree: ast.Module, entry: str) -> dict[str, str]:
    """`name = other` and `name = np.other` where the module loads them, and for the entry
    `entry = Other(...)` too: an instance (its methods are the entry's), or what a factory
    returns (a function nested in the factory). Any other name bound to a call's result is
    data made at import, which the import's count covers."""
    aliases: dict[str, str] = {}
    for node in _loaded_statements(tree.body):
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
            if isinstance(target, ast.Name) and target.id == entry and isinstance(value, ast.Call):
                value = value.func
            used = _used_name(value)
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


def _is_dunder(name: str) -> bool:
    return len(name) > 4 and name.startswith("__") and name.endswith("__")
