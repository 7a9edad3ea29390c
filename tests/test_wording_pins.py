"""scripts/wording_pins.py counts what it says: assertions and parametrize rows holding a
sentence, not code, data or an assertion's own failure message."""

from __future__ import annotations

import ast

import pytest

from scripts.wording_pins import is_sentence, main, pins

MODULE = """
import pytest

def test_pinned(report):
    assert "It returned a float32 array of shape" in report.message
    assert report.id == "not-finite", "the id names what is wrong with the values here"
    assert run("def f(x):\\n    return x + 1 if x else None") == 2

@pytest.mark.parametrize(
    ("code", "said"),
    [
        ("x = 1", "the loop over rows is not vectorised at all"),
        ("def f(x): return x + 1", "not-vectorised"),
    ],
)
def test_rows(code, said):
    pass
"""


@pytest.mark.parametrize(
    ("text", "sentence"),
    [
        ("It returned a float32 array of shape (4, 4).", True),
        ("not-finite", False),
        ("def f(x): return x + 1 if x else None", False),  # code: few plain words
        ("the first line of\nthe second line of text", False),  # a multi-line source
        ("    return np.where(mask, scores, x) if x is not None else y", False),  # indented code
    ],
)
def test_a_sentence_is_one_line_of_five_plain_words(text: str, sentence: bool) -> None:
    assert is_sentence(text) is sentence


def test_pins_counts_sentence_assertions_and_rows_only() -> None:
    asserts, rows = pins(ast.parse(MODULE))
    assert asserts == [5]  # the id assertion's message and the code string do not count
    assert rows == [12]


TABLES = """
import pytest

SAID = "It returned the str 'the table' where an array was expected"
CASES = [("x = 1", SAID), ("y = 2", "not-numbers")]

@pytest.mark.parametrize(("code", "said"), CASES)
def test_rows(code, said):
    pass

def test_named(report):
    assert SAID in report.message
"""


def test_pins_follows_names_to_the_module_level_tables_and_constants_they_name() -> None:
    asserts, rows = pins(ast.parse(TABLES))
    assert asserts == [12]
    assert rows == [5]  # the row naming SAID, in the table CASES


# issue 28: prose is pinned once, in the golden reports; tests assert ids and values.
MOST_SENTENCE_ASSERTIONS = 20


def test_the_repositorys_tests_pin_few_sentences_and_no_parametrize_row_does(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main([]) == 0
    counted = capsys.readouterr().out.splitlines()
    assertions, rows = (int(line.rsplit(":", 1)[1]) for line in counted)
    assert assertions <= MOST_SENTENCE_ASSERTIONS
    assert rows == 0
