"""Reading exercise folders: a broken one names the file and field at fault."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
import tomllib
from pathlib import Path
from typing import get_type_hints

import jsonschema
import pytest

from graders.catalog import Catalog
from graders.exercise import load_exercise
from graders.exercise_file import ExerciseError, ExerciseFile, LimitsFile
from graders.markdown import parse_examples, parse_hints
from graders.protocol.limits import Limits
from tests.conftest import EXERCISES, FLAGSHIP, ROOT

SCHEMA_FILE = ROOT / "docs" / "exercise.schema.json"
FOLDERS = sorted(folder for folder in EXERCISES.iterdir() if (folder / "exercise.toml").exists())


@pytest.fixture
def copy(tmp_path: Path) -> Path:
    folder = tmp_path / FLAGSHIP
    shutil.copytree(EXERCISES / FLAGSHIP, folder)
    return folder


def edit(folder: Path, old: str, new: str, file: str = "exercise.toml") -> None:
    path = folder / file
    text = path.read_text(encoding="utf-8")
    assert old in text
    path.write_text(text.replace(old, new, 1), encoding="utf-8")


# Each case breaks one field of the flagship's exercise.toml: (old text, new text, field, problem).
# fmt: off
BROKEN_FIELDS = {
    "bad-difficulty": ('difficulty = "medium"', 'difficulty = "trivial"', "difficulty",
                       "Input should be 'easy', 'medium' or 'hard'"),
    "missing-title": ('title = "Sinusoidal Positional Encoding"', "", "title", "missing"),
    "blank-summary": ('summary = "Build', 'summary = " " #', "summary", "is empty"),
    "function-not-a-string": ("[entry]", "[entry]\nfunction = 3\n[other]", "entry.function",
                              "Input should be a valid string"),
    "unknown-key-in-entry": ("[entry]", '[entry]\ncolour = "red"', "entry.colour", "unknown key"),
    "misspelt-table": ("[[tests]]", "[[test]]", "test", "unknown key"),
    "check-not-a-string": ('check = "shape"', "check = 3", "tests[0].check",
                           "Input should be a valid string"),
    "duplicate-test-id": ('id = "row-0"', 'id = "shape"', "tests", "duplicate ids ['shape']"),
    "probe-not-a-list": ("probes = [[1, 2],", "probes = [1, [2],", "tests[0].probes",
                         "a probe must be a list of arguments, not 1"),
    "generate-without-args": ("probes = [[3, 4]]", "generate = { count = 2 }",
                              "tests[2].generate.args", "missing"),
    "limit-not-a-number": ("[entry]", '[limits]\ncpu_seconds = "fast"\n[entry]',
                           "limits.cpu_seconds", "Input should be a valid number"),
    "unknown-limit": ("[entry]", "[limits]\ngpu_seconds = 1.0\n[entry]", "limits.gpu_seconds",
                      "unknown key"),
    "unknown-test": ('fails = ["vectorised"]', 'fails = ["nonexistent"]', "mistakes[0].fails",
                     "names unknown tests ['nonexistent']"),
    "fails-nothing": ('fails = ["vectorised"]', "fails = []", "mistakes[0].fails", "is empty"),
    "hint-out-of-range": ("hint = 1", "hint = 99", "mistakes[0].hint",
                          "must be a hint number from 1 to 5"),
    "hint-not-a-number": ("hint = 1", 'hint = "1"', "mistakes[0].hint",
                          "Input should be a valid integer"),
    "bad-toml": ("[entry]", "[entry", "toml", "Expected ']'"),
}
# fmt: on


@pytest.mark.parametrize(
    ("old", "new", "field", "problem"), BROKEN_FIELDS.values(), ids=BROKEN_FIELDS.keys()
)
def test_a_broken_field_is_reported_with_file_field_and_problem(
    copy: Path, old: str, new: str, field: str, problem: str
) -> None:
    edit(copy, old, new)
    with pytest.raises(ExerciseError) as caught:
        load_exercise(copy)
    assert caught.value.path.name == "exercise.toml"
    assert caught.value.field_name == field
    assert problem in caught.value.problem


def test_a_mistake_without_its_file_is_reported_at_the_missing_file(copy: Path) -> None:
    edit(copy, 'id = "python-loop"', 'id = "no-such-file"')
    with pytest.raises(ExerciseError) as caught:
        load_exercise(copy)
    assert caught.value.path == copy.resolve() / "mistakes" / "no-such-file.py"
    assert caught.value.field_name == "mistakes[0].id"


def test_an_override_above_the_ceiling_is_refused_with_file_and_field(copy: Path) -> None:
    edit(copy, "[entry]", "[limits]\ncpu_seconds = 3.0\n[entry]")
    with pytest.raises(ExerciseError) as caught:
        load_exercise(copy, Limits(cpu_seconds=2.0))
    assert caught.value.path == copy.resolve() / "exercise.toml"
    assert caught.value.field_name == "limits.cpu_seconds"
    assert caught.value.problem.startswith("3.0 ")  # the value written
    assert "ceiling of 2.0" in caught.value.problem  # and the one it may not exceed


def test_an_override_below_the_ceiling_lowers_only_that_limit(copy: Path) -> None:
    edit(copy, "[entry]", "[limits]\ncpu_seconds = 1\nprocesses = 0\n[entry]")
    ceilings = Limits(cpu_seconds=2.0)
    assert load_exercise(copy, ceilings).limits == Limits(cpu_seconds=1.0)


def test_the_limits_table_offers_every_limit_with_its_type() -> None:
    assert get_type_hints(LimitsFile) == get_type_hints(Limits)


# A process whose Limits has one more field, as a new limit would be declared in
# graders/protocol/limits.py, and nothing else changed: exercise_file.py is not touched.
NEW_LIMIT = """
import dataclasses, sys
from pathlib import Path

