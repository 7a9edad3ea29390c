"""Every way a grading can end, whose side it is on, and what the report says: one table.

The learner is told plainly what their code did and what to look at; anything that is ours
is `internal_error` and says so (`OUR_FAULT`), never blamed on the learner. `ending_of` reads
how the host saw the run end (`RunOutcome`) and how far the child got (`RunReading`):

  where the run was        how it ended                           ending
  ---------------------    -----------------------------------    ----------------------------
  anywhere                 no child could be had                  sandbox-unavailable
                           wall clock out after waiting for a     starved (the learner's
                           CPU, the wall extended by that wait    timeout, "the machine
                           up to its cap                          was busy")
  before any learner code  a frame no honest child sends          protocol-broken
                           SIGKILL/SIGTERM from outside           sandbox-killed
                           anything else                          sandbox-failed
  compiling                a crash signal                         learner-compiler-crashed
  module-level code        a crash signal                         learner-module-crashed
  in a call                a crash signal                         learner-crashed-interpreter
  any learner code         an exit code, a signal from outside,   learner-process-ended
                           a crash between calls
                           a frame no honest child sends, or      learner-protocol
                           past the frame budget
                           the kernel's CPU limit (or SIGXCPU)    learner-cpu
                           wall clock out, CPU >= half the wall   learner-wall-timeout
                           memory ran out in our packing code,    learner-memory
                           or the OOM killer near the limit
                           its reaper never reported              zygote-died
                           over the byte cap in a call / else     learner-result-too-large /
                                                                  learner-output
  finished                 every call returned / one raised       finished / learner-raised
                           the code would not load                learner-not-loaded
  (grading)                the grader itself raised               grader-raised

The host has already told the kernel's kills apart (graders.host.exchange): a SIGKILL after half
the CPU budget, or a wall-clock kill after 90% of it, is the CPU limit (`RunStatus.CPU_LIMIT`);
a SIGKILL holding half the memory limit is the OOM killer (`RunStatus.OUT_OF_MEMORY`). Learner
code has nothing that waits idle (no `time`, `input`, threads, files or sockets), so a child
that spent most of its wall time off the CPU was held up by the machine or by the grader.

A crash signal (SIGSEGV, SIGABRT, SIGBUS, ...) once the code compiled is the learner's: the
code that was running is theirs, and Python crashes that way on code that nests very deeply
(`map()` wrapped around `map()` thousands of times). If the code is ordinary NumPy the crash
may be ours, and the message says both; the verdict is still the learner's (test `error`), not
`internal_error`, because a learner can reproduce it at will and a rerun would not change it.
"""

from __future__ import annotations

import signal
from collections.abc import Mapping
from dataclasses import dataclass
from enum import StrEnum
from types import MappingProxyType

from graders.engine.reading import ProbeOutcome, RunReading
from graders.host.exchange import RunOutcome, RunStatus
from graders.protocol.frames import ChildExit
from graders.protocol.limits import Limits
from graders.report import Status, Verdict

OUR_FAULT = "This is our fault, not yours; please submit again in a moment."


class Side(StrEnum):
    """Whose doing an ending is."""

    LEARNER = "learner"  # what the learner's code did
    PLATFORM = "platform"  # ours: verdict internal_error, whatever else the run returned


class Ending(StrEnum):
    """How one run of a submission in the sandbox ended (names are stable: metrics use them)."""

    FINISHED = "finished"
    LEARNER_RAISED = "learner-raised"
    LEARNER_NOT_LOADED = "learner-not-loaded"
    LEARNER_CPU = "learner-cpu"
    LEARNER_WALL_TIMEOUT = "learner-wall-timeout"
    LEARNER_MEMORY = "learner-memory"
    LEARNER_OUTPUT = "learner-output"
    LEARNER_RESULT_TOO_LARGE = "learner-result-too-large"
    LEARNER_COMPILER_CRASHED = "learner-compiler-crashed"
    LEARNER_MODULE_CRASHED = "learner-module-crashed"
    LEARNER_CRASHED_INTERPRETER = "learner-crashed-interpreter"
    LEARNER_PROCESS_ENDED = "learner-process-ended"
    LEARNER_PROTOCOL = "learner-protocol"
    STARVED = "starved"
    SANDBOX_UNAVAILABLE = "sandbox-unavailable"
    SANDBOX_FAILED = "sandbox-failed"
    SANDBOX_KILLED = "sandbox-killed"
    ZYGOTE_DIED = "zygote-died"
    PROTOCOL_BROKEN = "protocol-broken"
    GRADER_RAISED = "grader-raised"


