"""`gradebox validate --fill-examples` and `--write-fails`, and multi-line `pycon` examples.

Each test edits a copy of the tuple fixture (tests/fixtures/exercises/softmax-cross-entropy) in
tmp_path, as an author would, and reads back exactly what the tool wrote.
"""

from __future__ import annotations

import dataclasses
import shutil
import tomllib
from pathlib import Path

import pytest

from graders.exercise import load_exercise
from graders.markdown import parse_examples
from graders.validate import Validation
from graders.validate_examples import check_examples, read_shown, shown_decimals, shown_value
from graders.validate_tools import fill_examples, write_fails
from tests.conftest import ROOT, Gradebox

FIXTURE = ROOT / "tests" / "fixtures" / "exercises" / "softmax-cross-entropy"

STATEMENT = """# Loss and gradient

```pycon
>>> logits = np.array([[0.0, 0.0],
...                    [2.0, 0.0]])
>>> loss, grad = softmax_cross_entropy(logits, np.array([0, 1]))
>>> round(loss, 4)
1.4100004
>>> grad
[[9.0, 9.0],
 [9.0, 9.0]]
>>> softmax_cross_entropy(np.array([[0.0, 0.0]]),
...                       np.array([0]))
>>> grad.shape
(2, 2)
```
"""
FILLED = STATEMENT.replace(
    "[[9.0, 9.0],\n [9.0, 9.0]]", "[[-0.25, 0.25], [0.440399, -0.440399]]"
).replace("np.array([0]))\n", "np.array([0]))\n(0.693147, [[-0.5, 0.5]])\n")


@pytest.fixture
def folder(tmp_path: Path) -> Path:
    copy = tmp_path / FIXTURE.name
    shutil.copytree(FIXTURE, copy)
    return copy


def checked(folder: Path) -> Validation:
    """The statement's examples of `folder`, run against its reference (no grading)."""
    exercise = load_exercise(folder)
    result = Validation(folder, exercise)
    check_examples(exercise, result)
    return result


def test_multi_line_examples_run_in_one_namespace(folder: Path) -> None:
    (folder / "statement.md").write_text(FILLED)
    assert checked(folder).problems == []


def test_a_wrong_or_missing_output_is_a_problem_naming_the_tool(folder: Path) -> None:
    (folder / "statement.md").write_text(STATEMENT)
    problems = checked(folder).problems
    assert [problem.split(":")[0] for problem in problems] == [
        "statement.md line 9",
        "statement.md line 12",
    ]
    # The example, what it shows, and what the reference gives instead.
    assert "`grad` shows [[9.0, 9.0]" in problems[0]
    assert problems[0].endswith(" [[-0.25, 0.25], [0.440399, -0.440399]]")
    assert "shows nothing" in problems[1]
    assert "(0.693147, [[-0.5, 0.5]])" in problems[1]
    assert "--fill-examples" in problems[1]  # the tool that writes it


@pytest.mark.parametrize("ending", ["\n", "\r\n"], ids=["lf", "crlf"])
def test_fill_examples_writes_only_the_outputs_that_differ(folder: Path, ending: str) -> None:
    """The author's prompts, `...` lines and agreeing outputs (`1.4100004`, within the fixture's
    1e-6 of 1.41) stay as written; the values written have the 6 decimals 1e-6 needs."""
    (folder / "statement.md").write_bytes(STATEMENT.replace("\n", ending).encode())
    assert fill_examples(checked(folder)) == [9, 12]
    assert (folder / "statement.md").read_bytes() == FILLED.replace("\n", ending).encode()
    assert checked(folder).problems == []
    assert fill_examples(checked(folder)) == []


def test_fill_examples_keeps_the_indent_of_the_prompt(folder: Path) -> None:
    (folder / "statement.md").write_text("# T\n\n```pycon\n  >>> round(1 / 3, 2)\n  0.5\n```\n")
    assert fill_examples(checked(folder)) == [4]
    assert (
        folder / "statement.md"
    ).read_text() == "# T\n\n```pycon\n  >>> round(1 / 3, 2)\n  0.33\n```\n"


@pytest.mark.parametrize(
    ("text", "value"),
    [
        ("(0.6931, [[-0.5, 0.5]])", (0.6931, [[-0.5, 0.5]])),
        ("array([0.5, 1. ])", [0.5, 1.0]),
        ("[nan, inf]", [float("nan"), float("inf")]),
    ],
    ids=["tuple", "numpy-repr", "non-finite"],
)
def test_an_example_may_show_a_literal_or_numpy_repr(text: str, value: object) -> None:
    assert shown_value(read_shown(text)) == shown_value(value)


