"""solution.md, the editorial (issue 26, item 6): part of an exercise's format, proven by validate.

The editorial is what a learner reads once they have passed: the model solution in a
```python block that defines the entry function, then why it works. Its model solution is code
a learner may copy, so validate grades it like theirs: it must pass every test.
"""

from __future__ import annotations

import ast
from typing import TYPE_CHECKING

from markdown_it import MarkdownIt

from graders.report import Status, Verdict

if TYPE_CHECKING:
    from graders.engine import Grader
    from graders.exercise import Exercise
    from graders.validate import Validation

EDITORIAL = "solution.md"
_PYTHON = {"python", "py", "python3"}


def python_blocks(markdown: str) -> list[tuple[int, str]]:
    """The ```python blocks of the Markdown: (the 1-based line of the fence, the code)."""
    return [
        (token.map[0] + 1 if token.map else 0, token.content)
        for token in MarkdownIt("commonmark").parse(markdown)
        if token.type == "fence" and token.info.strip().split(" ")[0] in _PYTHON
    ]


def defines(code: str, entry: str) -> bool | None:
    """Whether the code defines `entry` at module level (None: it does not parse, though it
    has a `def entry(` line)."""
    try:
        tree = ast.parse(code)
    except SyntaxError:
        return None if f"def {entry}(" in code else False
    return any(isinstance(node, ast.FunctionDef) and node.name == entry for node in tree.body)


def model_solutions(markdown: str, entry: str) -> list[tuple[int, str]]:
    """The blocks that define the entry function (or try to, and do not parse)."""
    return [
        (line, code) for line, code in python_blocks(markdown) if defines(code, entry) is not False
    ]


async def check_editorial(exercise: Exercise, grader: Grader, result: Validation) -> None:
    """solution.md exists, shows a model solution, and each model solution passes when graded."""
    path = exercise.path / EDITORIAL
    if not path.is_file():
        result.problems.append(
            f"{EDITORIAL}: missing: write the editorial, a ```python model solution that "
            f"defines {exercise.entry}() and why it works (`gradebox new` scaffolds one)"
        )
        return
    solutions = model_solutions(path.read_text(encoding="utf-8"), exercise.entry)
    if not solutions:
        result.problems.append(
            f"{EDITORIAL}: no model solution: no ```python block defines {exercise.entry}()"
        )
        return
    for line, code in solutions:
        where = f"{EDITORIAL} line {line}: the model solution"
        report = await grader.grade(exercise, code)
        if report.verdict is Verdict.PASSED:
            continue
        if report.error is not None:
            result.problems.append(f"{where} does not load: {report.error.message}")
            continue
        failing = [test.id for test in report.tests if test.status is not Status.PASSED]
        result.problems.append(f"{where} fails {failing} (verdict {report.verdict})")
