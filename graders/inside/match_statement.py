"""The compile-time half of `match` in graded code: each statement rewritten as calls to `_match_`.

RestrictedPython has no `visit_Match` (its `generic_visit` refuses every node it was not taught),
and CPython's own matching reads past the policy: a class pattern reads the subject's attributes
with the real `getattr`, and a value pattern's dotted name is read unguarded and handed to the
subject's `__eq__`. So each case becomes a call to `_match_` (graders.inside.guards.match_case,
which matches as graders.inside.patterns describes) with its pattern as tuples; the pattern's
value, class and key expressions are the learner's, transformed as any expression is (through
`_getattr_`). They are evaluated as the case is tried, all of them: CPython evaluates each only
when matching reaches it, which differs only for a name that fails to resolve in an alternative
never tried. The names a pattern binds are checked as any binding is (`case _getattr_:` is
refused), and the attribute names of `case C(name=...)` as `obj.name` is
(`case object(__class__=c)` is refused).
"""

from __future__ import annotations

import ast
import copy
from typing import Any, Protocol


class Transformer(Protocol):
    """What the rewrite needs of graders.inside.transformer.LearnerTransformer."""

    matches: int  # `match` statements rewritten so far: their variables' numbers

    def visit(self, node: ast.AST) -> Any: ...

    def check_name(
        self, node: Any, name: str | None, allow_magic_methods: bool = False
    ) -> None: ...

    def refused_attribute(self, node: ast.AST, name: str, loads: bool = True) -> bool: ...

    def not_allowed(self, node: ast.AST) -> None: ...


def rewrite_match(node: ast.Match, transformer: Transformer, filename: str) -> list[ast.stmt]:
    """The statements that stand for `node`, its parts transformed by `transformer`."""
    return _Rewrite(transformer, filename).match(node)


class _Rewrite:
    def __init__(self, transformer: Transformer, filename: str) -> None:
        self.transformer, self.filename = transformer, filename
        self.visit = transformer.visit

    def match(self, node: ast.Match) -> list[ast.stmt]:
        """`match` as one `_match_` call per case (graders.inside.patterns), each case tried
        only while none before it matched:

            _match_subject_0_ = subject
            _match_done_0_ = False
            _match_found_0_ = _match_(_match_subject_0_, <pattern>, ("x", "y"))
            if _match_found_0_ is not None:
                (x, y) = _match_found_0_
                if <guard>:
                    _match_done_0_ = True
                    <body>
            if not _match_done_0_:
                ...the next case

        CPython's own checks of the patterns (`case x:` before another case, a name bound
        twice) come first, from compiling them alone: nothing of them runs.
        """
        _check_patterns(node, self.filename)
        number = self.transformer.matches
        self.transformer.matches += 1
        subject, found, done = (f"_match_{part}_{number}_" for part in ("subject", "found", "done"))
        several = len(node.cases) > 1
        statements: list[ast.stmt] = [_located(_assign(subject, self.visit(node.subject)), node)]
        if several:
            statements.append(_located(_assign(done, ast.Constant(False)), node))
        for index, case in enumerate(node.cases):
            names = sorted(_captured(case.pattern))
            for name in names:
                self.transformer.check_name(case.pattern, name)
            names_node = ast.Tuple([ast.Constant(name) for name in names], ast.Load())
            attempt = ast.Call(
                func=ast.Name("_match_", ast.Load()),
                args=[ast.Name(subject, ast.Load()), self.pattern(case.pattern), names_node],
                keywords=[],
            )
            body = self.statements(case.body)
            if several:
                body.insert(0, _assign(done, ast.Constant(True)))
            if case.guard is not None:
                body = [ast.If(test=self.visit(case.guard), body=body, orelse=[])]
            if names:
                targets: list[ast.expr] = [ast.Name(name, ast.Store()) for name in names]
                unpack = ast.Assign([ast.Tuple(targets, ast.Store())], ast.Name(found, ast.Load()))
                body.insert(0, unpack)
            matched = ast.Compare(ast.Name(found, ast.Load()), [ast.IsNot()], [ast.Constant(None)])
            tried: list[ast.stmt] = [_assign(found, attempt), ast.If(matched, body, [])]
            if index:
                untried = ast.UnaryOp(ast.Not(), ast.Name(done, ast.Load()))
                tried = [ast.If(untried, tried, [])]
            statements += [_located(statement, case.pattern) for statement in tried]
        return statements

    def pattern(self, node: ast.pattern) -> ast.expr:
        """A pattern as the tuples graders.inside.patterns reads, its expressions guarded."""
        spec: list[ast.expr]
        if isinstance(node, ast.MatchValue):
            spec = [self.visit(node.value)]
        elif isinstance(node, ast.MatchSingleton):
            spec = [ast.Constant(node.value)]
        elif isinstance(node, ast.MatchSequence):
            stars = [i for i, item in enumerate(node.patterns) if isinstance(item, ast.MatchStar)]
            star = node.patterns[stars[0]] if stars else None
            items = [self.pattern(item) for item in node.patterns if item is not star]
            star_name = star.name if isinstance(star, ast.MatchStar) else None
            spec = [_tuple(items), ast.Constant(stars[0] if stars else -1), ast.Constant(star_name)]
        elif isinstance(node, ast.MatchMapping):
            keys = [self.visit(key) for key in node.keys]
            values = [self.pattern(item) for item in node.patterns]
            spec = [_tuple(keys), _tuple(values), ast.Constant(node.rest)]
        elif isinstance(node, ast.MatchClass):
            # `case C(name=...)` reads `subject.name` (a `__name` unmangled, as in CPython 3.11)
            for name in node.kwd_attrs:
                self.transformer.refused_attribute(node, name)
            spec = [
                self.visit(node.cls),
                _tuple([self.pattern(item) for item in node.patterns]),
                _tuple([ast.Constant(name) for name in node.kwd_attrs]),
                _tuple([self.pattern(item) for item in node.kwd_patterns]),
            ]
        elif isinstance(node, ast.MatchAs):
            inner = ast.Constant(None) if node.pattern is None else self.pattern(node.pattern)
            spec = [inner, ast.Constant(node.name)]
        elif isinstance(node, ast.MatchOr):
            spec = [_tuple([self.pattern(item) for item in node.patterns])]
        else:  # pragma: no cover - a pattern of a later Python
            self.transformer.not_allowed(node)
            return ast.Constant(None)
        kind = _PATTERN_KINDS[type(node)]
        located: ast.expr = _located(ast.Tuple([ast.Constant(kind), *spec], ast.Load()), node)
        return located

    def statements(self, body: list[ast.stmt]) -> list[ast.stmt]:
        visited: list[ast.stmt] = []
        for statement in body:
            result = self.visit(statement)
            visited += result if isinstance(result, list) else [result] if result else []
        return visited or [ast.Pass()]


