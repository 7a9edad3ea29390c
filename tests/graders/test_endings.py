"""Every way a run can end is classified by one table, and the report says whose side it is on.

The runs here are constructed: the frames a real child sends for the flagship (computed
in-process), cut where the run stopped, and the outcome the host would have seen.
"""

from __future__ import annotations

import asyncio
import logging
import signal
from dataclasses import dataclass, field

import pytest

from graders.engine import Grader, report_for_run
from graders.engine import grader as grader_module
from graders.engine.caps import result_caps
from graders.engine.endings import ENDINGS, OUR_FAULT, Ending, Facts, Side, ending_of
from graders.engine.reading import read_frames
from graders.exercise import Exercise
from graders.host.exchange import FrameListener, RunOutcome, RunStatus
from graders.message_ids import CALL_NOT_RUN, CALL_TIMED_OUT, PASSED
from graders.protocol.frames import ChildExit, Frame
from graders.protocol.limits import Limits
from graders.report import Report, Status, Verdict
from tests.conftest import ROOT
from tests.graders.test_early_checks import SEED, SOLUTION, child_frames

RAISES = "def positional_encoding(max_len, d_model):\n    raise ValueError('no')\n"
NOT_LOADED = "def positional_encoding(max_len, d_model)\n    return 1\n"


@dataclass(frozen=True)
class Case:
    """A run cut after `kept` frames of the child's (all when None), and how it ended."""

    name: str
    ending: Ending
    status: RunStatus
    kept: int | None = None  # frames of the solution's run kept
    source: str = SOLUTION
    wall_ms: float = 2000.0
    cpu_ms: float | None = None
    signal: int | None = None
    exit_code: int | None = None
    wait_ms: float | None = None  # the scheduler's accounting: waiting for a CPU


# Cut points in the flagship solution's frames: compiling, compiled, loaded, start 0, result 0
BEFORE, COMPILING, MODULE, IN_CALL, BETWEEN = 0, 1, 2, 4, 5
SEGV, KILL = int(signal.SIGSEGV), int(signal.SIGKILL)

