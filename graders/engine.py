"""The trusted grading engine: plan probes, run them in the sandbox, check, diagnose, report."""

from __future__ import annotations

import operator
import time
from dataclasses import dataclass, field, replace
from typing import Any, Protocol

import numpy as np

from graders import trusted
from graders.checks import Check, CheckContext, Failure, Trial, as_float_array
from graders.exercise import Exercise, MistakeSpec, TestSpec
from graders.probes import Probe
from graders.report import Diagnosis, LoadError, Preview, Report, Status, TestResult, Verdict
from graders.sandbox import wire
from graders.sandbox.child import pack_job
from graders.sandbox.loops import LoopFinding
from graders.sandbox.pool import FrameListener, RunOutcome

PREVIEW_SIDE = 64


class Runner(Protocol):
    """Anything that runs a job in a sandbox: the local pool, or a remote worker queue.

    A runner that can, hands `on_frames` each batch of frames as soon as it arrives, so tests
    are checked while the child still runs; one that cannot simply never calls it.
    """

    async def run(
        self,
        job: bytes,
        wall_seconds: float,
        max_bytes: int,
        on_frames: FrameListener | None = None,
    ) -> RunOutcome: ...


@dataclass(frozen=True)
class ProbeResult:
    """What happened to one call inside the sandbox."""

    kind: str  # returned | raised | timed_out | not_run
    value: Any = None
    error_type: str = ""
    message: str = ""
    line: int | None = None


@dataclass
class RunReading:
    """The sandbox's frames, read into what the checks need."""

    started_loading: bool = False
    loaded: bool = False
    load_error: LoadError | None = None
    loops: list[LoopFinding] = field(default_factory=list)
    results: dict[int, ProbeResult] = field(default_factory=dict)
    running: int | None = None  # the probe in flight when the child stopped
    stdout: str = ""
    stdout_truncated: bool = False


def summary_only(exercise: Exercise, probes: list[Probe]) -> list[bool]:
    """Probes whose tests all look only at type, dtype and shape need no data sent back."""
    checks = trusted.checks_for(exercise)
    need_values = {
        probe.key for test in exercise.tests if checks[test.check].values for probe in test.probes
    }
    return [probe.key not in need_values for probe in probes]


def read_frames(frames: list[wire.Frame]) -> RunReading:
    reading = RunReading()
    for frame in frames:
        read_frame(reading, frame)
    return reading


def read_frame(reading: RunReading, frame: wire.Frame) -> None:
    """Add one of the child's frames to `reading` (raises for a malformed one)."""
    header = frame.header
    kind = header.get("t")
    if kind == "compiling":
        reading.started_loading = True
    elif kind == "load_error":
        reading.load_error = LoadError(
            _text(header.get("type", "Error"))[:100],
            _text(header.get("message", ""))[:4000],
            _line(header.get("line")),
        )
    elif kind == "loaded":
        reading.loaded = True
        reading.loops = [
            LoopFinding(str(item["kind"]), int(item["line"]), str(item["function"]))
            for item in header.get("loops", [])[:100]
        ]
    elif kind == "start":
        reading.running = int(header["probe"])
    elif kind == "result":
        reading.results[int(header["probe"])] = ProbeResult(
            "returned", wire.unpack_value(header, frame.payload)
        )
        reading.running = None
    elif kind == "raised":
        reading.results[int(header["probe"])] = ProbeResult(
            "raised",
            error_type=_text(header.get("type", "Exception"))[:100],
            message=_text(header.get("message", ""))[:4000],
            line=_line(header.get("line")),
        )
        reading.running = None
    elif kind == "done":
        reading.stdout = _text(header.get("stdout", ""))
        reading.stdout_truncated = bool(header.get("stdout_truncated", False))


def _text(value: Any) -> str:
    """Text from the child as valid UTF-8: lone surrogates are shown escaped, never passed on."""
    return str(value).encode("utf-8", "backslashreplace").decode("utf-8")


def _line(value: Any) -> int | None:
    return value if type(value) is int and value > 0 else None


