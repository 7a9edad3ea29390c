"""How a run ended decides the verdict, and whose fault it is: one wording for each case."""

from __future__ import annotations

import pytest

from graders.engine import report_for_run
from graders.engine.verdicts import OUR_FAULT, platform_failure
from graders.exercise import Exercise
from graders.host.exchange import RunOutcome, RunStatus
from graders.protocol.frames import Frame
from graders.report import Status, Verdict
from tests.conftest import SyncGrader

COMPILING, COMPILED = Frame({"t": "compiling"}), Frame({"t": "compiled"})


@pytest.mark.parametrize(
    ("frames", "status", "verdict", "error_type"),
    [
        ([COMPILING], RunStatus.CRASHED, Verdict.ERROR, "CompilerCrash"),
        ([COMPILING, COMPILED], RunStatus.CRASHED, Verdict.ERROR, "ModuleCrash"),
        ([COMPILING, COMPILED], RunStatus.TIMEOUT, Verdict.TIMED_OUT, "TimeoutError"),
        ([], RunStatus.CRASHED, Verdict.INTERNAL_ERROR, None),
        ([], RunStatus.UNAVAILABLE, Verdict.INTERNAL_ERROR, None),
    ],
    ids=["compiler-crash", "module-crash", "module-timeout", "crash-before-loading", "no-sandbox"],
)
def test_a_run_that_never_loaded_says_why(
    frames: list[Frame],
    status: RunStatus,
    verdict: Verdict,
    error_type: str | None,
    flagship: Exercise,
) -> None:
    outcome = RunOutcome(status, frames, 5.0, signal=11 if status is RunStatus.CRASHED else None)
    report = report_for_run(flagship, flagship.all_probes(), outcome)
    assert report.verdict is verdict
    assert (report.error.type if report.error else None) == error_type
    assert {test.status for test in report.tests} == {Status.SKIPPED}
    assert all(test.message.startswith("Not run: ") for test in report.tests)
    ours = verdict is Verdict.INTERNAL_ERROR
    assert all((OUR_FAULT in test.message) is ours for test in report.tests)


def test_a_module_crash_names_its_signal(flagship: Exercise) -> None:
    outcome = RunOutcome(RunStatus.CRASHED, [COMPILING, COMPILED], 5.0, signal=11)
    report = report_for_run(flagship, flagship.all_probes(), outcome)
    assert report.error is not None
    assert "(signal 11)" in report.error.message


def test_a_platform_failure_is_ours_and_skips_every_test(flagship: Exercise) -> None:
    report = platform_failure(flagship, "The grader failed.")
    assert report.verdict is Verdict.INTERNAL_ERROR
    assert [test.id for test in report.tests] == [test.id for test in flagship.tests]
    assert {test.message_id for test in report.tests} == {"our-fault"}
    for test in report.tests:  # the reason given, then whose fault it is
        assert test.message.startswith("Not run: ")
        assert "The grader failed." in test.message
        assert test.message.endswith(OUR_FAULT)


def test_a_long_exception_message_is_kept_to_its_limit_with_a_note(
    flagship: Exercise, grade: SyncGrader
) -> None:
    source = f"def {flagship.entry}(*args):\n    raise ValueError('x' * 5_000)\n"
    report = grade(flagship, source)
    cap = flagship.limits.message_chars
    raised = [test for test in report.tests if test.status is not Status.PASSED]
    assert raised
    for test in raised:
        assert "x" * cap + f"... [{5_000 - cap:,} more characters]" in test.message
        assert "x" * (cap + 1) not in test.message