CASES = [
    Case("run-that-finished", Ending.FINISHED, RunStatus.OK),
    Case("call-that-raised", Ending.LEARNER_RAISED, RunStatus.OK, source=RAISES),
    Case("code-that-would-not-load", Ending.LEARNER_NOT_LOADED, RunStatus.OK, source=NOT_LOADED),
    Case("cpu-limit-in-call", Ending.LEARNER_CPU, RunStatus.CPU_LIMIT, IN_CALL, cpu_ms=1e3),
    Case("cpu-limit-at-load", Ending.LEARNER_CPU, RunStatus.CPU_LIMIT, MODULE, cpu_ms=1e3),
    Case("sigxcpu", Ending.LEARNER_CPU, RunStatus.CRASHED, IN_CALL, signal=signal.SIGXCPU),
    Case("wall-clock-busy", Ending.LEARNER_WALL_TIMEOUT, RunStatus.TIMEOUT, IN_CALL, cpu_ms=1900),
    Case("wall-clock-cpu-unknown", Ending.LEARNER_WALL_TIMEOUT, RunStatus.TIMEOUT, MODULE),
    Case("oom-killer", Ending.LEARNER_MEMORY, RunStatus.OUT_OF_MEMORY, IN_CALL, signal=KILL),
    Case(
        "memory-out-while-packing",
        Ending.LEARNER_MEMORY,
        RunStatus.CRASHED,
        IN_CALL,
        exit_code=ChildExit.OUT_OF_MEMORY,
    ),
    Case("over-byte-cap-no-call", Ending.LEARNER_OUTPUT, RunStatus.OVERFLOW, BETWEEN),
    Case("over-byte-cap-in-call", Ending.LEARNER_RESULT_TOO_LARGE, RunStatus.OVERFLOW, IN_CALL),
    Case(
        "crash-while-compiling",
        Ending.LEARNER_COMPILER_CRASHED,
        RunStatus.CRASHED,
        COMPILING,
        signal=SEGV,
    ),
    Case(
        "crash-in-module-code",
        Ending.LEARNER_MODULE_CRASHED,
        RunStatus.CRASHED,
        MODULE,
        signal=SEGV,
    ),
    Case(
        "segfault-in-call",
        Ending.LEARNER_CRASHED_INTERPRETER,
        RunStatus.CRASHED,
        IN_CALL,
        signal=SEGV,
    ),
    Case(
        "abort-in-call",
        Ending.LEARNER_CRASHED_INTERPRETER,
        RunStatus.CRASHED,
        IN_CALL,
        signal=signal.SIGABRT,
    ),
    # Starved: it waited for a CPU (the scheduler says so) even after its wall was extended.
    Case("starved-in-call", Ending.STARVED, RunStatus.TIMEOUT, IN_CALL, cpu_ms=300, wait_ms=1500),
    Case("starved-no-accounting", Ending.STARVED, RunStatus.TIMEOUT, IN_CALL, cpu_ms=300),
    Case("starved-before-job", Ending.STARVED, RunStatus.TIMEOUT, BEFORE, cpu_ms=20, wait_ms=1900),
    # It neither ran nor waited to: it slept, and spent its own wall time.
    Case(
        "slept-in-call",
        Ending.LEARNER_WALL_TIMEOUT,
        RunStatus.TIMEOUT,
        IN_CALL,
        cpu_ms=5,
        wait_ms=2,
    ),
    Case(
        "slept-at-load", Ending.LEARNER_WALL_TIMEOUT, RunStatus.TIMEOUT, MODULE, cpu_ms=5, wait_ms=0
    ),
    Case("no-sandbox", Ending.SANDBOX_UNAVAILABLE, RunStatus.UNAVAILABLE, BEFORE),
    Case("crash-before-any-code", Ending.SANDBOX_FAILED, RunStatus.CRASHED, BEFORE, signal=SEGV),
    Case("timeout-before-any-code", Ending.SANDBOX_FAILED, RunStatus.TIMEOUT, BEFORE, cpu_ms=2e3),
    # Once the child's first frame came, learner code may have run: whatever its own process
    # does (our exit codes included: an escaped child can use them) is the learner's.
    *(
        Case(f"our-exit-code-{code}-in-call", end, RunStatus.CRASHED, IN_CALL, exit_code=code)
        for code, end in [
            (ChildExit.FAILED, Ending.LEARNER_PROCESS_ENDED),
            (ChildExit.SETUP_FAILED, Ending.LEARNER_PROCESS_ENDED),
        ]
    ),
    Case(
        "crash-between-calls",
        Ending.LEARNER_PROCESS_ENDED,
        RunStatus.CRASHED,
        BETWEEN,
        signal=SEGV,
    ),
    Case("sigkill-in-call", Ending.LEARNER_PROCESS_ENDED, RunStatus.CRASHED, IN_CALL, signal=KILL),
    Case("sigterm", Ending.LEARNER_PROCESS_ENDED, RunStatus.CRASHED, MODULE, signal=signal.SIGTERM),
    Case("sigkill-before-any-code", Ending.SANDBOX_KILLED, RunStatus.CRASHED, BEFORE, signal=KILL),
    Case("no-reaper-report", Ending.ZYGOTE_DIED, RunStatus.CRASHED, IN_CALL),
    Case("frame-no-child-sends-first", Ending.PROTOCOL_BROKEN, RunStatus.BROKEN, BEFORE),
    Case("frame-no-child-sends-later", Ending.LEARNER_PROTOCOL, RunStatus.BROKEN, COMPILING),
    Case("done-without-loading", Ending.LEARNER_PROTOCOL, RunStatus.OK, COMPILING),
    Case("done-before-anything", Ending.PROTOCOL_BROKEN, RunStatus.OK, BEFORE),
]


