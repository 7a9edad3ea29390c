"""What a statement promises about a call (inputs unchanged, a new array, float64) is tested:
the child's `shares_memory` flag, the `inputs_unchanged` and `dtype` built-ins, the exercises
that promise them, and `validate`'s warning when a promise has no test."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

from graders.catalog import Catalog
from graders.checks import BUILTIN_CHECKS, CheckContext, Failure, Trial
from graders.engine.reading import read_frames
from graders.inside.child import run_inprocess
from graders.probes import make_probe
from graders.promises import untested_promises
from graders.protocol.frames import decode
from graders.protocol.job import Job
from graders.protocol.limits import Limits
from graders.report import Status
from graders.validate import validate_exercise
from tests.conftest import EXERCISES, LoopThread, SyncGrader, write_editorial

RETURNS = """
import numpy as np


def f(x, y):
    if x.shape[0] == 1:
        return x.T
    if x.shape[0] == 2:
        return (x * 2.0, y[1:])
    if x.shape[0] == 3:
        return x + y
    if x.shape[0] == 4:
        return np.asarray(y)
    x += 1.0
    return x
"""


@pytest.mark.parametrize(
    ("rows", "modified", "shared"),
    [(1, (), (0,)), (2, (), (1,)), (3, (), ()), (4, (), (1,)), (5, (0,), (0,))],
    ids=["transposed-view", "slice-in-a-tuple", "new-array", "asarray-of-input", "in-place"],
)
def test_the_child_flags_a_result_that_shares_memory_with_an_input(
    rows: int, modified: tuple[int, ...], shared: tuple[int, ...]
) -> None:
    args = [(np.zeros((rows, 3)), np.ones((rows, 3)))]
    job = Job(RETURNS, "f", args, Limits(), [False], counted=[False])
    [result] = read_frames(decode(run_inprocess(job))).results.values()
    assert (result.modified, result.shares_memory) == (modified, shared)


def failure_of(check: str, trials: list[Trial], **params: Any) -> Failure | None:
    return BUILTIN_CHECKS[check].function(trials, CheckContext(1e-6, "f", params=params))


def run(check: str, trials: list[Trial], **params: Any) -> str | None:
    failure = failure_of(check, trials, **params)
    return None if failure is None else failure.message


def trial(got: Any, shares_memory: tuple[int, ...] = ()) -> Trial:
    probe = make_probe("f", [np.zeros((2, 2))])
    return Trial(probe, got, None, shares_memory=shares_memory)


def test_a_view_of_an_input_fails_inputs_unchanged_when_a_new_array_is_promised() -> None:
    view = [trial(np.zeros((2, 2)), shares_memory=(0,))]
    failure = failure_of("inputs_unchanged", view, names=["x"], new_array=True)
    assert failure is not None
    assert failure.message_id == "returns-input-view"
    assert failure.message.count("`x`") >= 2  # what it returned, and what a write changes
    assert run("inputs_unchanged", view, names=["x"]) is None  # no promise, no failure
    assert run("inputs_unchanged", [trial(np.zeros((2, 2)))], new_array=True) is None


@pytest.mark.parametrize(
    ("got", "named"),
    [
        (np.zeros((2, 3), np.float32), ("float32 array", "(2, 3)")),
        (np.zeros(4, np.float16), ("float16 array", "(4,)")),
        (np.zeros(4, np.int64), ("int64 array", "(4,)")),
        (np.float32(0.5), ("NumPy float32",)),
        ((0.5, np.zeros(3, np.float32)), ("Item 1", "tuple", "float32 array")),
    ],
    ids=["float32", "float16", "int64", "float32-scalar", "tuple-item"],
)
def test_the_dtype_check_refuses_what_the_statement_does_not_promise(
    got: Any, named: tuple[str, ...]
) -> None:
    failure = failure_of("dtype", [trial(got)])
    assert failure is not None
    assert failure.message_id == "dtype-differs"
    assert [fact for fact in (*named, "float64") if fact not in failure.message] == []


def test_float32_is_told_how_much_it_rounds() -> None:
    message = run("dtype", [trial(np.zeros(3, np.float32))])
    assert message is not None
    assert "7 significant digits" in message
    assert "float64 about 16" in message


@pytest.mark.parametrize(
    "got",
    [np.zeros((2, 3)), np.float64(0.5), 0.5, (0.5, np.zeros(3)), "text", None],
    ids=["float64-array", "float64-scalar", "python-float", "tuple", "str", "none"],
)
def test_the_dtype_check_accepts_float64_and_what_has_no_dtype(got: Any) -> None:
    assert run("dtype", [trial(got)]) is None


def test_the_dtype_check_takes_the_dtype_the_statement_promises() -> None:
    assert run("dtype", [trial(np.zeros(3, np.int64))], dtype="int64") is None
    assert run("dtype", [trial(np.zeros(3))], dtype="int64") is not None


def test_exact_zeros_refuses_a_tiny_value_where_the_reference_gives_exactly_zero() -> None:
    probe = make_probe("f", [np.zeros((2, 2))])
    clipped = [Trial(probe, np.array([0.5, 1e-12, 0.5]), np.array([0.5, 0.0, 0.5]))]
    assert run("matches_reference", clipped) is None  # within the tolerance...
    failure = failure_of("matches_reference", clipped, exact_zeros=True)  # ...not exactly 0
    assert failure is not None
    assert failure.message_id == "not-exactly-zero"
    assert failure.message.startswith("Element 1 is")
    exact = [Trial(probe, np.array([0.5, 0.0, 0.5]), np.array([0.5, 0.0, 0.5]))]
    assert run("matches_reference", exact, exact_zeros=True) is None


# --- validate: a promise without a test ------------------------------------------------------

STATEMENT = """## What you will build