@dataclass(frozen=True)
class Attribution:
    """What one ending means for the report.

    `verdict` is the report's verdict when the ending stops the run before the code loaded
    (None: it cannot, the tests decide); once the code loaded, the tests decide (timed_out if
    one timed out, else passed or failed), the call it stopped getting `status`. A platform
    ending is internal_error either way. `message` is what the learner reads (templates:
    `Facts`); `error_type` names it as the report's `error.type` when the code never loaded.
    `in_call` is the stopped call's message (None: per_test words it, from the call's own
    result or its timeout). `not_run` says why the tests did not run when the code never loaded.
    `died`: the sandbox process died (crashed or was killed) instead of finishing.
    """

    side: Side
    verdict: Verdict | None
    status: Status | None
    error_type: str = ""
    message: str = ""
    in_call: str | None = None
    not_run: str = ""
    died: bool = True


def _learner(
    verdict: Verdict | None,
    status: Status | None,
    error_type: str = "",
    message: str = "",
    in_call: str | None = None,
    not_run: str = "",
    died: bool = True,
) -> Attribution:
    return Attribution(Side.LEARNER, verdict, status, error_type, message, in_call, not_run, died)


def _ours(message: str, died: bool = True) -> Attribution:
    text = f"{message} {OUR_FAULT}"
    return Attribution(
        Side.PLATFORM, Verdict.INTERNAL_ERROR, Status.SKIPPED, "", text, text, died=died
    )


_CRASH_ADVICE = (
    "Code that nests very deeply does this: map(), zip() or filter() wrapped around each "
    "other thousands of times, say. If your code is ordinary NumPy, the crash may be ours: "
    "please submit again, and tell us if it repeats."
)
_MEMORY = "used up the memory the sandbox allows ({megabytes:g} MB) and was stopped."

