"""`gradebox validate` proves the reference independently (issue 26, items 5 and 6).

Each test breaks a copy of a shipped exercise one way and asserts validate names the breakage
(by a test id or a file, not by a whole sentence).
"""

from __future__ import annotations

import re
import shutil
import tomllib
from collections.abc import Callable
from pathlib import Path

import pytest

from graders.editorial import model_solutions
from graders.engine import Grader
from graders.exercise import load_exercise
from graders.host.pool import SandboxPool
from graders.load_check import load_problems
from graders.scaffold import scaffold
from graders.validate import Validation, validate_exercise
from graders.validate_give_aways import (
    GIVE_AWAY_MIN_TOKENS,
    GIVE_AWAY_SHARE,
    check_give_aways,
    distinctive_tokens,
    give_away_share,
)
from graders.validate_proofs import failers
from tests.conftest import EXERCISES, FLAGSHIP, Gradebox, LoopThread, SyncGrader

Edit = Callable[[Path], None]


def copied(tmp_path: Path, slug: str) -> Path:
    folder = tmp_path / slug
    shutil.copytree(EXERCISES / slug, folder)
    return folder


def replaced(path: Path, old: str, new: str, count: int = 1) -> None:
    text = path.read_text(encoding="utf-8")
    assert text.count(old) >= 1, f"{old!r} is not in {path.name}"
    path.write_text(text.replace(old, new, count), encoding="utf-8")


@pytest.fixture
def validate(pool: SandboxPool, loop_thread: LoopThread) -> Callable[[Path], Validation]:
    def run(folder: Path) -> Validation:
        return loop_thread.run(validate_exercise(folder, Grader(pool)), timeout=300)

    return run


# --- A. tests without calls, tests that cannot fail ---------------------------------------------

EXAMPLE_CALL = "[[{ array = [[1.0, 2.0, 3.0], [4.0, 5.0, 6.0], [7.0, 8.0, 9.0]] }]]\n# By hand"


def _no_probes(folder: Path) -> None:
    replaced(folder / "exercise.toml", "probes = " + EXAMPLE_CALL, "probes = []\n# By hand")


def _vacuous_check(folder: Path) -> None:
    with (folder / "checks.py").open("a", encoding="utf-8") as checks:
        checks.write(
            "\n\nfrom graders import CheckContext, Trial, check\n\n\n"
            '@check("anything_goes")\n'
            "def check_anything_goes(trials: list[Trial], context: CheckContext) -> None:\n"
            "    return None\n"
        )
    with (folder / "exercise.toml").open("a", encoding="utf-8") as toml:
        toml.write(
            '\n[[tests]]\nid = "vacuous"\ntitle = "Passes anything"\ncheck = "anything_goes"\n'
            "probes = [[8, 16]]\n"  # no known mistake raises here
        )


@pytest.mark.parametrize(
    ("slug", "edit", "said"),
    [
        ("causal-mask", _no_probes, "test `example` has no calls"),
        (FLAGSHIP, _vacuous_check, "test `vacuous` cannot fail"),
    ],
    ids=["no-probes", "vacuous-check"],
)
def test_a_test_that_cannot_fail_is_a_problem(
    slug: str, edit: Edit, said: str, tmp_path: Path, validate: Callable[[Path], Validation]
) -> None:
    folder = copied(tmp_path, slug)
    edit(folder)
    result = validate(folder)
    assert any(said in problem for problem in result.problems), result.problems


@pytest.mark.parametrize("slug", ["causal-mask", FLAGSHIP, "softmax-cross-entropy"])
def test_without_known_mistakes_the_library_failers_prove_every_test_can_fail(
    slug: str, tmp_path: Path, validate: Callable[[Path], Validation]
) -> None:
    """No mistake catches anything, so every test warns; the library's failing submissions
    alone fail each test, so none is a problem."""
    folder = copied(tmp_path, slug)
    toml = folder / "exercise.toml"
    text = toml.read_text(encoding="utf-8")
    toml.write_text(text[: text.index("[[mistakes]]")], encoding="utf-8")
    shutil.rmtree(folder / "mistakes")
    (folder / "mistakes").mkdir()
    result = validate(folder)
    exercise = load_exercise(folder)
    assert [f"test `{test.id}` catches no known mistake" for test in exercise.tests] == [
        warning for warning in result.warnings if "catches no known mistake" in warning
    ]
    assert not [problem for problem in result.problems if "cannot fail" in problem]