class Grader:
    """Grades submissions for exercises, running learner code through `runner`."""

    def __init__(self, runner: Runner) -> None:
        self.runner = runner

    async def grade(self, exercise: Exercise, source: str) -> Report:
        started = time.perf_counter()
        probes = exercise.all_probes()
        limits = exercise.limits
        size = len(source.encode("utf-8", "surrogatepass"))
        if size > limits.source_bytes:
            error = LoadError(
                "SourceTooLarge",
                f"The code is {size} bytes; at most {limits.source_bytes} are accepted.",
            )
            tests = _all(exercise, Status.SKIPPED, "Not run: the code is over the size limit.")
            return Report(exercise.slug, Verdict.ERROR, tests, error=error)
        summaries = summary_only(exercise, probes)
        job = pack_job(
            source, exercise.entry, [probe.args for probe in probes], limits.to_dict(), summaries
        )
        early = EarlyChecks(exercise, probes)
        outcome = await self.runner.run(job, limits.wall_seconds, limits.result_bytes, early)
        if early.covers(outcome):
            reading, graded = early.reading, early.graded
        else:
            graded = {}
            try:
                reading = read_frames(outcome.frames)
            except (wire.ProtocolError, KeyError, TypeError, ValueError):
                reading = RunReading()
                outcome = RunOutcome("crashed", [], outcome.wall_ms)
        report = build_report(exercise, probes, outcome, reading, graded)
        duration = round((time.perf_counter() - started) * 1000)
        return Report(**{**report.__dict__, "duration_ms": duration})


class EarlyChecks:
    """Checks each test as soon as all its calls are back, while the child runs the rest.

    A shortcut only: the report uses a test checked here if the run ended normally and the
    results it was checked on are still the ones in the final reading; otherwise the test is
    checked again from the final reading, as if this had never run.
    """

    def __init__(self, exercise: Exercise, probes: list[Probe]) -> None:
        self.exercise = exercise
        self.keys = {probe.key: index for index, probe in enumerate(probes)}
        self.reading = RunReading()
        self.seen = 0
        self.broken = False
        self.pending = list(exercise.tests)
        self.graded: dict[str, tuple[TestResult, list[ProbeResult]]] = {}
        self.checks = trusted.checks_for(exercise)

    def __call__(self, frames: list[wire.Frame]) -> None:
        if self.broken:
            return
        try:
            for frame in frames:
                read_frame(self.reading, frame)
            self.seen += len(frames)
            if self.reading.loaded and self.reading.load_error is None:
                self._check_complete_tests()
        except Exception:  # a malformed frame or a failing check: the final pass reports it
            self.broken = True
            self.graded.clear()

    def _check_complete_tests(self) -> None:
        checks, results, pending = self.checks, self.reading.results, []
        for test in self.pending:
            used = [results.get(self.keys[probe.key]) for probe in test.probes]
            if any(result is None for result in used):
                pending.append(test)
                continue
            check = checks[test.check]
            result = _grade_test(self.exercise, test, check, results, self.keys, self.reading.loops)
            self.graded[test.id] = (result, [item for item in used if item is not None])
        self.pending = pending

    def covers(self, outcome: RunOutcome) -> bool:
        """Whether this saw every frame of a run that ended normally."""
        return not self.broken and outcome.status == "ok" and self.seen == len(outcome.frames)


def build_report(
    exercise: Exercise,
    probes: list[Any],
    outcome: RunOutcome,
    reading: RunReading,
    graded: dict[str, tuple[TestResult, list[ProbeResult]]] | None = None,
) -> Report:
    """Turn one sandbox run into the report: every test, its message and its diagnosis.

    `graded` holds tests already checked during the run (`EarlyChecks`), each with the
    results it was checked on; one whose results are still those in `reading` is kept.
    """
    base = _ReportBase(exercise.slug, reading.stdout, reading.stdout_truncated)
    if outcome.status == "unavailable":
        return Report(
            verdict=Verdict.INTERNAL_ERROR,
            tests=_all(
                exercise,
                Status.SKIPPED,
                "Not run: the grading sandbox was unavailable. "
                "This is our fault, not yours; please try again in a moment.",
            ),
            **base.fields(),
        )
    if reading.load_error is not None:
        error = reading.load_error
        where = f" (line {error.line})" if error.line else ""
        return Report(
            verdict=Verdict.ERROR,
            error=error,
            tests=_all(
                exercise,
                Status.SKIPPED,
                f"Not run: your code could not be loaded: {error.type}{where}: {error.message}",
            ),
            **base.fields(),
        )
    if not reading.loaded:
        return _not_loaded(exercise, outcome, reading, base)
    results = dict(reading.results)
    keys = {probe.key: index for index, probe in enumerate(probes)}
    if reading.running is not None:
        stopped = (
            ProbeResult("timed_out")
            if outcome.status == "timeout"
            else ProbeResult(
                "raised",
                error_type="SandboxStopped",
                message=_stop_reason(outcome, exercise),
            )
        )
        results[reading.running] = stopped
    checks = trusted.checks_for(exercise)
    graded = graded or {}

    def checked(test: TestSpec) -> TestResult:
        early = graded.get(test.id)
        if early is not None:
            now = [results.get(keys[probe.key]) for probe in test.probes]
            if len(now) == len(early[1]) and all(map(operator.is_, now, early[1])):
                return early[0]
        return _grade_test(exercise, test, checks[test.check], results, keys, reading.loops)

    tests = [checked(test) for test in exercise.tests]
    if outcome.status == "crashed":
        verdict = Verdict.INTERNAL_ERROR
    elif any(test.status is Status.TIMED_OUT for test in tests):
        verdict = Verdict.TIMED_OUT
    elif all(test.status is Status.PASSED for test in tests):
        verdict = Verdict.PASSED
    else:
        verdict = Verdict.FAILED
    return Report(verdict=verdict, tests=tests, **base.fields())


