"""Reading exercise folders: a broken one names the file and field at fault."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from graders.catalog import Catalog
from graders.exercise import ExerciseError, load_exercise, parse_examples, parse_hints
from tests.conftest import EXERCISES, FLAGSHIP


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / FLAGSHIP
    shutil.copytree(EXERCISES / FLAGSHIP, folder)
    return folder


@pytest.mark.parametrize(
    ("old", "new", "file", "field"),
    [
        ('difficulty = "medium"', 'difficulty = "trivial"', "exercise.toml", "difficulty"),
        ('title = "Sinusoidal Positional Encoding"', "", "exercise.toml", "title"),
        ('fails = ["vectorised"]', 'fails = ["nonexistent"]', "exercise.toml", "mistakes[0].fails"),
        ("hint = 1", "hint = 99", "exercise.toml", "mistakes[0].hint"),
        ('id = "python-loop"', 'id = "no-such-file"', "no-such-file.py", "mistakes[0].id"),
        ("[entry]", "[entry]\nfunction = 3\n[other]", "exercise.toml", "entry.function"),
        ("[entry]", "[entry", "exercise.toml", "toml"),
    ],
    ids=[
        "bad-difficulty",
        "missing-title",
        "unknown-test",
        "hint-out-of-range",
        "missing-mistake-file",
        "function-not-a-string",
        "bad-toml",
    ],
)
def test_a_broken_field_is_reported_with_file_and_field(
    copy: Path, old: str, new: str, file: str, field: str
) -> None:
    toml = copy / "exercise.toml"
    text = toml.read_text()
    assert old in text
    toml.write_text(text.replace(old, new, 1))
    with pytest.raises(ExerciseError) as caught:
        load_exercise(copy)
    assert caught.value.path.name == file
    assert caught.value.field_name == field


def test_a_missing_file_is_reported(copy: Path) -> None:
    (copy / "hints.md").unlink()
    with pytest.raises(ExerciseError, match=r"hints\.md: file: missing"):
        load_exercise(copy)


def test_the_catalog_leaves_out_a_broken_folder_and_serves_the_rest(tmp_path: Path) -> None:
    shutil.copytree(EXERCISES / FLAGSHIP, tmp_path / FLAGSHIP)
    broken = tmp_path / "broken-one"
    shutil.copytree(EXERCISES / FLAGSHIP, broken)
    (broken / "exercise.toml").write_text(
        (broken / "exercise.toml").read_text().replace('check = "shape"', 'check = "nope"')
    )
    catalog = Catalog(tmp_path).load()
    assert list(catalog.exercises) == [FLAGSHIP]
    assert "unknown checks ['nope']" in catalog.broken["broken-one"]


def test_the_catalog_reloads_a_changed_exercise(copy: Path) -> None:
    catalog = Catalog(copy.parent).load()
    statement = copy / "statement.md"
    statement.write_text(statement.read_text() + "\nA new paragraph.\n")
    import os

    os.utime(statement, (statement.stat().st_atime + 5, statement.stat().st_mtime + 5))
    assert catalog.reload_changed() == [FLAGSHIP]
    assert "A new paragraph." in catalog.get(FLAGSHIP).statement


def test_hints_are_split_on_level_two_headings() -> None:
    hints = parse_hints("<!-- note -->\n## First\nnudge\n\n## Second\nmore\n### detail\n")
    assert [(hint.title, hint.markdown) for hint in hints] == [
        ("First", "nudge"),
        ("Second", "more\n### detail"),
    ]


def test_pycon_blocks_become_examples() -> None:
    markdown = "text\n\n```pycon\n>>> f(1)\n[1.0,\n 2.0]\n```\n\n```python\nnot an example\n```\n"
    [example] = parse_examples(markdown)
    assert (example.expression, example.expected, example.line) == ("f(1)", "[1.0,\n 2.0]", 4)
