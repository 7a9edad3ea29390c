"""`gradebox validate` runs the statement's examples against the reference, as doctest would."""

from __future__ import annotations

import dataclasses
from pathlib import Path

import pytest

from graders.exercise import Exercise
from graders.markdown import Example
from graders.validate import Validation
from graders.validate_examples import check_examples


def problems_with(exercise: Exercise, *examples: tuple[str, str]) -> list[str]:
    listed = [Example(source, shown, line) for line, (source, shown) in enumerate(examples, 1)]
    result = Validation(Path(exercise.path))
    check_examples(dataclasses.replace(exercise, examples=listed), result)
    return result.problems


def test_an_assignment_example_sets_up_the_next_one(flagship: Exercise) -> None:
    examples = [("pe = positional_encoding(3, 4)", ""), ("pe.shape", "(3, 4)")]
    assert problems_with(flagship, *examples) == []


@pytest.mark.parametrize(
    ("examples", "said"),
    [
        ([("positional_encoding(1, 2).tolist()", "[[1.0, 0.0]]")], "shows [[1.0, 0.0]]"),
        ([("undefined_name = nothing_here", "")], "could not be run"),
        ([("missing + 1", "2")], "could not be evaluated"),
    ],
    ids=["wrong-value", "failing-statement", "failing-expression"],
)
def test_a_wrong_or_broken_example_is_a_problem_with_its_line(
    examples: list[tuple[str, str]], said: str, flagship: Exercise
) -> None:
    problems = problems_with(flagship, *examples)
    assert len(problems) == 1
    assert problems[0].startswith("statement.md line 1: ")
    assert said in problems[0]
