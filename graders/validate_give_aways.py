"""Hints and mistake texts never hand over the reference's code (`gradebox validate`, issue 26).

A hint or a mistake's explanation teaches; one of its code blocks holding most of the
reference's distinctive names and numbers gives the game away: `check_give_aways` warns.
"""

from __future__ import annotations

import ast
import re
from typing import TYPE_CHECKING

from graders import trusted

if TYPE_CHECKING:
    from graders.exercise import Exercise
    from graders.validate import Validation

# A hint or a mistake's text gives the game away when one of its code blocks (or its inline
# code, taken together) holds this share of the reference's distinctive tokens.
GIVE_AWAY_SHARE = 0.8
GIVE_AWAY_MIN_TOKENS = 5  # a reference with fewer distinctive tokens is too short to judge

# Tokens every NumPy solution shares: naming them is no give-away.
_TRIVIAL = frozenset(
    {"np", "numpy", "None", "True", "False", "self", "result", "out", "dtype", "axis",
     "keepdims", "shape", "float64", "float32", "int64", "astype", "array", "asarray",
     "copy", "ndim", "size", "T"}
)  # fmt: skip
_TRIVIAL_NUMBERS = frozenset({0.0, 1.0, 2.0, -1.0})
_TOKEN = re.compile(r"\d+\.\d*(?:[eE][-+]?\d+)?|\d+(?:[eE][-+]?\d+)?|\.\d+|[A-Za-z_]\w*")
_FENCE = re.compile(r"^[ \t]*(```|~~~)[^\n]*\n(.*?)^[ \t]*\1", re.M | re.S)
_SPAN = re.compile(r"`([^`\n]+)`")
_BLANK = re.compile(r"_{3,}|\.\.\.")


def distinctive_tokens(reference: str, entry: str) -> set[str]:
    """The identifiers and numbers of the reference's entry function body (and of the helpers
    defined at module level), less its parameters and what every NumPy solution names."""
    tree = ast.parse(reference)
    function = next(
        (node for node in tree.body if isinstance(node, ast.FunctionDef) and node.name == entry),
        None,
    )
    if function is None:
        return set()
    parameters = {arg.arg for arg in ast.walk(function.args) if isinstance(arg, ast.arg)}
    tokens: set[str] = set()
    body = function.body
    if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
        body = body[1:]  # the docstring
    for statement in body:
        for node in ast.walk(statement):
            if isinstance(node, ast.Name):
                tokens.add(node.id)
            elif isinstance(node, ast.Attribute):
                tokens.add(node.attr)
            elif isinstance(node, ast.keyword) and node.arg:
                tokens.add(node.arg)
            elif isinstance(node, ast.Constant) and type(node.value) in (int, float):
                tokens.add(_number(str(node.value)))
    trivial_numbers = {_number(str(number)) for number in _TRIVIAL_NUMBERS}
    return tokens - parameters - _TRIVIAL - trivial_numbers - {entry}


def _number(text: str) -> str:
    return repr(float(text)) if text[0].isdigit() or text[0] == "." else text


def code_tokens(code: str) -> set[str]:
    return {_number(token) for token in _TOKEN.findall(code)}


def code_pieces(markdown: str) -> list[str]:
    """Each fenced code block of the Markdown, and its inline code spans together."""
    blocks = [found.group(2) for found in _FENCE.finditer(markdown)]
    rest = _FENCE.sub("", markdown)
    spans = " ".join(_SPAN.findall(rest))
    return [*blocks, spans] if spans else blocks


def give_away_share(markdown: str, tokens: set[str], blanks_allowed: bool = False) -> float:
    """The largest share of `tokens` one code piece of the Markdown holds (with
    `blanks_allowed`, a piece with a blank to fill in, `____` or `...`, counts for nothing)."""
    if not tokens:
        return 0.0
    pieces = [
        piece for piece in code_pieces(markdown) if not (blanks_allowed and _BLANK.search(piece))
    ]
    return max((len(tokens & code_tokens(piece)) / len(tokens) for piece in pieces), default=0.0)


def _loop_only(exercise: Exercise, fails: list[str]) -> bool:
    """A mistake caught only by static tests is diagnosed by its loop's kind: its own texts are
    never shown (docs/authoring.md, probes and loops)."""
    checks = trusted.checks_for(exercise)
    static = {test.id for test in exercise.tests if checks[test.check].static}
    return set(fails) <= static


def check_give_aways(exercise: Exercise, result: Validation) -> None:
    """Hints and mistake texts teach; the reference's code in one of them is a warning. The
    last hint is the near-solution (graders.validate._check_hint_links): its code may hold the
    reference's names, as long as it leaves blanks to fill in."""
    reference = exercise.solution_path.read_text(encoding="utf-8")
    tokens = distinctive_tokens(reference, exercise.entry)
    if len(tokens) < GIVE_AWAY_MIN_TOKENS:
        return
    last = len(exercise.hints)
    texts = [
        (f"hint {number} ({hint.title})", hint.markdown, number == last)
        for number, hint in enumerate(exercise.hints, 1)
    ]
    for mistake in exercise.mistakes:
        if _loop_only(exercise, mistake.fails):
            continue
        texts.append((f"mistake `{mistake.id}` explanation", mistake.explanation, False))
        if mistake.tip:
            texts.append((f"mistake `{mistake.id}` tip", mistake.tip, False))
    for where, markdown, near_solution in texts:
        share = give_away_share(markdown, tokens, blanks_allowed=near_solution)
        if share >= GIVE_AWAY_SHARE:
            result.warnings.append(
                f"{where} gives the game away: it contains the reference's code ({share:.0%} of "
                "its distinctive names and numbers in one code block); leave blanks for the "
                "parts the learner should work out"
            )
