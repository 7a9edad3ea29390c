"""graders.wording_style: each rule has a text it passes and one it catches, and every template,
every exercise's prose, the library's strings and the golden reports keep every rule."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from graders.catalog import Catalog
from graders.check_values import error_summary
from graders.message_ids import LIBRARY_MESSAGES
from graders.protocol.articles import article, with_article
from graders.wording import joined, number, tolerance_text
from graders.wording_check import style_problems
from graders.wording_style import (
    report_problems,
    source_problems,
    template_problems,
    text_problems,
)
from tests.conftest import ROOT

# A case per rule (and per kind of slip): (the rule, a text that keeps it, a text that breaks
# it, composed). The bad text is caught by that rule alone, so removing the rule fails its case.
# Keyed by name: these sentences are the checker's inputs, not the library's wording pinned.
CASES = {
    "article-error-type": (
        "article", "Your code has an IndentationError.", "Your code has a IndentationError.", False
    ),
    "article-dtype": ("article", "It returned a uint8 array.", "It returned a int32 array.", False),
    "article-vowel": (
        "article", "Multiply a and b, an 8-D array.", "It returned an float64 array.", False
    ),
    "doubled-lead": (
        "doubled",
        "Your code could not be loaded. The call was not made.",
        "Your code could not be loaded. Your code could not be loaded, so the call was not made.",
        False,
    ),
    "doubled-sentence": (
        "doubled", "Row 0 differs. Row 1 differs too.", "Row 0 is not finite. Row 0 is not finite.", False
    ),
    "nan-named": ("nan", "0 / 0 gives NaN; `np.nan` is code.", "0 / 0 gives nan.", False),
    "nan-error": ("nan", "Largest error: 0.5000; 2 values are NaN.", "Largest error: inf.", False),
    "colon-capital": (
        "colon-capital",
        "Item 0 of the tuple: the value is 0.5. ValueError: No such key.\n"
        "It raised ValueError on line 9: matmul: Input operand 1 has a mismatch.\n"
        "It raised ValueError on line 15: Calling nonzero on 0d arrays is not allowed.",
        "Item 0 of the tuple: The value is 0.5.",
        True,
    ),
}  # fmt: skip


@pytest.mark.parametrize("case", sorted(CASES))
def test_a_rule_passes_its_good_text_and_catches_its_bad_one(case: str) -> None:
    rule, good, bad, composed = CASES[case]
    assert text_problems(good, composed=composed) == []
    assert [problem.rule for problem in text_problems(bad, composed=composed)] == [rule]


def test_a_template_writes_no_article_before_a_placeholder_and_no_tolerance_figure() -> None:
    assert template_problems("Line {{line}} has {{loop}} (|error| > {{tolerance}}).") == []
    assert [p.rule for p in template_problems("Line {{line}} has a {{loop}}.")] == ["article"]
    assert [p.rule for p in template_problems("Off (|error| > 1e-4).")] == ["tolerance"]


def test_library_source_chooses_the_article_of_a_filled_in_word() -> None:
    good = 'message = f"It returned {with_article(kind)} array."\n'
    bad = 'message = f"It returned a {kind} array."\n'
    assert source_problems(good) == []
    assert [(line, problem.rule) for line, problem in source_problems(bad)] == [(1, "article")]


def _report(message: str, tolerance: float | None) -> dict[str, object]:
    return {"tests": [{"id": "t", "message": message, "tolerance": tolerance}]}


def test_a_reports_tolerance_is_the_figure_tolerance_text_writes_for_its_test() -> None:
    tolerance = 0.00010035762786865235
    assert report_problems(_report("Off (|error| > 1e-4).", tolerance)) == []
    found = report_problems(_report("Off (|error| > 0.000100358).", tolerance))
    assert [problem.rule for problem in found] == ["tolerance"]


@pytest.mark.parametrize(
    ("word", "said"),
    [("int32", "an"), ("uint8", "a"), ("IndentationError", "an"), ("SyntaxError", "a"),
     ("8-D", "an"), ("1-D", "a"), ("11", "an"), ("MSE", "an"), ("GELU", "a"), ("ndarray", "an"),
     ("unit", "a"), ("hour", "an"), ("x", "an"), ("list", "a"), ("NaN", "a")],
)  # fmt: skip
def test_the_article_is_the_one_the_word_is_said_with(word: str, said: str) -> None:
    assert article(word) == said
    assert with_article(word) == f"{said} {word}"


def test_a_tolerance_is_written_as_the_page_writes_it() -> None:
    written = [tolerance_text(v) for v in (1e-4, 0.000100358, 0.000105841, 0.005, 1e-3, 0.0)]
    assert written == ["1e-4", "1e-4", "1.1e-4", "0.005", "1e-3", "0"]


def test_nan_is_counted_apart_from_the_largest_finite_error() -> None:
    got, expected = np.array([np.nan, 1.5, np.inf, 0.0]), np.zeros(4)
    assert error_summary(got, expected, 1e-4) == (
        "largest error: 1.5000; 1 value is NaN; 1 value is inf"
    )
    assert error_summary(np.array([np.nan, np.nan]), np.zeros(2), 1e-4) == "2 values are NaN"
    assert number(float("nan")) == "NaN"


def test_a_joined_message_goes_on_in_lower_case_but_keeps_a_name() -> None:
    assert (
        joined("Item 0 of the tuple", "The value is 1.") == "Item 0 of the tuple: the value is 1."
    )
    assert joined("Item 1", "NumPy says so.") == "Item 1: NumPy says so."
    assert joined("Item 1", "It returned None.") == "Item 1: it returned None."


# Everything a learner can read that is written ahead: the catalogue, each exercise's words,
# and the library's and the service's strings (the checker itself names the bad spellings).
SOURCES = sorted(
    path
    for folder in ("graders", "app")
    for path in (ROOT / folder).rglob("*.py")
    if path.name != "wording_style.py"
)


def test_the_message_catalogue_keeps_every_rule() -> None:
    problems = [
        f"{key}: {p}" for key, text in LIBRARY_MESSAGES.items() for p in text_problems(text)
    ]
    assert problems == []


def test_every_exercises_templates_and_prose_keep_every_rule(catalog: Catalog) -> None:
    problems = [
        f"{slug}: {problem}"
        for slug, exercise in sorted(catalog.exercises.items())
        for problem in style_problems(exercise)
    ]
    assert problems == []


def test_the_librarys_strings_keep_every_rule() -> None:
    problems = [
        f"{path.relative_to(ROOT)}:{line}: {problem}"
        for path in SOURCES
        for line, problem in source_problems(path.read_text(encoding="utf-8"))
    ]
    assert problems == []


GOLDEN = sorted((ROOT / "tests" / "golden").glob("*/report.json"))


@pytest.mark.parametrize("path", GOLDEN, ids=lambda path: path.parent.name)
def test_a_golden_report_keeps_every_rule(path: Path) -> None:
    report = json.loads(path.read_text(encoding="utf-8"))
    assert [str(problem) for problem in report_problems(report)] == []