@pytest.mark.parametrize(
    ("slug", "failer", "caught"),
    [
        ("causal-mask", "zeros", {"example", "values"}),
        ("causal-mask", "wrong-shape", {"shape", "example"}),
        ("causal-mask", "none", {"shape", "example"}),
        ("causal-mask", "in-place", {"inputs-unchanged"}),
        ("causal-mask", "python-loop", {"vectorised"}),
        ("causal-mask", "wrong-dtype", {"dtype"}),
        (FLAGSHIP, "zeros", {"row-0", "example-3x4"}),
        (FLAGSHIP, "python-loop", {"vectorised"}),
        ("softmax-cross-entropy", "zeros", {"values"}),
    ],
)
def test_each_library_failer_fails_the_tests_of_its_kind(
    slug: str, failer: str, caught: set[str], grade: SyncGrader
) -> None:
    exercise = load_exercise(EXERCISES / slug)
    reference = exercise.solution_path.read_text(encoding="utf-8")
    source = {made.name: made.source for made in failers(exercise, reference)}[failer]
    report = grade(exercise, source)
    failing = {test.id for test in report.tests if test.status != "passed"}
    assert report.verdict == "failed", report
    assert caught <= failing


def test_failers_are_made_only_for_the_check_kinds_an_exercise_has() -> None:
    exercise = load_exercise(EXERCISES / FLAGSHIP)  # no inputs_unchanged test
    names = [made.name for made in failers(exercise, "def positional_encoding(a, b):\n    pass\n")]
    assert names == ["zeros", "wrong-shape", "none", "python-loop"]


# --- B. expect ----------------------------------------------------------------------------------


def _expect_wrong(folder: Path) -> None:
    replaced(folder / "exercise.toml", "[4.0, 5.0, -inf]", "[4.0, 5.5, -inf]")


def _expect_not_a_probe(folder: Path) -> None:
    replaced(
        folder / "exercise.toml",
        "expect = [{ call = [{ array = [[1.0, 2.0, 3.0]",
        "expect = [{ call = [{ array = [[1.5, 2.0, 3.0]",
    )


@pytest.mark.parametrize(
    ("edit", "named"),
    [
        (_expect_wrong, ("5.5", "tolerance")),  # the author's value, and the tolerance it missed
        (_expect_not_a_probe, ("1.5", "not one of", "probes")),  # the call, not the test's
    ],
    ids=["wrong-value", "not-a-probe"],
)
def test_an_expect_the_reference_does_not_give_is_a_problem(
    edit: Edit, named: tuple[str, ...], tmp_path: Path, validate: Callable[[Path], Validation]
) -> None:
    folder = copied(tmp_path, "causal-mask")
    assert validate(folder).ok
    edit(folder)
    result = validate(folder)
    where = "test `example`: expect causal_mask("  # the test and the call
    found = [problem for problem in result.problems if problem.startswith(where)]
    assert len(found) == 1, result.problems
    assert [fact for fact in named if fact not in found[0]] == [], found[0]


def test_expect_catches_a_slipped_reference_after_the_tools_rewrote_the_rest(
    tmp_path: Path,
    validate: Callable[[Path], Validation],
    gradebox: Gradebox,
) -> None:
    """The flagship's reference with 1000 for 10000: `--fill-examples` and `--write-fails`
    make the statement and the catches agree with it, but never touch an `expect`."""
    folder = copied(tmp_path, FLAGSHIP)
    replaced(folder / "solution.py", "np.log(10000.0)", "np.log(1000.0)")
    toml = folder / "exercise.toml"
    expects = re.findall(r"^expect = .*?^\]", toml.read_text(encoding="utf-8"), re.M | re.S)
    assert len(expects) == 2
    gradebox("validate", "--fill-examples", "--write-fails", str(folder))
    assert re.findall(r"^expect = .*?^\]", toml.read_text(encoding="utf-8"), re.M | re.S) == (
        expects
    )
    result = validate(folder)
    slips = [
        problem for problem in result.problems if "expect positional_encoding(3, 4)" in problem
    ]
    assert len(slips) == 1, result.problems
    assert "test `example-3x4`" in slips[0]
    assert not any("statement.md" in problem for problem in result.problems), result.problems