`double(x)` returns twice `x`.

## Return format

A new float64 array of the shape of `x`. Do not modify `x`.

## Examples

```pycon
>>> double(np.array([1.0, 2.0]))
[2.0, 4.0]
```
"""

TOML = """title = "Double"
summary = "Twice x."
difficulty = "easy"
tags = ["numpy"]
section = "Basics"
tolerance = 1e-6

[entry]
function = "double"
signature = "double(x: np.ndarray) -> np.ndarray"

[[tests]]
id = "values"
title = "Twice x"
check = "matches_reference"
probes = [[{ normal = [3], seed = 1 }]]
{extra_tests}
[[mistakes]]
id = "triples"
title = "Three times x"
fails = ["values"]
explanation = "You return 3 x."

[[mistakes]]
id = "adds-one"
title = "x + 1"
fails = ["values"]
explanation = "You return x + 1."

[[mistakes]]
id = "squares"
title = "x squared"
fails = ["values"]
explanation = "You return x squared."
{extra_mistakes}"""

KEEPING_TESTS = """
[[tests]]
id = "inputs-unchanged"
title = "Leaves x as it was and returns a new array"
check = "inputs_unchanged"
params = { names = ["x"], new_array = true }
probes = [[{ normal = [3], seed = 2 }]]

[[tests]]
id = "dtype"
title = "Returns float64"
check = "dtype"
probes = [[{ normal = [3], seed = 3 }]]
"""

KEEPING_MISTAKES = """
[[mistakes]]
id = "doubles-in-place"
title = "x doubled in place"
fails = ["inputs-unchanged"]
explanation = "You write into x."

