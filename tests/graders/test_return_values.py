"""Any return value is graded: each kind gets a failed test that says what came back.

The flagship runs every kind through the real sandbox; all four exercises run every kind through
the child's code in this process (the same policy, packing and engine, without the isolation),
so an exercise's own checks meet every kind too. A few more are packed here, with the real
NumPy, and handed to the engine as the frames a child would send.
"""

from __future__ import annotations

import asyncio
import shutil
import threading
import warnings
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from graders.catalog import Catalog
from graders.engine import Grader, report_for_run
from graders.engine import grader as grader_module
from graders.exercise import Exercise, load_exercise
from graders.host.exchange import FrameListener, RunOutcome, RunStatus
from graders.inside import child
from graders.message_ids import OUR_FAULT, UNEXPECTED_KIND
from graders.protocol import values
from graders.protocol.frames import Frame, decode
from graders.protocol.job import decode_job
from graders.protocol.limits import Limits
from graders.report import Report, Status, Verdict
from tests.conftest import EXERCISES, FLAGSHIP, TEST_LIMITS, SyncGrader


@dataclass(frozen=True)
class Kind:
    name: str
    body: str  # the entry point's body (its arguments are not used)
    message_id: str  # the id of a failed test that says what came back
    got: tuple[str, ...] = ()  # the facts that test's message names about the value
    cap: str | None = None  # and, on the flagship, the cap the value is over


SCALAR = "array-expected"  # one number where the reference returns an array
UNREADABLE = "not-numbers"  # no numbers to compare
COMPLEX = "complex-not-real"
CAP = "16,384 elements"  # the flagship's cap on the elements sent back for one call
SUBCLASS = "numpy.ndarray subclass"

KINDS = [
    Kind("float", "return 0.5", SCALAR, ("the float 0.5",)),
    Kind("int", "return 3", SCALAR, ("the int 3",)),
    Kind("bool", "return True", SCALAR, ("the bool True",)),
    Kind("numpy-scalar", "return np.float32(0.5)", SCALAR, ("the NumPy float32 0.5",)),
    Kind("zero-d-array", "return np.array(0.5)", SCALAR, ("float64 array", "shape () holding 0.5")),
    Kind("none", "return None", UNREADABLE, ("It returned None", "`return`")),
    Kind("no-return", "pass", UNREADABLE, ("It returned None", "`return`")),
    Kind("str", "return 'the table'", UNREADABLE, ("the str 'the table'",)),
    Kind(
        "tuple-of-arrays",
        "return np.zeros((3, 4)), np.ones(4)",
        UNREADABLE,
        ("a tuple of 2 items", "array of shape (3, 4)", "array of shape (4,)"),
    ),
    Kind(
        "list-of-arrays",
        "return [np.zeros(4), np.ones(2)]",
        UNREADABLE,
        ("a list of 2 items", "array of shape (4,)", "array of shape (2,)"),
    ),
    Kind(
        "dict",
        "return {'table': np.zeros((3, 4)), 'n': 3}",
        UNREADABLE,
        ("a dict", "keys 'table', 'n';"),
    ),
    Kind("empty-dict", "return {}", UNREADABLE, ("an empty dict",)),
    Kind(
        "ragged-list",
        "return [[0.0, 1.0], [2.0]]",
        UNREADABLE,
        ("a list of 2 items", "(a list of 2 items,", "a list of 1 items)"),
    ),
    Kind(
        "list-of-text",
        "return ['a', 'b']",
        UNREADABLE,
        ("a list of 2 items", "(the str 'a',", "the str 'b')"),
    ),
    Kind("complex-number", "return 1 + 2j", COMPLEX, ("the complex (1+2j)",)),
    Kind("complex-array", "return np.zeros((2, 4)) + 1j", COMPLEX, ("complex128 array", "(2, 4)")),
    Kind(
        "bool-array",
        "return np.ones((2, 3), dtype=bool)",
        "shape-differs",
        ("returned shape (2, 3)",),
    ),
    Kind(
        "object-array",
        "return np.array([None, 1])",
        UNREADABLE,
        ("dtype object of shape (2,)",),
    ),
    Kind(
        "object-array-of-numbers",
        "return np.frompyfunc(lambda a: a, 1, 1)(np.zeros((2, 2)))",
        UNREADABLE,
        ("dtype object of shape (2, 2)",),
    ),
    Kind("string-array", "return np.array(['a', 'b'])", UNREADABLE, ("dtype str32 of shape (2,)",)),
    Kind(
        "masked-array",
        "return np.ma.masked_array(np.zeros((3, 4)), mask=False)",
        UNREADABLE,
        ("type MaskedArray of shape (3, 4)", SUBCLASS),
    ),
    Kind(
        "matrix",
        "return np.asmatrix(np.zeros((3, 4)))",
        UNREADABLE,
        ("type matrix of shape (3, 4)", SUBCLASS),
    ),
    Kind(
        "record-array",
        "return np.rec.fromarrays([np.zeros(3)])",
        UNREADABLE,
        ("type recarray of shape (3,)", SUBCLASS),
    ),
    Kind("set", "return {1, 2}", UNREADABLE, ("object of type set;",)),
    Kind("generator", "return (i for i in range(3))", UNREADABLE, ("object of type generator;",)),
    Kind("function", "return len", UNREADABLE, ("type builtin_function_or_method;",)),
    Kind("huge-int", "return 2 ** 80", UNREADABLE, ("an int beyond 64 bits",)),
    Kind(
        "huge-shape-zero-size",
        "return np.zeros((10**8, 0))",
        UNREADABLE,
        ("float64 array of shape (100000000, 0)",),
        cap=CAP,
    ),
    Kind(
        "list-of-huge-shape-zero-size",
        "return [np.zeros((10**8, 0))]",
        UNREADABLE,
        ("a list of 1 items", "shape (100000000, 0), too large"),
    ),
    Kind(
        "over-cap-array",
        "return np.zeros(5_000_000)",
        UNREADABLE,
        ("float64 array of shape (5000000,)",),
        cap=CAP,
    ),
    Kind(
        "over-cap-broadcast",
        "return np.broadcast_to(np.zeros(1), (10**6, 10**6))",
        UNREADABLE,
        ("shape (1000000, 1000000)",),
        cap=CAP,
    ),
    Kind("long-list", "return [0] * 4_000_000", UNREADABLE, ("list of 4000000 items",), cap=CAP),
    Kind(
        "deeply-nested-list",
        "x = 1.0\n    for _ in range(10_000):\n        x = [x]\n    return x",
        UNREADABLE,
        ("a list of 1 items", "(a list of 1 items);"),  # two levels shown, not 10,000
    ),
    Kind(
        "long-text",
        "return 'x' * 10**6",
        UNREADABLE,
        ("the str '" + "x" * 60 + "'...", "(1,000,000 characters)"),
    ),
    Kind(
        "many-long-texts",
        "return ['\\u00e9' * 199] * 5000",
        UNREADABLE,
        ("a list of 5000 items", "over 262,144 bytes"),
    ),
]