def test_the_shipped_expects_are_what_plain_numpy_gives() -> None:
    """The flagship's hand-computed values, recomputed here from their formulas (not the
    reference)."""
    import numpy as np

    flagship = load_exercise(EXERCISES / FLAGSHIP)
    ((probe, value),) = flagship.test("example-3x4").expect
    angles = np.arange(3)[:, None] * np.array([1.0, 0.01])
    table = np.stack([np.sin(angles), np.cos(angles)], axis=-1).reshape(3, 4)
    assert probe.args == (3, 4)
    assert np.allclose(value, table, atol=1e-9, rtol=0)


# --- C. tolerances ------------------------------------------------------------------------------


def test_a_loose_tolerance_is_a_warning_naming_the_test(
    tmp_path: Path, validate: Callable[[Path], Validation]
) -> None:
    folder = copied(tmp_path, "stable-softmax")  # probabilities: around 0.1 to 0.3
    replaced(folder / "exercise.toml", "tolerance = 1e-6 ", "tolerance = 0.05 ")
    warnings = validate(folder).warnings
    loose = [warning for warning in warnings if warning.startswith("tolerance 0.05 is loose")]
    assert any("test `example`" in warning for warning in loose), warnings
    assert not any("test `shape`" in warning for warning in loose)  # shape compares no values


def test_examples_are_compared_at_the_exercise_tolerance(
    tmp_path: Path, validate: Callable[[Path], Validation]
) -> None:
    """stable-softmax's tolerance is 1e-6: an example rounded to 4 decimals (off by 3e-5, under
    the old 5e-5 floor) does not agree."""
    folder = copied(tmp_path, "stable-softmax")
    replaced(folder / "statement.md", "[0.090031, 0.244728, 0.665241]", "[0.09, 0.2447, 0.6652]")
    problems = validate(folder).problems
    assert any(problem.startswith("statement.md line") for problem in problems), problems


# --- D. give-aways ------------------------------------------------------------------------------

SOLUTION_BODY = """```python
positions = np.arange(max_len)[:, None]
two_i = np.arange(0, d_model, 2)
omega = np.exp(two_i * -(np.log(10000.0) / d_model))
angles = positions * omega
pe = np.zeros((max_len, d_model))
pe[:, 0::2] = np.sin(angles)
pe[:, 1::2] = np.cos(angles)
```
"""


def _hint_gives_it_away(folder: Path) -> None:
    replaced(
        folder / "hints.md",
        "## Computing the frequencies\n",
        "## Computing the frequencies\n\n" + SOLUTION_BODY,
    )


def _near_solution_without_blanks(folder: Path) -> None:
    hints = folder / "hints.md"
    text = hints.read_text(encoding="utf-8")
    for blank, filled in [
        ("two_i * ____", "two_i * -(np.log(10000.0) / d_model)"),
        ("positions * ____", "positions * omega"),
        (
            "np.____(angles)\n    pe[:, 1::2] = np.____(angles)",
            "np.sin(angles)\n    pe[:, 1::2] = np.cos(angles)",
        ),
    ]:
        assert blank in text
        text = text.replace(blank, filled)
    hints.write_text(text, encoding="utf-8")


def _explanation_gives_it_away(folder: Path) -> None:
    code = " ".join(f"`{line}`" for line in SOLUTION_BODY.splitlines()[1:-1])
    replaced(
        folder / "exercise.toml",
        'explanation = """Your row 0 looks like',
        f'explanation = """Write {code}. Your row 0 looks like',
    )