[[mistakes]]
id = "float32"
title = "float32"
fails = ["dtype"]
explanation = "You return float32."
"""

MISTAKES = {
    "triples": "def double(x):\n    return 3.0 * x\n",
    "adds-one": "def double(x):\n    return x + 1.0\n",
    "squares": "def double(x):\n    return x * x\n",
    "doubles-in-place": "def double(x):\n    x *= 2.0\n    return x\n",
    "float32": "import numpy as np\n\n\ndef double(x):\n    return (2.0 * x).astype(np.float32)\n",
}


def tiny_exercise(folder: Path, kept: bool) -> Path:
    folder.mkdir()
    (folder / "mistakes").mkdir()
    extra_tests, extra_mistakes = (KEEPING_TESTS, KEEPING_MISTAKES) if kept else ("", "")
    toml = TOML.replace("{extra_tests}", extra_tests).replace("{extra_mistakes}", extra_mistakes)
    (folder / "exercise.toml").write_text(toml, encoding="utf-8")
    (folder / "statement.md").write_text(STATEMENT, encoding="utf-8")
    hints = "".join(f"## Hint {n}\n\nMultiply.\n\n" for n in (1, 2, 3))
    (folder / "hints.md").write_text(hints, encoding="utf-8")
    (folder / "starter.py").write_text("def double(x):\n    pass\n", encoding="utf-8")
    (folder / "solution.py").write_text("def double(x):\n    return 2.0 * x\n", encoding="utf-8")
    write_editorial(folder)
    for name, source in MISTAKES.items():
        if kept or name in ("triples", "adds-one", "squares"):
            (folder / "mistakes" / f"{name}.py").write_text(source, encoding="utf-8")
    return folder


def test_validate_warns_about_each_promise_no_test_checks(
    tmp_path: Path, grade: SyncGrader, loop_thread: LoopThread
) -> None:
    folder = tiny_exercise(tmp_path / "double", kept=False)
    validation = loop_thread.run(validate_exercise(folder, grade.grader))
    assert validation.problems == []
    assert [warning.split(":")[0] for warning in validation.warnings] == [
        "untested-inputs-unchanged",
        "untested-new-array",
        "untested-float64",
    ]
    new_array = validation.warnings[1]  # the file, the words that promise, the test to add
    assert new_array.startswith("untested-new-array: statement.md ")
    assert '("new float64 array")' in new_array
    assert '`check = "inputs_unchanged"`' in new_array
    assert "`new_array = true`" in new_array


def test_validate_is_quiet_once_each_promise_has_its_test(
    tmp_path: Path, grade: SyncGrader, loop_thread: LoopThread
) -> None:
    folder = tiny_exercise(tmp_path / "double", kept=True)
    validation = loop_thread.run(validate_exercise(folder, grade.grader))
    assert (validation.problems, validation.warnings) == ([], [])


@pytest.mark.parametrize(
    "text",
    [
        "## Notes\n\nThe inputs of `f` are used again later, so keep them.\n",  # no promise
        "## Examples\n\n```pycon\n>>> f(np.zeros(2)).dtype\nfloat64\n```\n",  # an example's
        "## Conventions\n\nKeep the computation in float64 and build it as a new array.\n",
    ],
    ids=["no-promise", "float64-in-an-example", "float64-outside-the-return-format"],
)
def test_words_that_promise_nothing_about_the_result_are_no_promise(text: str) -> None:
    assert untested_promises(text, []) == []


# --- the exercises keep their statements' promises --------------------------------------------


def test_every_promise_of_every_statement_has_its_test() -> None:
    catalog = Catalog(EXERCISES).load()
    untested = {
        slug: untested_promises(exercise.statement, exercise.tests)
        for slug, exercise in catalog.exercises.items()
    }
    assert {slug: found for slug, found in untested.items() if found} == {}


def test_every_exercise_that_takes_arrays_tests_that_it_leaves_them_unchanged() -> None:
    catalog = Catalog(EXERCISES).load()
    missing = [
        slug
        for slug, exercise in catalog.exercises.items()
        if any(
            isinstance(arg, np.ndarray) for t in exercise.tests for p in t.probes for arg in p.args
        )
        and not any(test.check == "inputs_unchanged" for test in exercise.tests)
    ]
    assert missing == []


# A correct result computed in the caller's arrays: each statement says the inputs are not
# modified, and the inputs-unchanged test is the one that says so.
IN_PLACE = {
    "gelu-feed-forward": """
import numpy as np


def feed_forward(x, w1, b1, w2, b2):
    z = x @ w1 + b1
    w2 *= 0.5
    return (z * (1.0 + np.tanh(np.sqrt(2.0 / np.pi) * (z + 0.044715 * z**3)))) @ w2 + b2
""",
    "layer-norm": """
import numpy as np