@dataclass(frozen=True)
class _ReportBase:
    exercise: str
    stdout: str
    stdout_truncated: bool

    def fields(self) -> dict[str, Any]:
        return {
            "exercise": self.exercise,
            "stdout": self.stdout,
            "stdout_truncated": self.stdout_truncated,
        }


def _stop_reason(outcome: RunOutcome, exercise: Exercise) -> str:
    if outcome.status == "overflow":
        megabytes = exercise.limits.result_bytes / 2**20
        return f"The result was larger than the sandbox sends back ({megabytes:g} MB)."
    return (
        "The sandbox process stopped while running this call "
        f"(signal {outcome.signal}). If your code is ordinary NumPy, this is our fault."
    )


def _not_loaded(
    exercise: Exercise, outcome: RunOutcome, reading: RunReading, base: _ReportBase
) -> Report:
    seconds = exercise.limits.wall_seconds
    if outcome.status == "timeout":
        error = LoadError(
            "TimeoutError",
            f"Loading your module took longer than {seconds:g} s: "
            "is there a loop or a long computation at module level?",
        )
        tests = _all(exercise, Status.SKIPPED, "Not run: loading your code timed out.")
        return Report(verdict=Verdict.TIMED_OUT, error=error, tests=tests, **base.fields())
    if reading.started_loading and outcome.status == "crashed":
        error = LoadError(
            "CompilerCrash",
            "Python could not compile this code: the compiler "
            "stopped (is something nested extremely deeply?).",
        )
        return Report(
            verdict=Verdict.ERROR,
            error=error,
            tests=_all(exercise, Status.SKIPPED, "Not run: your code could not be compiled."),
            **base.fields(),
        )
    return Report(
        verdict=Verdict.INTERNAL_ERROR,
        tests=_all(
            exercise,
            Status.SKIPPED,
            "Not run: the grading sandbox failed before your code "
            "ran. This is our fault, not yours; please try again.",
        ),
        **base.fields(),
    )


def _all(exercise: Exercise, status: Status, message: str) -> list[TestResult]:
    return [TestResult(test.id, test.title, status, message) for test in exercise.tests]


# Learner values can be anything numeric (uninitialised memory, 1e308, NaN): arithmetic on them
# may overflow, and that is a wrong answer to report, not a warning to raise.
@np.errstate(all="ignore")
def _grade_test(
    exercise: Exercise,
    test: TestSpec,
    check: Check,
    results: dict[int, ProbeResult],
    keys: dict[str, int],
    loops: list[LoopFinding],
) -> TestResult:
    context = CheckContext(exercise.tolerance, exercise.entry, loops, test.params)
    tolerance = None if check.static else exercise.tolerance
    trials: list[Trial] = []
    for probe in test.probes:
        result = results.get(keys[probe.key], ProbeResult("not_run"))

        def stopped(
            status: Status, message: str, line: int | None = None, call: str = probe.call
        ) -> TestResult:
            return TestResult(test.id, test.title, status, message, call, line, tolerance)

        if result.kind == "raised":
            where = f" on line {result.line}" if result.line else ""
            message = (
                f"Called {probe.call}.\nIt raised {result.error_type}{where}: {result.message}"
            )
            errored = stopped(Status.ERROR, message, result.line)
            diagnosis = diagnose_raised(exercise, test, probe, result.error_type)
            return replace(errored, diagnosis=diagnosis) if diagnosis else errored
        if result.kind == "timed_out":
            limits = exercise.limits
            message = (
                f"Called {probe.call}.\nIt was still running when the time limit stopped "
                f"it ({limits.cpu_seconds:g} s of CPU, {limits.wall_seconds:g} s in all). "
                "Is there a loop that never ends, or a far larger computation than needed?"
            )
            return stopped(Status.TIMED_OUT, message)
        if result.kind == "not_run":
            message = f"Not run: the sandbox stopped before it reached {probe.call}."
            return stopped(Status.SKIPPED, message)
        expected = trusted.reference_value(exercise, probe)
        trials.append(
            Trial(probe, result.value, expected if check.values else trusted.summarised(expected))
        )
    failure = check.function(trials, context)
    if failure is None:
        call = test.probes[0].call if len(test.probes) == 1 else None
        message = "Passed." if not trials else f"Passed on {_calls(test)}."
        return TestResult(
            test.id, test.title, Status.PASSED, message, call=call, tolerance=tolerance
        )
    return _failed(exercise, test, check, failure, tolerance, trials, loops)


