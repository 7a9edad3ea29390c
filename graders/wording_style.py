"""Style rules for what a learner reads: articles, doubled sentences, tolerance figures, NaN.

Each rule reads a text and names what breaks it (a `StyleProblem`: the rule and an excerpt):

- `article`: "a" or "an" as the word after it is said ("an int32", "a uint8", "an 8-D"),
  and, in a template, never written by hand before a word filled in later (`a {{kind}}`,
  `f"a {dtype}"`: `with_article` chooses it from the word);
- `doubled`: no sentence said twice, nor a sentence that starts by repeating the one before
  ("Your code could not be loaded. Your code could not be loaded, so ...");
- `nan`: NaN is written NaN (not "nan"), and no error figure is inf or NaN ("Largest error:
  inf" for NaN values says nothing: count the non-finite values and name them apart);
- `colon-capital`, in composed text only (a report's messages, a library template): no
  capital after a colon that joins two parts of one sentence ("Item 0 of the tuple: the
  value is ...");
- `tolerance`, in a report: every tolerance a test's message states is the figure
  `tolerance_text` writes for that test's tolerance, so the message and the page's
  "Tolerance" agree; in a template, the tolerance is the `{{tolerance}}` placeholder.

Markdown code (fenced blocks, `spans`) and LaTeX (`$...$`) are not prose: they are skipped.
Used by tests/graders/test_wording_style.py over every template, prose and golden report, and
by `gradebox validate` (graders.validate) over an exercise's prose, as warnings.
"""

from __future__ import annotations

import ast
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from graders.protocol.articles import article
from graders.wording import PLACEHOLDER, PROPER_WORDS, tolerance_text


@dataclass(frozen=True)
class StyleProblem:
    rule: str
    excerpt: str

    def __str__(self) -> str:
        return f"{self.rule}: {self.excerpt!r}"


# After "a", words that show it is a name (the array `a`), not an article.
_NOT_AFTER_AN_ARTICLE = frozenset(
    [
        "and",
        "or",
        "is",
        "in",
        "of",
        "to",
        "if",
        "as",
        "at",
        "on",
        "it",
        "has",
        "was",
        "were",
        "be",
        "by",
        "for",
        "with",
        "not",
        "are",
        "its",
    ]
)

_FENCE = re.compile(r"```.*?(```|\Z)", re.S)
_CODE_SPAN = re.compile(r"`[^`\n]*`")
_LATEX = re.compile(r"\$\$.*?\$\$|\$[^$\n]+\$", re.S)
_LINK_TARGET = re.compile(r"\]\([^)]*\)")
_SKIPPED = "\x00"  # stands for code, LaTeX and placeholders: no rule reads it as a word


def prose(text: str) -> str:
    """`text` with Markdown code, LaTeX and `{{placeholders}}` blanked out."""
    for pattern in (_FENCE, _LATEX, _CODE_SPAN, _LINK_TARGET, PLACEHOLDER):
        text = pattern.sub(_SKIPPED, text)
    return text


_ARTICLE = re.compile(r"(?<![\w.\-'])([Aa]n?) ([A-Za-z0-9][\w+-]*)")
_SENTENCE_END = re.compile(r"(?<=[.!?])\s+|\n+")
_LOWER_NAN = re.compile(r"(?<![\w.'\"-])nan\b(?![(-])")
_NON_FINITE_ERROR = re.compile(
    r"\b(?:largest|max(?:imum)?) (?:absolute )?(?:error|change|difference)\b[^.\n]*?"
    r"(?<![\w.])(-?inf|nan|NaN)\b",
    re.I,
)
# Not after an exception's name, which Python writes so: "ValueError: No ..."
_COLON_CAPITAL = re.compile(r"(?<=[\w)\]]): ([A-Z][a-z]+)\b(?![\w(-])")
_EXCEPTION_NAME = re.compile(r"(?:[A-Z][a-z]+[A-Z]\w*|\b[A-Z]{2,}): $")  # ValueError:, TODO:
# What follows "ValueError on line 9: " to the end of its line is the exception's own message
# (NumPy's "matmul: Input operand 1 ..."), quoted as raised: not words of ours to restyle.
_RAISED = re.compile(r"\b[A-Z]\w*(?:Error|Exception|Warning)\b(?: on line \d+)?: ")


def text_problems(text: str, *, composed: bool = False) -> list[StyleProblem]:
    """What `text` (Markdown or plain) breaks; `composed` adds the rules for text the library
    puts together (a colon joining two parts is followed by lower case)."""
    plain = prose(text)
    problems = [*_article_problems(plain), *_doubled(plain), *_nan_problems(plain)]
    if composed:
        problems += [
            StyleProblem("colon-capital", _excerpt(plain, match.start()))
            for match in _COLON_CAPITAL.finditer(plain)
            if match[1] not in PROPER_WORDS
            and not _EXCEPTION_NAME.search(plain[max(0, match.start() - 40) : match.start() + 2])
            and not _RAISED.search(
                plain[plain.rfind("\n", 0, match.start()) + 1 : match.start() + 2]
            )
        ]
    return problems


def _article_problems(plain: str) -> list[StyleProblem]:
    problems = []
    for match in _ARTICLE.finditer(plain):
        said, word = match[1], match[2]
        if said in ("a", "A") and word.lower() in _NOT_AFTER_AN_ARTICLE:
            continue  # `a` the name of an array: "a and b"
        if said.lower() != article(word):
            problems.append(StyleProblem("article", _excerpt(plain, match.start())))
    return problems