def test_shown_values_round_to_four_decimals_item_by_item() -> None:
    import numpy as np

    value = (np.float64(-0.00001), np.array([[1 / 3, 2.0]]), {"n": 3}, None, [np.ones(1), 2])
    assert shown_value(value) == "(0.0, [[0.3333, 2.0]], {'n': 3}, None, [[1.0], 2])"
    assert shown_value(value, 6) == "(-1e-05, [[0.333333, 2.0]], {'n': 3}, None, [[1.0], 2])"


@pytest.mark.parametrize(
    ("tolerance", "decimals"), [(1e-3, 4), (1e-4, 4), (5e-5, 4), (1e-5, 5), (1e-6, 6), (1e-9, 9)]
)
def test_examples_show_the_decimals_the_tolerance_needs(tolerance: float, decimals: int) -> None:
    assert shown_decimals(tolerance) == decimals


def test_an_example_off_by_less_than_the_old_floor_is_a_problem(folder: Path) -> None:
    """No 5e-5 floor: at the fixture's tolerance of 1e-6, 0.6931 is not ln 2."""
    (folder / "statement.md").write_text(
        FILLED.replace("(0.693147, [[-0.5, 0.5]])", "(0.6931, [[-0.5, 0.5]])")
    )
    problems = checked(folder).problems
    assert [problem.split(":")[0] for problem in problems] == ["statement.md line 11"]


TOML_TAIL = """
[[mistakes]]
id = "loss-summed"
title = "Loss and gradient summed over the batch, not averaged"
fails = [
    "shape",   # wrong on purpose
    "values",
]  # a comment the author keeps
explanation = \"\"\"Your loss is the batch's total.
[[not a table]]
fails = ["inside a string"]\"\"\"
"""


def _with_tail(folder: Path) -> str:
    text = (folder / "exercise.toml").read_text()
    start = text.index('[[mistakes]]\nid = "loss-summed"')
    end = text.index("[[mistakes]]", start + 1)
    return text[:start] + TOML_TAIL.lstrip() + "\n" + text[end:]


def test_write_fails_rewrites_only_the_fails_that_differ(folder: Path) -> None:
    toml = folder / "exercise.toml"
    toml.write_text(_with_tail(folder))
    exercise = load_exercise(folder)
    observed = {"loss-summed": ["large-logits", "values"], "no-max-shift": ["large-logits"]}
    validation = Validation(folder, exercise, observed_fails=observed)
    before = toml.read_text()
    assert write_fails(validation) == ["loss-summed"]
    after = toml.read_text()
    expected = before.replace(
        'fails = [\n    "shape",   # wrong on purpose\n    "values",\n]  # a comment the author keeps',
        'fails = ["values", "large-logits"]  # a comment the author keeps',
    )
    assert after == expected
    mistakes = {item["id"]: item for item in tomllib.loads(after)["mistakes"]}
    assert mistakes["loss-summed"]["explanation"].endswith('fails = ["inside a string"]')
    assert write_fails(Validation(folder, load_exercise(folder), observed_fails=observed)) == []


def test_write_fails_leaves_a_mistake_that_did_not_run_or_passed(folder: Path) -> None:
    exercise = load_exercise(folder)
    exercise = dataclasses.replace(exercise, mistakes=exercise.mistakes[:1])
    before = (folder / "exercise.toml").read_text()
    assert write_fails(Validation(folder, exercise, observed_fails={"no-max-shift": []})) == []
    assert (folder / "exercise.toml").read_text() == before


def test_validate_with_both_tools_fixes_the_folder(folder: Path, gradebox: Gradebox) -> None:
    """The author's loop: a statement without outputs and a guessed `fails`, fixed in one run."""
    (folder / "statement.md").write_text(STATEMENT)
    toml = folder / "exercise.toml"
    toml.write_text(toml.read_text().replace('fails = ["large-logits"]', 'fails = ["values"]'))
    done = gradebox("validate", "--fill-examples", "--write-fails", str(folder))
    assert done.returncode == 0, done.stdout + done.stderr
    lines = done.stdout.splitlines()
    [filled] = [line for line in lines if "lines [9, 12]" in line]  # the examples written
    assert "statement.md" in filled
    [wrote] = [line for line in lines if "`fails` in exercise.toml" in line]
    assert "no-max-shift" in wrote  # the mistake whose `fails` was written
    assert "== softmax-cross-entropy: ok" in done.stdout
    assert (folder / "statement.md").read_text() == FILLED
    assert 'fails = ["large-logits"]' in toml.read_text()
    assert len(parse_examples(FILLED)) == 6