def source_for(exercise: Exercise, kind: Kind) -> str:
    signature = exercise.signature.split("->")[0].strip()
    return f"import numpy as np\n\n\ndef {signature}:\n    {kind.body}\n"


def assert_graded(report: Report, message_id: str, got: tuple[str, ...]) -> None:
    """Failed, never "our fault"; a failing test with `message_id` names each fact in `got`,
    and each failing test says what was called."""
    assert report.verdict is Verdict.FAILED, report.to_dict()
    failing = [test for test in report.tests if test.status is not Status.PASSED]
    assert failing, "the value passed every test"
    assert all(test.status is Status.FAILED for test in failing), report.to_dict()
    said = [test.message for test in failing if test.message_id == message_id]
    assert any(all(fact in message for fact in got) for message in said), [
        (test.message_id, test.message) for test in failing
    ]
    for test in failing:
        if test.call is not None:  # the loop scan's test names a line, not a call
            assert test.message.startswith(f"Called {test.call}.\n")
    assert all(test.message_id != OUR_FAULT for test in report.tests)
    assert "our fault" not in str(report.to_dict())


@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_each_return_kind_is_graded_in_the_sandbox(
    kind: Kind, flagship: Exercise, grade: SyncGrader
) -> None:
    got = kind.got if kind.cap is None else (*kind.got, kind.cap)
    assert_graded(grade(flagship, source_for(flagship, kind)), kind.message_id, got)


SANDBOXED_ELSEWHERE = ["float", "tuple-of-arrays", "dict", "complex-array", "over-cap-array"]