ENDINGS: Mapping[Ending, Attribution] = MappingProxyType(
    {
        Ending.FINISHED: _learner(None, None, died=False),
        # Python's own error text, in the test of the call that raised (per_test).
        Ending.LEARNER_RAISED: _learner(None, Status.ERROR, died=False),
        # The load error's own type and message (syntax error, forbidden construct, missing
        # function, an exception in module-level code): the report's `error`.
        Ending.LEARNER_NOT_LOADED: _learner(
            Verdict.ERROR, Status.SKIPPED, not_run="your code could not be loaded", died=False
        ),
        Ending.LEARNER_CPU: _learner(
            Verdict.TIMED_OUT,
            Status.TIMED_OUT,
            "TimeoutError",
            "Loading your module used more than {cpu_seconds:g} s of CPU time: "
            "is there a loop or a long computation at module level?",
            not_run="loading your code timed out.",
        ),
        Ending.LEARNER_WALL_TIMEOUT: _learner(
            Verdict.TIMED_OUT,
            Status.TIMED_OUT,
            "TimeoutError",
            "Loading your module took longer than {wall_seconds:g} s: "
            "is there a loop or a long computation at module level?",
            not_run="loading your code timed out.",
        ),
        Ending.LEARNER_MEMORY: _learner(
            Verdict.ERROR,
            Status.ERROR,
            "MemoryError",
            f"Your module-level code {_MEMORY} Look at what it builds at import time: large "
            "arrays kept at module level, or copies of them.",
            in_call=f"This call {_MEMORY} Your result did not fit in memory: look for large "
            "arrays kept alive, or intermediate arrays far larger than the result.",
            not_run="your module-level code used up the memory.",
        ),
        Ending.LEARNER_OUTPUT: _learner(
            Verdict.ERROR,
            None,
            "OutputTooLarge",
            "Your code sent back more than the sandbox reads ({result_megabytes:.3g} MB) "
            "while it was loaded.",
            not_run="your code sent back too much.",
        ),
        Ending.LEARNER_RESULT_TOO_LARGE: _learner(
            Verdict.ERROR,
            Status.ERROR,
            "ResultTooLarge",
            in_call="The result was larger than the sandbox sends back "
            "({result_megabytes:.3g} MB).",
        ),
        Ending.LEARNER_COMPILER_CRASHED: _learner(
            Verdict.ERROR,
            Status.SKIPPED,
            "CompilerCrash",
            "Python could not compile this code: the compiler stopped{signal} "
            "(is something nested extremely deeply?).",
            not_run="your code could not be compiled.",
        ),
        Ending.LEARNER_MODULE_CRASHED: _learner(
            Verdict.ERROR,
            Status.SKIPPED,
            "ModuleCrash",
            "The Python process stopped{signal} while your module-level code ran, before the "
            "function could be called. Look at what runs at import time: top-level calls, and "
            "values built outside any function. " + _CRASH_ADVICE,
            not_run="your module-level code stopped the process.",
        ),
        Ending.LEARNER_CRASHED_INTERPRETER: _learner(
            Verdict.ERROR,
            Status.ERROR,
            "InterpreterCrash",
            in_call="The Python interpreter crashed{signal} while running this call. "
            + _CRASH_ADVICE,
        ),
        # Once learner code may have run, its process can end itself any way it likes (and
        # say anything on its channel): no exit code, signal or frame of its is read as ours.
        Ending.LEARNER_PROCESS_ENDED: _learner(
            Verdict.ERROR,
            Status.ERROR,
            "ProcessEnded",
            "The process running your code ended{how} before it finished, while your "
            "module-level code ran. " + _CRASH_ADVICE,
            in_call="The process running your code ended{how} before it finished. " + _CRASH_ADVICE,
            not_run="the process running your code ended.",
        ),
        Ending.LEARNER_PROTOCOL: _learner(
            Verdict.ERROR,
            Status.ERROR,
            "OutputNotAllowed",
            "Your code made its process send back more than the sandbox allows (more, or other, "
            "than its calls produce), so the run was stopped.",
            in_call="Your code made its process send back more than the sandbox allows (more, "
            "or other, than its calls produce), so the run was stopped.",
            not_run="your code's process sent back more than the sandbox allows.",
        ),
        # Runnable but not scheduled: its wall time was extended by the wait the scheduler
        # measured, up to a cap, and it still did not finish. The learner's timeout (their
        # code was running, and a rerun under the same load would only double it), worded so
        # that they know the machine was busy.
        Ending.STARVED: _learner(
            Verdict.TIMED_OUT,
            Status.TIMED_OUT,
            "TimeoutError",
            "Loading your module did not finish within {wall_seconds:g} s; the machine was "
            "busy, so it may run slower than usual.",
            in_call="This call did not finish within {wall_seconds:g} s; the machine was busy, "
            "so it may run slower than usual.",
            not_run="loading your code timed out.",
        ),
        Ending.SANDBOX_UNAVAILABLE: _ours("the grading sandbox was unavailable.", died=False),
        Ending.SANDBOX_FAILED: _ours("the grading sandbox failed {when}."),
        Ending.SANDBOX_KILLED: _ours("the sandbox process was stopped from outside{signal}."),
        Ending.ZYGOTE_DIED: _ours("the process that runs the sandboxes stopped {when}."),
        Ending.PROTOCOL_BROKEN: _ours("the sandbox sent back something we could not read."),
        # Raised by the grader's own code (a check's bug): the service reports it.
        Ending.GRADER_RAISED: _ours("The grader failed.", died=False),
    }
)

# Signals a process gets from outside (an operator, a supervisor); every other signal is the
# interpreter crashing from within. SIGKILL is also the kernel's, at the CPU and memory limits,
# which the host tells apart (RunStatus.CPU_LIMIT, RunStatus.OUT_OF_MEMORY).
_SENT_FROM_OUTSIDE = frozenset(
    {
        signal.SIGKILL,
        signal.SIGTERM,
        signal.SIGINT,
        signal.SIGHUP,
        signal.SIGQUIT,
        signal.SIGUSR1,
        signal.SIGUSR2,
    }
)


@dataclass(frozen=True)
class Facts:
    """What a message may name about the run that ended (the fields of the templates)."""

    limits: Limits
    result_bytes: int = 0  # the run's own byte cap (graders.engine.caps.run_limits)
    signal: int | None = None
    cpu_ms: float | None = None
    wall_ms: float = 0.0
    learner_ran: bool = True
    exit_code: int | None = None

    def fill(self, template: str) -> str:
        how = f" (signal {self.signal})" if self.signal else ""
        if not how and self.exit_code:
            how = f" (exit code {self.exit_code})"
        return template.format(
            how=how,
            cpu_seconds=self.limits.cpu_seconds,
            wall_seconds=self.limits.wall_seconds,
            megabytes=round(self.limits.memory_bytes / 2**20),
            result_megabytes=(self.result_bytes or self.limits.result_bytes) / 2**20,
            signal=f" (signal {self.signal})" if self.signal else "",
            cpu_used=(self.cpu_ms or 0.0) / 1000,
            wall_used=self.wall_ms / 1000,
            when="while it ran your code" if self.learner_ran else "before your code ran",
        )