def _calls(test: TestSpec) -> str:
    return ", ".join(probe.call for probe in test.probes[:4]) + (
        " ..." if len(test.probes) > 4 else ""
    )


def _failed(
    exercise: Exercise,
    test: TestSpec,
    check: Check,
    failure: Failure,
    tolerance: float | None,
    trials: list[Trial],
    loops: list[LoopFinding],
) -> TestResult:
    trial = failure.trial
    message = failure.message if trial is None else f"Called {trial.probe.call}.\n{failure.message}"
    diagnosis = diagnose(exercise, test, check, trials, loops)
    return TestResult(
        id=test.id,
        title=test.title,
        status=Status.FAILED,
        message=message,
        call=trial.probe.call if trial else None,
        line=loops[0].line if check.static and loops else None,
        tolerance=tolerance,
        got=preview(trial.got) if trial and check.values else None,
        expected=preview(trial.expected) if trial and check.values else None,
        diagnosis=diagnosis,
    )


def diagnose(
    exercise: Exercise, test: TestSpec, check: Check, trials: list[Trial], loops: list[LoopFinding]
) -> Diagnosis | None:
    """The first known mistake that fails this test and whose outcome matches the learner's."""
    for mistake in exercise.mistakes:
        if test.id not in mistake.fails:
            continue
        if check.static:
            theirs = trusted.loops_in(mistake.path, exercise.entry)
            matched = bool(loops and theirs) and loops[0].kind == theirs[0].kind
        else:
            matched = all(
                outcomes_match(
                    trial.got if check.values else trusted.summarised(trial.got),
                    _mistake_outcome(exercise, mistake, trial, check),
                    exercise.tolerance,
                )
                for trial in trials
            )
        if matched:
            return _diagnosis(mistake)
    return None


def diagnose_raised(
    exercise: Exercise, test: TestSpec, probe: Probe, error_type: str
) -> Diagnosis | None:
    """A known mistake that raises the same exception type on the same call."""
    raised = wire.Unsupported(f"raised {error_type}")
    for mistake in exercise.mistakes:
        if test.id not in mistake.fails:
            continue
        theirs = trusted.mistake_value(exercise, mistake, probe)
        if isinstance(theirs, wire.Unsupported) and theirs == raised:
            return _diagnosis(mistake)
    return None


def _mistake_outcome(exercise: Exercise, mistake: MistakeSpec, trial: Trial, check: Check) -> Any:
    value = trusted.mistake_value(exercise, mistake, trial.probe)
    return value if check.values else trusted.summarised(value)


def _diagnosis(mistake: MistakeSpec) -> Diagnosis:
    return Diagnosis(mistake.id, mistake.title, mistake.explanation, mistake.hint)


def outcomes_match(learner: Any, mistake: Any, tolerance: float) -> bool:
    """Same kind of value, same shape, every element within tolerance (NaN matches NaN)."""
    if type(learner) is not type(mistake):
        return False
    if isinstance(learner, wire.Unsupported):
        return bool(learner == mistake)
    got, theirs = as_float_array(learner), as_float_array(mistake)
    if got is None or theirs is None or got.shape != theirs.shape:
        return False
    if isinstance(learner, np.ndarray) and learner.dtype.kind != mistake.dtype.kind:
        return False
    return bool(np.allclose(got, theirs, rtol=0.0, atol=tolerance, equal_nan=True))


def preview(value: Any) -> Preview | None:
    """A capped view (<= 64 x 64) of an array-like value for tables and heatmaps."""
    array = as_float_array(value)
    if array is None or array.ndim > 2:
        return None
    dtype = value.dtype.name if isinstance(value, np.ndarray) else type(value).__name__
    clipped = array[:PREVIEW_SIDE, :PREVIEW_SIDE] if array.ndim == 2 else array[: PREVIEW_SIDE**2]
    with np.errstate(all="ignore"):
        rounded = np.round(clipped, 6)
    # Rounding overflows past ~1e302: such values are shown as they are, not as infinity.
    rounded = np.where(np.isfinite(rounded) | ~np.isfinite(clipped), rounded, clipped)
    plain = _finite_or_none(rounded.tolist())
    return Preview(list(array.shape), dtype, plain, clipped.shape != array.shape)


def _finite_or_none(values: Any) -> Any:
    """JSON has no NaN or infinity: they travel as the strings "NaN", "Infinity", "-Infinity"."""
    if isinstance(values, list):
        return [_finite_or_none(item) for item in values]
    if isinstance(values, float) and not np.isfinite(values):
        return "NaN" if np.isnan(values) else ("Infinity" if values > 0 else "-Infinity")
    return values