import graders.protocol.limits as limits

@dataclasses.dataclass(frozen=True)
class Limits(limits.Limits):
    gpu_seconds: float = 2.0

limits.Limits = Limits  # before graders.exercise_file is imported: as if written there
from graders.exercise import load_exercise
from graders.exercise_file import ExerciseError

try:
    print(load_exercise(Path(sys.argv[1]), Limits()).limits.gpu_seconds)
except ExerciseError as error:
    print(f"{error.field_name}: {error.problem}")
"""


@pytest.mark.parametrize(
    ("written", "first", "named"),
    [
        ("0.5", "0.5", ()),  # the limit read
        ("3.0", "limits.gpu_seconds:", ("3.0", "ceiling of 2.0")),  # the field, and why not
        ('"fast"', "limits.gpu_seconds:", ("valid number",)),
    ],
    ids=["lowered", "above-the-ceiling", "not-a-number"],
)
def test_a_limit_added_to_limits_is_read_from_exercise_toml(
    copy: Path, written: str, first: str, named: tuple[str, ...]
) -> None:
    edit(copy, "[entry]", f"[limits]\ngpu_seconds = {written}\n[entry]")
    result = subprocess.run(
        [sys.executable, "-c", NEW_LIMIT, str(copy)],
        capture_output=True, text=True, cwd=ROOT, timeout=60,
    )  # fmt: skip
    printed = result.stdout.strip()
    assert printed.split(" ")[0] == first, result.stderr
    assert [fact for fact in named if fact not in printed] == [], printed


def test_a_tests_other_keys_are_its_params(copy: Path) -> None:
    edit(copy, 'check = "finite_within"', 'check = "finite_within"\nlow = -2.0\nhigh = 2.0')
    exercise = load_exercise(copy)
    assert exercise.test("bounds").params == {"low": -2.0, "high": 2.0}
    assert exercise.test("shape").params == {}


def test_a_missing_file_is_reported(copy: Path) -> None:
    (copy / "hints.md").unlink()
    with pytest.raises(ExerciseError, match=r"hints\.md: file: missing"):
        load_exercise(copy)


def test_a_malformed_pycon_example_is_reported_in_the_statement(copy: Path) -> None:
    edit(copy, ">>> positional_encoding(1, 6)", ">>>positional_encoding(1, 6)", "statement.md")
    with pytest.raises(ExerciseError) as caught:
        load_exercise(copy)
    assert (caught.value.path.name, caught.value.field_name) == ("statement.md", "examples")
    assert "lacks blank after >>>" in caught.value.problem


def test_the_catalog_leaves_out_a_broken_folder_and_serves_the_rest(tmp_path: Path) -> None:
    shutil.copytree(EXERCISES / FLAGSHIP, tmp_path / FLAGSHIP)
    broken = tmp_path / "broken-one"
    shutil.copytree(EXERCISES / FLAGSHIP, broken)
    edit(broken, 'check = "shape"', 'check = "nope"')
    catalog = Catalog(tmp_path).load()
    assert list(catalog.exercises) == [FLAGSHIP]
    assert "unknown checks ['nope']" in catalog.broken["broken-one"]


def test_the_catalog_reloads_a_changed_exercise(copy: Path) -> None:
    catalog = Catalog(copy.parent).load()
    statement = copy / "statement.md"
    statement.write_text(statement.read_text() + "\nA new paragraph.\n")
    os.utime(statement, (statement.stat().st_atime + 5, statement.stat().st_mtime + 5))
    assert catalog.reload_changed() == [FLAGSHIP]
    assert "A new paragraph." in catalog.get(FLAGSHIP).statement


def test_hints_are_split_on_level_two_headings() -> None:
    hints = parse_hints("<!-- note -->\n## First\nnudge\n\n## Second\nmore\n### detail\n")
    assert [(hint.title, hint.markdown) for hint in hints] == [
        ("First", "nudge"),
        ("Second", "more\n### detail"),
    ]


@pytest.mark.parametrize(
    "fence",
    [
        "```python\n## not a hint\nx = 1\n```",
        "~~~\n## not a hint\n~~~",
        "````md\n```\n## not a hint\n```\n````",
        "    ## not a hint (an indented code block)",
    ],
    ids=["backticks", "tildes", "nested-fence", "indented-code"],
)
def test_a_level_two_line_inside_code_does_not_start_a_hint(fence: str) -> None:
    hints = parse_hints(f"## First\nnudge:\n\n{fence}\n\n## Second\nmore\n")
    assert [hint.title for hint in hints] == ["First", "Second"]
    assert hints[0].markdown == f"nudge:\n\n{fence}"


def test_a_hint_keeps_its_sections_source_text() -> None:
    body = "Use *broadcasting*:\n\n- one\n- two\n\n$$\nx = y\n$$\n\n> ## a heading in a quote"
    [hint] = parse_hints(f"intro\n\n## Only hint ##\n{body}\n")
    assert (hint.title, hint.markdown) == ("Only hint", body)


def test_pycon_blocks_become_examples() -> None:
    markdown = "text\n\n```pycon\n>>> f(1)\n[1.0,\n 2.0]\n```\n\n```python\nnot an example\n```\n"
    [example] = parse_examples(markdown)
    assert (example.expression, example.expected, example.line) == ("f(1)", "[1.0,\n 2.0]", 4)


def test_a_pycon_block_keeps_every_example_on_its_own_line() -> None:
    markdown = (
        "# Statement\n"
        "\n"
        "```pycon\n"
        ">>> f(1)\n"
        "[1.0]\n"
        ">>> f(2,\n"
        "...   3)\n"
        "[2.0, 3.0]\n"
        "\n"
        ">>> f(4).shape\n"
        "(4,)\n"
        "```\n"
    )
    examples = [(item.expression, item.expected, item.line) for item in parse_examples(markdown)]
    assert examples == [
        ("f(1)", "[1.0]", 4),
        ("f(2,\n  3)", "[2.0, 3.0]", 6),
        ("f(4).shape", "(4,)", 10),
    ]


def test_the_exported_exercise_schema_is_the_models_schema() -> None:
    """docs/exercise.schema.json is generated (`make contracts`): it must match the model."""
    exported = json.loads(SCHEMA_FILE.read_text(encoding="utf-8"))
    assert exported == ExerciseFile.model_json_schema()


@pytest.mark.parametrize("folder", FOLDERS, ids=lambda folder: folder.name)
def test_every_exercise_toml_validates_against_the_exported_schema(folder: Path) -> None:
    data = tomllib.loads((folder / "exercise.toml").read_text(encoding="utf-8"))
    jsonschema.validate(data, json.loads(SCHEMA_FILE.read_text(encoding="utf-8")))


def test_a_mistake_file_not_in_exercise_toml_is_an_error_naming_the_file(copy: Path) -> None:
    shutil.copy(copy / "mistakes" / "python-loop.py", copy / "mistakes" / "forgotten.py")
    with pytest.raises(ExerciseError) as caught:
        load_exercise(copy)
    assert caught.value.path == copy.resolve() / "mistakes" / "forgotten.py"
    assert 'id = "forgotten"' in caught.value.problem


# A bad tolerance, at the top or in a test's table, is blamed on exercise.toml and its field.
# fmt: off
BAD_TOLERANCES = {
    "text": ("tolerance = 1e-4 ", 'tolerance = "abc"', "tolerance", "valid number"),
    "negative": ("tolerance = 1e-4 ", "tolerance = -1e-4", "tolerance", "greater than or equal"),
    "infinite": ("tolerance = 1e-4 ", "tolerance = inf", "tolerance", "finite number"),
    "not-a-number": ("tolerance = 1e-4 ", "tolerance = nan", "tolerance", "finite number"),
    "in-a-test": ('check = "matches_reference"', 'check = "matches_reference"\ntolerance = 1e-3',
                  "tests[2]", "a test has no tolerance of its own"),
}
# fmt: on


@pytest.mark.parametrize(
    ("old", "new", "field", "problem"), BAD_TOLERANCES.values(), ids=BAD_TOLERANCES.keys()
)
def test_a_bad_tolerance_is_blamed_on_exercise_toml(
    copy: Path, old: str, new: str, field: str, problem: str
) -> None:
    edit(copy, old, new)
    catalog = Catalog(copy.parent).load()
    assert catalog.broken[FLAGSHIP].startswith(f"exercise.toml: {field}: ")
    assert problem in catalog.broken[FLAGSHIP]


def _place(folder: Path, section: str, order: int | None) -> None:
    text = (folder / "exercise.toml").read_text(encoding="utf-8")
    text = text.replace("section = ", f'section = "{section}"\n# was: ', 1)
    text = text.replace("order = ", "# order was: " if order is None else f"order = {order}\n# ", 1)
    (folder / "exercise.toml").write_text(text, encoding="utf-8")


def test_the_catalog_lists_sections_then_order_then_slug_however_it_reloads(
    tmp_path: Path,
) -> None:
    places = {  # slug: (section, order)
        "b-unordered": ("Basics", None), "c-second": ("Basics", 2), "a-first": ("Basics", 1),
        "z-later-section": ("Attention", 3), "d-tie": ("Basics", 2),
    }  # fmt: skip
    for slug, (section, order) in places.items():
        shutil.copytree(EXERCISES / FLAGSHIP, tmp_path / slug)
        _place(tmp_path / slug, section, order)
    catalog = Catalog(tmp_path).load()
    expected = ["a-first", "c-second", "d-tie", "b-unordered", "z-later-section"]
    assert [exercise.slug for exercise in catalog] == expected
    later = (tmp_path / "a-first" / "exercise.toml").stat().st_mtime + 5
    os.utime(tmp_path / "a-first" / "statement.md", (later, later))
    assert catalog.reload_changed() == ["a-first"]
    assert [exercise.slug for exercise in catalog] == expected
    assert catalog.get("c-second").section == "Basics"
    assert catalog.get("c-second").order == 2


@pytest.mark.parametrize("order", ["0", "-1", '"1"'])
def test_an_order_below_one_or_not_an_integer_is_refused(copy: Path, order: str) -> None:
    edit(copy, "order = 2 ", f"order = {order} ")
    with pytest.raises(ExerciseError) as caught:
        load_exercise(copy)
    assert caught.value.field_name == "order"


def test_a_mistakes_tip_is_rendered_like_its_explanation(copy: Path) -> None:
    edit(copy, 'id = "python-loop"', 'id = "python-loop"\ntip = "Try `np.outer`, $x^2$."')
    mistake = load_exercise(copy).mistakes[0]
    assert mistake.tip == "Try `np.outer`, $x^2$."
    assert "<code>np.outer</code>" in mistake.tip_html
    assert "$x^2$" in mistake.tip_html


@pytest.mark.parametrize(
    "spelling",
    ['sizes = [0]\nnames = ["max_len"]', 'params = { sizes = [0], names = ["max_len"] }'],
    ids=["top-level-keys", "params-table"],
)
def test_a_tests_parameters_read_the_same_in_either_spelling(copy: Path, spelling: str) -> None:
    edit(
        copy,
        'check = "no_python_loops"\nprobes = [[8, 8]]',
        f'check = "no_python_loops"\nprobes = [[8, 8]]\n{spelling}',
    )
    test = next(test for test in load_exercise(copy).tests if test.id == "vectorised")
    assert test.params == {"sizes": [0], "names": ["max_len"]}


def test_a_tolerance_inside_a_params_table_is_refused(copy: Path) -> None:
    edit(
        copy,
        'check = "no_python_loops"\n',
        'check = "no_python_loops"\nparams = { tolerance = 1e-3 }\n',
    )
    with pytest.raises(ExerciseError, match="tolerance"):
        load_exercise(copy)