# Of its wall time, the share a timed-out child spent waiting for a CPU for it to count as
# starved (the scheduler's accounting); a child that slept, or ran, spent its own time.
STARVED_WAIT_SHARE = 0.25


def starved(outcome: RunOutcome) -> bool:
    """Whether the wall clock ran out on a child the machine kept from running: by the
    scheduler's accounting, it waited for a CPU a good share of its wall time (even after its
    wall was extended by that wait, up to the cap). Where the kernel keeps no accounting: it
    got under half its wall time on the CPU."""
    if outcome.status is not RunStatus.TIMEOUT:
        return False
    if outcome.wait_ms is not None:
        return outcome.wait_ms >= outcome.wall_ms * STARVED_WAIT_SHARE
    return outcome.cpu_ms is not None and outcome.cpu_ms < outcome.wall_ms / 2


def ending_of(outcome: RunOutcome, reading: RunReading) -> Ending:
    """How this run ended, by the table above."""
    status = outcome.status
    if status is RunStatus.UNAVAILABLE:
        return Ending.SANDBOX_UNAVAILABLE
    began = reading.started_loading  # the child's first frame: learner code may have run
    if status is RunStatus.BROKEN:
        return Ending.LEARNER_PROTOCOL if began else Ending.PROTOCOL_BROKEN
    if reading.load_error is not None:
        return Ending.LEARNER_NOT_LOADED
    if status is RunStatus.OK:
        if not reading.loaded:  # `done` without loading or saying why: no honest child
            return Ending.LEARNER_PROTOCOL if began else Ending.PROTOCOL_BROKEN
        raised = any(result.outcome is ProbeOutcome.RAISED for result in reading.results.values())
        return Ending.LEARNER_RAISED if raised else Ending.FINISHED
    if starved(outcome):
        return Ending.STARVED
    if not began:  # none of the learner's code had run: whatever ended it is ours
        if status is RunStatus.CRASHED and outcome.signal in _SENT_FROM_OUTSIDE:
            return Ending.SANDBOX_KILLED
        return Ending.SANDBOX_FAILED
    if status is RunStatus.CPU_LIMIT:
        return Ending.LEARNER_CPU
    if status is RunStatus.TIMEOUT:
        return Ending.LEARNER_WALL_TIMEOUT
    if status is RunStatus.OUT_OF_MEMORY:
        return Ending.LEARNER_MEMORY
    if status is RunStatus.OVERFLOW:
        in_call = reading.running is not None
        return Ending.LEARNER_RESULT_TOO_LARGE if in_call else Ending.LEARNER_OUTPUT
    return _crashed(outcome, reading)


def _crashed(outcome: RunOutcome, reading: RunReading) -> Ending:
    """A child that ended without `done`, once the learner's code had begun.

    Its reaper (the zygote, or the first of two forks) is a process the learner's code never
    runs in: its silence is ours. Anything else the child's own process did is the learner's,
    since a child that escaped the language layer can exit with our codes or signal itself.
    """
    if outcome.signal is None:
        if outcome.exit_code is None:  # its reaper never said how it ended
            return Ending.ZYGOTE_DIED
        if outcome.exit_code == ChildExit.OUT_OF_MEMORY:
            return Ending.LEARNER_MEMORY
        return Ending.LEARNER_PROCESS_ENDED
    if outcome.signal == signal.SIGXCPU:
        return Ending.LEARNER_CPU
    if outcome.signal in _SENT_FROM_OUTSIDE:
        return Ending.LEARNER_PROCESS_ENDED
    if not reading.compiled:
        return Ending.LEARNER_COMPILER_CRASHED
    if not reading.loaded:
        return Ending.LEARNER_MODULE_CRASHED
    if reading.running is not None:
        return Ending.LEARNER_CRASHED_INTERPRETER
    return Ending.LEARNER_PROCESS_ENDED


def facts_of(outcome: RunOutcome, reading: RunReading, limits: Limits, result_bytes: int) -> Facts:
    """The facts the messages of `outcome`'s ending may name."""
    return Facts(
        limits,
        result_bytes,
        outcome.signal,
        outcome.cpu_ms,
        outcome.wall_ms,
        learner_ran=reading.started_loading,
        exit_code=outcome.exit_code,
    )
