"""Count the tests that pin learner-facing wording instead of ids and values (issue 28).

    .venv/bin/python scripts/wording_pins.py            # the two counts
    .venv/bin/python scripts/wording_pins.py --list     # and each place, file:line

A *wording-tied assertion* is an `assert` whose tested expression holds a sentence (one line
of five or more plain words: not code, not data) (its failure message, after the comma, does not count); a *sentence row* is a
`pytest.mark.parametrize` row holding one. Prose is pinned once, in the golden reports
(tests/golden), which this does not read; the learner corpora (tests/corpus) hold learner
code, not tests, and tests/test_wording_pins.py's sentences are this script's own inputs. A
name in an assertion or a `parametrize` that refers to a module-level value is read there.
"""

from __future__ import annotations

import argparse
import ast
import re
import sys
from collections.abc import Iterator
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
WORDS = 5  # a string of this many words is a sentence


WORD = re.compile(r"^[A-Za-z'-]+[,.;:!?]?$")


def is_sentence(text: str) -> bool:
    """Prose, not code or data: one line holding at least WORDS plain words that is not Python
    (learner code in a test is its input, not its wording)."""
    if "\n" in text.strip() or sum(bool(WORD.match(t)) for t in text.split()) < WORDS:
        return False
    try:
        ast.parse(text.strip())  # an indented line of code is code too
    except SyntaxError:
        return True
    return False


def _sentences(node: ast.AST, names: dict[str, ast.expr]) -> Iterator[ast.Constant]:
    """The sentences in `node`, and in the module-level values its names refer to (a table
    of cases written once and named in `parametrize` or an assertion counts where it is used)."""
    for inner in ast.walk(node):
        if isinstance(inner, ast.Constant) and isinstance(inner.value, str):
            if is_sentence(inner.value):
                yield inner
        elif isinstance(inner, ast.Name) and inner.id in names:
            yield from _sentences(names[inner.id], {})


def _module_values(tree: ast.Module) -> dict[str, ast.expr]:
    """Module-level `NAME = value` (and annotated) assignments."""
    values: dict[str, ast.expr] = {}
    for node in tree.body:
        if isinstance(node, ast.Assign) and len(node.targets) == 1:
            target, value = node.targets[0], node.value
        elif isinstance(node, ast.AnnAssign) and node.value is not None:
            target, value = node.target, node.value
        else:
            continue
        if isinstance(target, ast.Name):
            values[target.id] = value
    return values


def _is_parametrize(decorator: ast.expr) -> bool:
    target = decorator.func if isinstance(decorator, ast.Call) else decorator
    return isinstance(target, ast.Attribute) and target.attr == "parametrize"


def pins(tree: ast.Module) -> tuple[list[int], list[int]]:
    """The lines of the wording-tied assertions and of the sentence rows in one module."""
    names = _module_values(tree)
    asserts: list[int] = []
    rows: list[int] = []
    for node in ast.walk(tree):
        if isinstance(node, ast.Assert) and any(_sentences(node.test, names)):
            asserts.append(node.lineno)
        decorators = getattr(node, "decorator_list", [])
        for decorator in decorators:
            if not (_is_parametrize(decorator) and isinstance(decorator, ast.Call)):
                continue
            values = decorator.args[1] if len(decorator.args) > 1 else None
            if isinstance(values, ast.Name) and values.id in names:
                values = names[values.id]  # a table named once
            if isinstance(values, ast.List | ast.Tuple):
                rows.extend(row.lineno for row in values.elts if any(_sentences(row, names)))
    return asserts, rows


def test_files(root: Path) -> list[Path]:
    tests = root / "tests"
    return sorted(
        path
        for path in tests.rglob("*.py")
        if path.relative_to(tests).parts[0] not in {"corpus", "golden", "fixtures"}
        and path.name != "test_wording_pins.py"  # this script's own cases are sentences
    )


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--list", action="store_true", help="print each place, file:line")
    parser.add_argument("--root", type=Path, default=ROOT, help="the tree to count")
    options = parser.parse_args(argv)
    total_asserts = total_rows = 0
    for path in test_files(options.root):
        asserts, rows = pins(ast.parse(path.read_text(encoding="utf-8")))
        total_asserts, total_rows = total_asserts + len(asserts), total_rows + len(rows)
        if options.list:
            name = path.relative_to(options.root)
            for line in asserts:
                print(f"{name}:{line}: assertion")
            for line in rows:
                print(f"{name}:{line}: parametrize row")
    print(f"wording-tied assertions: {total_asserts}")
    print(f"parametrize rows that pin sentences: {total_rows}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