def layer_norm(x, gamma, beta, eps=1e-5):
    x -= x.mean(axis=-1, keepdims=True)
    x /= np.sqrt((x**2).mean(axis=-1, keepdims=True) + eps)
    return x * gamma + beta
""",
    "scaled-dot-product-attention": """
import numpy as np


def attention(Q, K, V, causal=False):
    Q /= np.sqrt(Q.shape[-1])
    scores = Q @ K.T
    if causal:
        scores = np.where(np.tril(np.ones(scores.shape, dtype=bool)), scores, -np.inf)
    weights = np.exp(scores - scores.max(axis=-1, keepdims=True))
    return weights / weights.sum(axis=-1, keepdims=True) @ V
""",
}


@pytest.mark.parametrize("slug", sorted(IN_PLACE))
def test_a_right_answer_computed_in_the_inputs_fails_only_inputs_unchanged(
    slug: str, grade: SyncGrader
) -> None:
    exercise = Catalog(EXERCISES).load().get(slug)
    report = grade(exercise, IN_PLACE[slug])
    failed = [test.id for test in report.tests if test.status is not Status.PASSED]
    assert failed == ["inputs-unchanged"]


MULTIPLICATIVE_MASK = """
import numpy as np


def causal_mask(scores):
    t = scores.shape[-1]
    keep = np.tril(np.ones((t, t)))
    return scores * keep + np.where(keep == 1, 0.0, -np.inf)
"""


def test_a_multiplicative_causal_mask_that_turns_minus_inf_into_nan_fails(
    grade: SyncGrader,
) -> None:
    report = grade(Catalog(EXERCISES).load().get("causal-mask"), MULTIPLICATIVE_MASK)
    failed = {test.id: test for test in report.tests if test.status is not Status.PASSED}
    assert list(failed) == ["already-masked"]
    assert failed["already-masked"].message_id == "future-is-nan"
    message = failed["already-masked"].message
    assert "query 0, key 1" in message  # where
    assert "`-inf * 0`" in message  # why


@pytest.mark.parametrize(
    ("slug", "source", "test_id"),
    [
        (
            "causal-mask",
            "import numpy as np\n\n\ndef causal_mask(scores):\n"
            "    t = scores.shape[-1]\n    future = np.triu(np.ones((t, t), dtype=bool), k=1)\n"
            "    return np.where(future, -np.inf, scores).astype(np.float32)\n",
            "dtype",
        ),
        (
            "stable-softmax",
            "import numpy as np\n\n\ndef softmax(x, axis=-1):\n"
            "    e = np.exp(x - x.max(axis=axis, keepdims=True), dtype=np.float32)\n"
            "    return e / e.sum(axis=axis, keepdims=True)\n",
            "dtype",
        ),
        (
            "stable-softmax",
            "import numpy as np\n\n\ndef softmax(x, axis=-1):\n"
            "    e = np.exp(x - x.max(axis=axis, keepdims=True))\n"
            "    return np.clip(e / e.sum(axis=axis, keepdims=True), 1e-12, 1.0)\n",
            "negative-infinity",
        ),
        (
            "learned-position-embedding",
            "import numpy as np\n\n\ndef position_embedding(positions, table):\n"
            "    if ((positions < 0) | (positions >= len(table))).any():\n"
            "        bad = int(positions[(positions < 0) | (positions >= len(table))].flat[0])\n"
            "        raise IndexError(f'position {bad} is outside the table of {len(table)}')\n"
            "    if positions.ndim == 0:\n        return table[int(positions)]\n"
            "    return table[positions]\n",
            "inputs-unchanged",
        ),
    ],
    ids=[
        "causal-mask-float32",
        "stable-softmax-float32",
        "stable-softmax-clipped-to-1e-12",
        "position-embedding-view",
    ],
)
def test_a_broken_result_promise_fails_its_test(
    slug: str, source: str, test_id: str, grade: SyncGrader
) -> None:
    report = grade(Catalog(EXERCISES).load().get(slug), source)
    failed = [test.id for test in report.tests if test.status is not Status.PASSED]
    assert test_id in failed