def _doubled(plain: str) -> list[StyleProblem]:
    sentences = [
        re.sub(r"\s+", " ", part).strip(" .!?").lower() for part in _SENTENCE_END.split(plain)
    ]
    # Four words at least, and no code (`total = total + 1`).
    sentences = [s for s in sentences if len(s.split()) >= 4 and "=" not in s]
    problems, seen = [], set()
    for before, after in zip(["", *sentences], sentences, strict=False):
        if after in seen or (before and after.startswith(before) and after != before):
            problems.append(StyleProblem("doubled", after[:80]))
        seen.add(after)
    return problems


def _nan_problems(plain: str) -> list[StyleProblem]:
    problems = [
        StyleProblem("nan", _excerpt(plain, match.start())) for match in _LOWER_NAN.finditer(plain)
    ]
    problems += [
        StyleProblem("nan", _excerpt(plain, match.start()))
        for match in _NON_FINITE_ERROR.finditer(plain)
    ]
    return problems


def _excerpt(text: str, at: int) -> str:
    return text[max(0, at - 30) : at + 40].replace(_SKIPPED, "…").replace("\n", " ")


# A hand-written article before a word filled in later (`a {{kind}}`, `f"a {dtype}"`).
_ARTICLE_BEFORE_PLACEHOLDER = re.compile(r"(?<![\w.\-'])(?:[Aa]n?) \{\{")
_TOLERANCE_FIGURE = re.compile(
    r"(?:\|(?:error|sum|weight|change)\| (?:>|must be <=)|tolerance(?: of)?|within"
    r"|by more than) \(?(\d[\d.]*(?:e[-+]?\d+)?)(?![\w.])"
)


def template_problems(template: str, *, composed: bool = True) -> list[StyleProblem]:
    """What a message template (`{{placeholders}}`, messages.toml's) breaks: the text rules,
    an article written before a placeholder, and a tolerance written as a number."""
    problems = text_problems(template, composed=composed)
    problems += [
        StyleProblem("article", _excerpt(template, match.start()))
        for match in _ARTICLE_BEFORE_PLACEHOLDER.finditer(template)
    ]
    problems += [
        StyleProblem("tolerance", f"{match[0]}: write {{{{tolerance}}}}")
        for match in _TOLERANCE_FIGURE.finditer(prose(template))
    ]
    return problems


def tolerance_figures(text: str) -> list[str]:
    """The tolerances `text` states ("|error| > 1e-4", "tolerance 0.001", "within 1e-6")."""
    return [match[1] for match in _TOLERANCE_FIGURE.finditer(prose(text))]


def report_problems(report: Mapping[str, Any]) -> list[StyleProblem]:
    """What a report (`Report.to_dict()`) breaks: each test's message and diagnosis, and each
    message's tolerance against `tolerance_text` of the test's own tolerance."""
    problems = []
    for test in report.get("tests", []):
        message = test.get("message") or ""
        problems += text_problems(message, composed=True)
        tolerance = test.get("tolerance")
        figures = tolerance_figures(message)
        # A test that reports no tolerance of its own: its message must agree with itself.
        wanted = tolerance_text(tolerance) if isinstance(tolerance, int | float) else None
        wanted = wanted or (figures[0] if figures else None)
        problems += [
            StyleProblem("tolerance", f"{test.get('id')}: {figure} where the test's is {wanted}")
            for figure in figures
            if figure != wanted
        ]
        diagnosis = test.get("diagnosis") or {}
        for key in ("title", "explanation", "tip"):
            problems += text_problems(diagnosis.get(key) or "")
    return problems


def named_problems(texts: Iterable[tuple[str, str]], *, templates: bool) -> list[str]:
    """`where: problem` for each (where, text): templates or prose."""
    return [
        f"{where}: {problem}"
        for where, text in texts
        for problem in (template_problems(text) if templates else text_problems(text))
    ]


def source_problems(source: str) -> list[tuple[int, StyleProblem]]:
    """(line, problem) for the learner-facing strings of Python source (a library module):
    each string's text by the composed rules, and each f-string that writes an article before
    a value it fills in (`f"a {kind}"`: `with_article(kind)` chooses it). Docstrings are the
    author's, not the learner's: skipped."""
    tree = ast.parse(source)
    docstrings = {
        id(node.body[0].value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Module | ast.ClassDef | ast.FunctionDef | ast.AsyncFunctionDef)
        and node.body
        and isinstance(node.body[0], ast.Expr)
        and isinstance(node.body[0].value, ast.Constant)
    }
    parts_of_fstrings = {
        id(part)
        for node in ast.walk(tree)
        if isinstance(node, ast.JoinedStr)
        for part in ast.walk(node)
        if part is not node
    }
    skipped = docstrings | parts_of_fstrings
    found = []
    for node in ast.walk(tree):
        if isinstance(node, ast.JoinedStr):
            parts = [
                part.value if isinstance(part, ast.Constant) else "{{value}}"
                for part in node.values
            ]
            text = "".join(str(part) for part in parts)
        elif isinstance(node, ast.Constant) and isinstance(node.value, str):
            if id(node) in skipped or " " not in node.value:  # a word or a code, not prose
                continue
            text = node.value
        else:
            continue
        problems = text_problems(text, composed=True) + [
            StyleProblem("article", _excerpt(text, match.start()))
            for match in _ARTICLE_BEFORE_PLACEHOLDER.finditer(text)
        ]
        found += [(node.lineno, problem) for problem in problems]
    return found