@pytest.mark.parametrize(
    ("edit", "where"),
    [
        (_hint_gives_it_away, "hint 2 (Computing the frequencies)"),
        (_near_solution_without_blanks, "hint 5 (Almost there)"),
        (_explanation_gives_it_away, "mistake `concatenated-halves` explanation"),
    ],
    ids=["hint", "near-solution-without-blanks", "mistake-explanation"],
)
def test_a_text_that_holds_the_reference_code_is_a_warning(
    edit: Edit, where: str, tmp_path: Path, validate: Callable[[Path], Validation]
) -> None:
    folder = copied(tmp_path, FLAGSHIP)
    edit(folder)
    warnings = validate(folder).warnings
    found = [warning for warning in warnings if warning.startswith(f"{where} ")]
    assert len(found) == 1, warnings
    assert "reference's code" in found[0]  # what it holds


def test_distinctive_tokens_leave_out_parameters_and_what_every_solution_names() -> None:
    reference = (EXERCISES / FLAGSHIP / "solution.py").read_text(encoding="utf-8")
    tokens = distinctive_tokens(reference, "positional_encoding")
    assert {"omega", "angles", "two_i", "10000.0", "sin", "cos", "exp", "log"} <= tokens
    assert not {"np", "max_len", "d_model", "float64", "None", "2.0", "0.0"} & tokens
    assert give_away_share("`np.sin(angles)` and `omega`", tokens) == pytest.approx(3 / len(tokens))


# --- E. the editorial ---------------------------------------------------------------------------


def _no_editorial(folder: Path) -> None:
    (folder / "solution.md").unlink()


def _editorial_slipped(folder: Path) -> None:
    replaced(folder / "solution.md", "k=1)", "k=0)")


def _editorial_without_code(folder: Path) -> None:
    replaced(folder / "solution.md", "```python", "```text")


@pytest.mark.parametrize(
    ("edit", "said"),
    [
        (_no_editorial, "solution.md: missing"),
        (_editorial_slipped, "the model solution fails ["),
        (_editorial_without_code, "solution.md: no model solution"),
    ],
    ids=["missing", "model-solution-fails", "no-model-solution"],
)
def test_a_missing_or_failing_editorial_is_a_problem(
    edit: Edit, said: str, tmp_path: Path, validate: Callable[[Path], Validation]
) -> None:
    folder = copied(tmp_path, "causal-mask")
    edit(folder)
    result = validate(folder)
    assert any(said in problem for problem in result.problems), result.problems


def test_the_scaffold_writes_an_editorial_whose_model_solution_passes(
    tmp_path: Path, validate: Callable[[Path], Validation]
) -> None:
    folder = scaffold(tmp_path, "new-exercise")
    problems = [problem for problem in validate(folder).problems if "solution.md" in problem]
    assert problems == [problem for problem in problems if problem.startswith("to do: ")]
    assert problems  # the scaffold's editorial still says TODO
    assert model_solutions((folder / "solution.md").read_text(encoding="utf-8"), "solve")


def test_the_scaffold_writes_a_messages_toml_that_loads_with_its_examples_commented(
    tmp_path: Path,
) -> None:
    folder = scaffold(tmp_path, "new-exercise")
    text = (folder / "messages.toml").read_text(encoding="utf-8")
    assert "context.fail(" in text  # the pattern, shown
    assert "[findings." in text
    assert tomllib.loads(text) == {"messages": {}}  # and nothing a check does not name
    assert load_problems(load_exercise(folder)) == []


@pytest.mark.parametrize("folder", sorted(EXERCISES.iterdir()), ids=lambda folder: folder.name)
def test_a_near_solution_with_blanks_gives_nothing_away(folder: Path) -> None:
    """Every shipped last hint is a fill-in-the-blanks near-solution: most of the reference's
    names, with blanks where the learner's thinking goes, which is no give-away."""
    exercise = load_exercise(folder)
    tokens = distinctive_tokens(exercise.solution_path.read_text(encoding="utf-8"), exercise.entry)
    result = Validation(folder, exercise)
    check_give_aways(exercise, result)
    assert result.warnings == []
    last = exercise.hints[-1].markdown
    if len(tokens) >= GIVE_AWAY_MIN_TOKENS and give_away_share(last, tokens) >= GIVE_AWAY_SHARE:
        assert give_away_share(last, tokens, blanks_allowed=True) < GIVE_AWAY_SHARE