_PATTERN_KINDS: dict[type[ast.pattern], str] = {
    ast.MatchValue: "value",
    ast.MatchSingleton: "singleton",
    ast.MatchSequence: "sequence",
    ast.MatchMapping: "mapping",
    ast.MatchClass: "class",
    ast.MatchAs: "as",
    ast.MatchOr: "or",
}


def _check_patterns(node: ast.Match, filename: str) -> None:
    """CPython's own SyntaxErrors for these patterns, from compiling them alone (a guard stands
    for each guard: `case x if ...:` may come before another case)."""
    cases = [
        ast.match_case(
            pattern=copy.deepcopy(case.pattern),
            guard=None if case.guard is None else ast.Constant(True),
            body=[ast.Pass()],
        )
        for case in node.cases
    ]
    skeleton = _located(ast.Match(subject=ast.Constant(None), cases=cases), node)
    compile(ast.Module(body=[skeleton], type_ignores=[]), filename, "exec")


def _captured(pattern: ast.pattern) -> set[str]:
    """The names a pattern binds (every alternative of an or-pattern binds the same)."""
    names = set()
    for node in ast.walk(pattern):
        if isinstance(node, ast.MatchAs | ast.MatchStar) and node.name:
            names.add(node.name)
        elif isinstance(node, ast.MatchMapping) and node.rest:
            names.add(node.rest)
    return names


def _assign(name: str, value: ast.expr) -> ast.Assign:
    return ast.Assign(targets=[ast.Name(name, ast.Store())], value=value)


def _tuple(items: list[ast.expr]) -> ast.Tuple:
    return ast.Tuple(items, ast.Load())


def _located(node: Any, where: ast.AST) -> Any:
    """`node` and every generated node under it at `where`'s place in the source."""
    return ast.fix_missing_locations(ast.copy_location(node, where))