@pytest.mark.parametrize(
    "kind", [kind for kind in KINDS if kind.name in SANDBOXED_ELSEWHERE], ids=lambda k: k.name
)
def test_return_kinds_are_graded_in_the_sandbox_for_layer_norm(
    kind: Kind, catalog: Catalog, grade: SyncGrader
) -> None:
    exercise = catalog.get("layer-norm")
    assert_graded(grade(exercise, source_for(exercise, kind)), kind.message_id, kind.got)


@dataclass
class InProcessRunner:
    """Runs the job with the child's own code in this process (policy and packing, no
    isolation): fast enough to try every kind on every exercise."""

    async def run(
        self, job: bytes, limits: Limits, on_frames: FrameListener | None = None
    ) -> RunOutcome:
        out = child.Outbox()
        with warnings.catch_warnings():  # as in a child, where warnings are not errors
            warnings.simplefilter("ignore")
            child.run_job(decode_job(decode(job, max_header_bytes=1 << 62)[0]), out)
        frames = decode(b"".join(out.sent))
        if on_frames is not None:
            on_frames(frames)
        return RunOutcome(RunStatus.OK, frames, 1.0)


def graded_in_process(exercise: Exercise, source: str) -> Report:
    return asyncio.run(Grader(InProcessRunner()).grade(exercise, source))


EXERCISE_SLUGS = [
    "sinusoidal-positional-encoding",
    "layer-norm",
    "rotary-positional-embedding",
    "scaled-dot-product-attention",
]


@pytest.mark.parametrize("slug", EXERCISE_SLUGS)
@pytest.mark.parametrize("kind", KINDS, ids=lambda kind: kind.name)
def test_each_return_kind_is_graded_by_every_exercise(
    kind: Kind, slug: str, catalog: Catalog
) -> None:
    exercise = catalog.get(slug)
    got = kind.got if slug != FLAGSHIP or kind.cap is None else (*kind.got, kind.cap)
    assert_graded(graded_in_process(exercise, source_for(exercise, kind)), kind.message_id, got)


# --- values no learner can build in the sandbox, handed to the engine as frames ---------------


def frames_returning(exercise: Exercise, value: Any) -> list[Frame]:
    """What a child would send if every call returned `value`."""
    out = child.Outbox()
    out.send({"t": "compiling"})
    out.send({"t": "compiled"})
    out.send({"t": "loaded", "loops": []})
    for index, _ in enumerate(exercise.all_probes()):
        out.send({"t": "start", "probe": index})
        header, payload = values.pack_value(value, 16_384, 100_000)
        out.send({"t": "result", "probe": index, **header}, payload)
    out.send({"t": "done", "stdout": "", "stdout_truncated": False, "cpu_ms": 1})
    out.flush()
    return decode(b"".join(out.sent))


@pytest.mark.parametrize(
    ("value", "got"),
    [
        (
            np.ma.masked_array([1.0, 2.0], mask=[False, True]),
            ("type MaskedArray of shape (2,)", SUBCLASS),
        ),
        (np.zeros((1, 2)).view(np.matrix), ("type matrix of shape (1, 2)", SUBCLASS)),
        (np.zeros(3, dtype=np.longdouble), ("dtype float128 of shape (3,)",)),
        (np.datetime64("2020-01-01"), ("type numpy.datetime64;",)),
    ],
    ids=["masked-array", "matrix", "longdouble", "numpy-datetime"],
)
def test_values_built_outside_the_sandbox_are_described(
    value: Any, got: tuple[str, ...], flagship: Exercise
) -> None:
    outcome = RunOutcome(RunStatus.OK, frames_returning(flagship, value), 1.0)
    report = report_for_run(flagship, flagship.all_probes(), outcome)
    assert_graded(report, "shape-differs", got)  # the flagship's shape test


def test_a_complex_table_with_real_values_is_told_to_take_the_real_part(
    flagship: Exercise, grade: SyncGrader
) -> None:
    solution = flagship.solution_path.read_text(encoding="utf-8")
    source = solution.replace("    return pe\n", "    return pe + 0j\n")
    report = grade(flagship, source)
    [example] = [test for test in report.tests if test.id == "example-3x4"]
    assert (example.message_id, example.call) == (COMPLEX, "positional_encoding(3, 4)")
    assert "complex128 array of shape (3, 4)" in example.message
    assert "imaginary part is 0" in example.message  # every one of them
    assert "(`.real`)" in example.message
    assert report.verdict is Verdict.FAILED