def run_of(flagship: Exercise, case: Case) -> tuple[Exercise, RunOutcome]:
    frames = child_frames(flagship, case.source)
    if case.kept is not None:
        frames = frames[: case.kept]
        if case.name.startswith("done-"):
            frames = [*frames, Frame({"t": "done", "stdout": "", "stdout_truncated": False})]
    outcome = RunOutcome(
        case.status, frames, case.wall_ms, case.cpu_ms, case.signal, case.exit_code,
        wait_ms=case.wait_ms,
    )  # fmt: skip
    return flagship.with_fresh_probes(SEED), outcome


def test_the_cut_points_are_where_the_cases_say(flagship: Exercise) -> None:
    types = [frame.type for frame in child_frames(flagship, SOLUTION)]
    assert types[:BETWEEN] == ["compiling", "compiled", "loaded", "start", "result"]


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_each_way_a_run_ends_is_classified(case: Case, flagship: Exercise) -> None:
    exercise, outcome = run_of(flagship, case)
    reading = read_frames(outcome.frames, result_caps(exercise, exercise.all_probes()))
    assert ending_of(outcome, reading) is case.ending


def test_every_ending_but_the_graders_own_has_a_case() -> None:
    assert {case.ending for case in CASES} == set(Ending) - {Ending.GRADER_RAISED}


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_the_report_takes_the_side_the_table_gives(case: Case, flagship: Exercise) -> None:
    exercise, outcome = run_of(flagship, case)
    report = report_for_run(exercise, exercise.all_probes(), outcome)
    attribution = ENDINGS[case.ending]
    text = str(report.to_dict())
    if attribution.side is Side.PLATFORM:
        assert report.verdict is Verdict.INTERNAL_ERROR
        assert OUR_FAULT in text
    else:
        assert report.verdict is not Verdict.INTERNAL_ERROR
        assert OUR_FAULT not in text
        assert "our fault" not in text.lower()


@pytest.mark.parametrize("case", CASES, ids=lambda case: case.name)
def test_the_tests_an_ending_stopped_or_left_not_run_carry_its_id(
    case: Case, flagship: Exercise
) -> None:
    exercise, outcome = run_of(flagship, case)
    report = report_for_run(exercise, exercise.all_probes(), outcome)
    attribution = ENDINGS[case.ending]
    ids = [test.message_id for test in report.tests]
    if case.ending in (Ending.FINISHED, Ending.LEARNER_RAISED):
        assert set(ids).isdisjoint(set(Ending))  # the calls' own outcomes
    elif report.error is not None or attribution.side is Side.PLATFORM:
        assert set(ids) == {case.ending.value}  # nothing ran because of it
    elif attribution.in_call is not None and case.kept == IN_CALL:
        [stopped] = [test for test in report.tests if test.message_id == case.ending]
        assert stopped.call is not None
    else:  # a timeout in a call is the call's own; the calls after it never ran
        assert set(ids) <= {PASSED, CALL_TIMED_OUT, CALL_NOT_RUN}


@pytest.mark.parametrize(
    ("ending", "verdict", "error_type"),
    [
        (Ending.LEARNER_CPU, Verdict.TIMED_OUT, "TimeoutError"),
        (Ending.LEARNER_MODULE_CRASHED, Verdict.ERROR, "ModuleCrash"),
        (Ending.LEARNER_COMPILER_CRASHED, Verdict.ERROR, "CompilerCrash"),
    ],
)
def test_an_ending_before_the_code_loaded_is_the_reports_error(
    ending: Ending, verdict: Verdict, error_type: str, flagship: Exercise
) -> None:
    case = next(
        case for case in CASES if case.ending is ending and case.kept in (COMPILING, MODULE)
    )
    exercise, outcome = run_of(flagship, case)
    report = report_for_run(exercise, exercise.all_probes(), outcome)
    assert report.verdict is verdict
    assert report.error is not None
    assert report.error.type == error_type
    assert {test.status for test in report.tests} == {Status.SKIPPED}