def test_a_bool_table_is_told_its_dtype(flagship: Exercise, grade: SyncGrader) -> None:
    source = source_for(flagship, Kind("", "return np.ones((max_len, d_model), dtype=bool)", ""))
    [example] = [test for test in grade(flagship, source).tests if test.id == "example-3x4"]
    assert example.message_id == "value-differs"
    assert "dtype is bool;" in example.message
    assert "need float64 (or float32)" in example.message


# --- large results are read off the event loop ------------------------------------------------


def where_reports_are_built(
    monkeypatch: pytest.MonkeyPatch, exercise: Exercise, source: str
) -> tuple[Report, bool]:
    """The report, and whether it was built on the event loop's own thread."""
    threads: list[int] = []

    def recording(*args: Any) -> Report:
        threads.append(threading.get_ident())
        return report_for_run(*args)

    monkeypatch.setattr(grader_module, "report_for_run", recording)

    async def grade() -> tuple[Report, int]:
        report = await Grader(InProcessRunner()).grade(exercise, source)
        return report, threading.get_ident()

    report, loop_thread = asyncio.run(grade())
    return report, threads == [loop_thread]


def test_a_large_result_is_read_and_checked_off_the_event_loop(
    monkeypatch: pytest.MonkeyPatch, flagship: Exercise
) -> None:
    # Four times the reference's table, as complex numbers: 2 MB for the 2048 x 16 call alone.
    solution = flagship.solution_path.read_text(encoding="utf-8")
    source = solution.replace("    return pe\n", "    return np.tile(pe, (1, 4)) + 0j\n")
    report, on_loop = where_reports_are_built(monkeypatch, flagship, source)
    assert not on_loop
    assert report.verdict is Verdict.FAILED


def test_a_small_result_is_checked_on_the_event_loop(
    monkeypatch: pytest.MonkeyPatch, flagship: Exercise
) -> None:
    report, on_loop = where_reports_are_built(
        monkeypatch, flagship, flagship.solution_path.read_text(encoding="utf-8")
    )
    assert on_loop
    assert report.verdict is Verdict.PASSED


# --- a check written for the reference's kind of value meets another kind ---------------------

FRAGILE_CHECK = """

from graders import CheckContext, Failure, Trial, check


@check("fragile")
def check_fragile(trials: list[Trial], context: CheckContext) -> Failure | None:
    for trial in trials:
        if abs(trial.got[0, 1] - 1.0) > context.tolerance:  # assumes a 2-D array came back
            return Failure("Row 0, column 1 is not 1.", trial)
    return None


@check("broken")
def check_broken(trials: list[Trial], context: CheckContext) -> Failure | None:
    raise RuntimeError("a bug in the check")
"""


def exercise_with_check(tmp_path: Path, check_name: str) -> Exercise:
    folder = tmp_path / FLAGSHIP
    shutil.copytree(EXERCISES / FLAGSHIP, folder)
    with (folder / "checks.py").open("a", encoding="utf-8") as checks:
        checks.write(FRAGILE_CHECK)
    with (folder / "exercise.toml").open("a", encoding="utf-8") as toml:
        toml.write(f'\n[[tests]]\nid = "extra"\ntitle = "Extra"\ncheck = "{check_name}"\n')
        toml.write("probes = [[3, 4]]\n")
    return load_exercise(folder, TEST_LIMITS)


def test_a_check_that_breaks_on_another_kind_of_value_reports_what_came_back(
    tmp_path: Path,
) -> None:
    exercise = exercise_with_check(tmp_path, "fragile")
    report = graded_in_process(exercise, source_for(exercise, KINDS[0]))
    [extra] = [test for test in report.tests if test.id == "extra"]
    assert extra.status is Status.FAILED
    assert (extra.message_id, extra.call) == (UNEXPECTED_KIND, "positional_encoding(3, 4)")
    assert "the float 0.5;" in extra.message  # what came back
    assert "float64 array of shape (3, 4)" in extra.message  # what the reference returns
    solution = exercise.solution_path.read_text(encoding="utf-8")
    assert graded_in_process(exercise, solution).verdict is Verdict.PASSED


def test_a_check_that_breaks_on_the_reference_kind_of_value_is_our_fault(tmp_path: Path) -> None:
    exercise = exercise_with_check(tmp_path, "broken")
    solution = exercise.solution_path.read_text(encoding="utf-8")
    with pytest.raises(RuntimeError, match="a bug in the check"):
        graded_in_process(exercise, solution)  # the service reports it as internal_error