def test_a_crash_in_a_call_is_the_learners_error_saying_both_plainly(flagship: Exercise) -> None:
    case = next(case for case in CASES if case.name == "segfault-in-call")
    exercise, outcome = run_of(flagship, case)
    report = report_for_run(exercise, exercise.all_probes(), outcome)
    assert report.verdict is Verdict.FAILED
    [crashed] = [test for test in report.tests if test.status is Status.ERROR]
    assert crashed.message_id == Ending.LEARNER_CRASHED_INTERPRETER
    assert crashed.message.startswith(f"Called {crashed.call}.\n")
    assert "(signal 11)" in crashed.message
    assert "may be ours" in crashed.message


def test_memory_running_out_while_packing_is_the_learners_never_a_compiler_crash(
    flagship: Exercise,
) -> None:
    case = next(case for case in CASES if case.name == "memory-out-while-packing")
    exercise, outcome = run_of(flagship, case)
    report = report_for_run(exercise, exercise.all_probes(), outcome)
    assert report.verdict is Verdict.FAILED
    assert report.error is None
    stopped = [test for test in report.tests if test.message_id == Ending.LEARNER_MEMORY]
    assert stopped != []
    assert {test.status for test in stopped} == {Status.ERROR}
    assert all(test.call for test in stopped)  # the call it stopped, named


@pytest.mark.parametrize("ending", list(Ending))
def test_every_message_fills_and_platform_ones_end_with_our_fault(ending: Ending) -> None:
    attribution = ENDINGS[ending]
    facts = Facts(Limits(), signal=11, cpu_ms=100.0, wall_ms=2000.0)
    for template in (attribution.message, attribution.in_call or ""):
        text = facts.fill(template)
        assert "{" not in text
        if attribution.side is Side.PLATFORM:
            assert text.endswith(OUR_FAULT)
            assert attribution.verdict is Verdict.INTERNAL_ERROR
        else:
            assert OUR_FAULT not in text
            assert attribution.verdict is not Verdict.INTERNAL_ERROR


def test_the_authoring_guide_lists_every_ending() -> None:
    guide = (ROOT / "docs" / "authoring.md").read_text(encoding="utf-8")
    missing = [ending.value for ending in Ending if f"`{ending.value}`" not in guide]
    assert missing == []


@dataclass
class Replay:
    """A runner that replays one outcome per run, in order."""

    outcomes: list[RunOutcome]
    runs: int = 0
    heard: list[Ending] = field(default_factory=list)

    async def run(
        self, job: bytes, limits: Limits, on_frames: FrameListener | None = None
    ) -> RunOutcome:
        outcome = self.outcomes[min(self.runs, len(self.outcomes) - 1)]
        self.runs += 1
        return outcome

    def grade(self, exercise: Exercise, source: str = SOLUTION) -> Report:
        grader = Grader(
            self, seeds=lambda: SEED, on_ending=lambda ending, _: self.heard.append(ending)
        )
        return asyncio.run(grader.grade(exercise, source))


def test_a_starved_run_is_the_learners_timeout_and_is_never_run_again(flagship: Exercise) -> None:
    # It waited for a CPU most of its (already extended) wall time: the scheduler says so.
    frames = child_frames(flagship, SOLUTION)[:IN_CALL]
    starved = RunOutcome(RunStatus.TIMEOUT, frames, 7000, 500, wait_ms=6000, extended_ms=3000)
    finished = RunOutcome(RunStatus.OK, child_frames(flagship, SOLUTION), 100.0)
    replay = Replay([starved, finished])
    report = replay.grade(flagship)
    assert report.verdict is Verdict.TIMED_OUT
    assert (replay.runs, replay.heard) == (1, [Ending.STARVED])
    assert OUR_FAULT not in str(report.to_dict())


def test_a_learners_timeout_is_not_run_again(flagship: Exercise) -> None:
    frames = child_frames(flagship, SOLUTION)[:IN_CALL]
    replay = Replay([RunOutcome(RunStatus.CPU_LIMIT, frames, 1000, 1000, KILL)])
    assert replay.grade(flagship).verdict is Verdict.TIMED_OUT
    assert (replay.runs, replay.heard) == (1, [Ending.LEARNER_CPU])


def test_a_dead_sandbox_process_is_logged_once_with_its_facts(
    flagship: Exercise, caplog: pytest.LogCaptureFixture
) -> None:
    frames = child_frames(flagship, SOLUTION)[:IN_CALL]
    replay = Replay([RunOutcome(RunStatus.CRASHED, frames, 40.0, 12.0, SEGV, -SEGV)])
    with caplog.at_level(logging.WARNING, "gradebox.sandbox"):
        replay.grade(flagship)
    [record] = [record for record in caplog.records if record.name == "gradebox.sandbox"]
    assert record.getMessage() == "sandbox process ended: learner-crashed-interpreter"
    assert (record.ending, record.signal, record.cpu_ms, record.wall_ms) == (  # type: ignore[attr-defined]
        "learner-crashed-interpreter",
        SEGV,
        12.0,
        40.0,
    )


def test_a_clean_finish_and_a_raise_are_not_logged_as_deaths(
    flagship: Exercise, caplog: pytest.LogCaptureFixture
) -> None:
    with caplog.at_level(logging.WARNING, "gradebox.sandbox"):
        for source in (SOLUTION, RAISES):
            Replay([RunOutcome(RunStatus.OK, child_frames(flagship, source), 5.0)]).grade(
                flagship, source
            )
    assert [record for record in caplog.records if record.name == "gradebox.sandbox"] == []


def test_the_grader_raising_is_heard_as_ours_and_raised_for_the_service(
    flagship: Exercise, monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object) -> Report:
        raise RuntimeError("a bug in the grader")

    monkeypatch.setattr(grader_module, "build_report", broken)
    replay = Replay([RunOutcome(RunStatus.OK, child_frames(flagship, SOLUTION), 5.0)])
    with pytest.raises(RuntimeError, match="a bug in the grader"):
        replay.grade(flagship)
    assert replay.heard == [Ending.GRADER_RAISED]
    assert ENDINGS[Ending.GRADER_RAISED].side is Side.PLATFORM


@pytest.mark.parametrize(
    ("kept", "verdict", "ending"),
    [
        (IN_CALL, Verdict.ERROR, Ending.LEARNER_PROTOCOL),  # learner code may have run: theirs
        (BEFORE, Verdict.INTERNAL_ERROR, Ending.PROTOCOL_BROKEN),  # none had: ours
    ],
)
def test_frames_that_break_the_reading_are_classified_not_raised(
    flagship: Exercise, kept: int, verdict: Verdict, ending: Ending
) -> None:
    frames = [*child_frames(flagship, SOLUTION)[:kept], Frame({"t": "start", "probe": 10**6})]
    replay = Replay([RunOutcome(RunStatus.CRASHED, frames, 5.0, signal=SEGV)])
    report = replay.grade(flagship)
    assert report.verdict is verdict
    assert report.passed == 0  # nothing a broken child said counts
    assert replay.heard == [ending]


def test_a_listener_that_raises_does_not_stop_the_grading(flagship: Exercise) -> None:
    def listener(ending: Ending, outcome: RunOutcome) -> None:
        raise RuntimeError("metrics are down")

    runner = Replay([RunOutcome(RunStatus.OK, child_frames(flagship, SOLUTION), 5.0)])
    grader = Grader(runner, seeds=lambda: SEED, on_ending=listener)
    assert asyncio.run(grader.grade(flagship, SOLUTION)).verdict is Verdict.PASSED
