"""Grading latency and throughput of the flagship exercise: three designs measured in one run.

What one "grading" is: the flagship exercise (`sinusoidal-positional-encoding`) graded on its own
reference solution (`solution.py` read as text), every probe run, every check and the report built.

  (a) the warm pool, every sandbox layer on: `SandboxPool(2, Limits())` + `Grader(pool).grade`.
      Latency sequentially, with a 20 ms pause between gradings (a pre-forked spare is ready, as
      at normal load) and back-to-back; throughput with 2 asyncio tasks grading concurrently.
      A separate pass splits the time into phases: planning and packing in the parent, the
      child's run as the grader times it (`RunOutcome.wall_ms`: job sent until the `done` frame
      is read; tests are checked as their results arrive), waiting for a spare and releasing
      it, and what is left of reading the frames + building the report after `done`. The
      throughput run also reports the CPU each grading cost, split between this process, the
      zygotes and the learner processes (from /proc, the children counted once reaped).
  (b) the classic design: a fresh `python -I -c` process per submission that imports NumPy,
      RestrictedPython and graders, loads the exercise, packs the job, runs
      `graders.inside.child.run_inprocess`, builds the report with `report_for_run`, prints it as JSON and exits. Latency sequentially; throughput with 2
      processes at a time.
  (c) the floor: the same steps as (b) in this process (no isolation, no process start).
      Throughput with 2 threads (they share one GIL) and with 1.

Bounded: fixed counts, a time budget per phase and an 88 s stop for the whole run; pipes and a
socketpair only, no network. Absolute figures move between runs on a shared 2-vCPU machine:
compare the designs within one run. Run with `make bench`.
"""

from __future__ import annotations

import os

# The zygote pins BLAS/OpenMP to one thread before NumPy is imported; do the same for (c).
for _name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
    os.environ.setdefault(_name, "1")

import asyncio  # noqa: E402
import importlib.metadata  # noqa: E402
import json  # noqa: E402
import platform  # noqa: E402
import sys  # noqa: E402
import time  # noqa: E402
from collections.abc import Awaitable, Callable  # noqa: E402
from concurrent.futures import ThreadPoolExecutor  # noqa: E402
from dataclasses import dataclass, field  # noqa: E402
from pathlib import Path  # noqa: E402

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))

import numpy as np  # noqa: E402

from graders.catalog import Catalog  # noqa: E402
from graders.engine import Grader, report_for_run, summary_only  # noqa: E402
from graders.exercise import Exercise  # noqa: E402
from graders.host.exchange import FrameListener, RunOutcome, RunStatus  # noqa: E402
from graders.host.pool import SandboxPool  # noqa: E402
from graders.inside.child import run_inprocess  # noqa: E402
from graders.protocol.frames import FrameType, decode  # noqa: E402
from graders.protocol.job import Job  # noqa: E402
from graders.protocol.limits import Limits  # noqa: E402
from graders.report import Report, Verdict  # noqa: E402

FLAGSHIP = "sinusoidal-positional-encoding"
LIMITS = Limits()  # the service's defaults (Settings() without GRADEBOX_* overrides)
POOL_SIZE = 2
IN_FLIGHT = 2
PAUSE_SECONDS = 0.020

# (count, time budget in seconds) per phase; a phase stops at whichever comes first.
WARM_UP_A = 10
SEQUENTIAL_A = (200, 12.0)
BACK_TO_BACK_A = (200, 10.0)
THROUGHPUT_A = (200, 10.0)
BREAKDOWN_A = (100, 6.0)
WARM_UP_C = 5
SEQUENTIAL_C = (200, 3.0)
THROUGHPUT_C = (200, 3.0)
SEQUENTIAL_B = (20, 15.0)
THROUGHPUT_B = (20, 12.0)
FRESH_TIMEOUT_SECONDS = 30.0

BENCH_BUDGET_SECONDS = 88.0
TOTAL_PHASE = "total Grader.grade"

TARGET_MEDIAN_MS = 10.0
TARGET_THROUGHPUT_RATIO = 20.0

# The classic design, run as `python -I -c FRESH_PROCESS exercises_dir slug limits_json`; the
# source arrives on stdin, the report (and the child's own timings) leaves as JSON on stdout.
FRESH_PROCESS = """
import time
started = time.perf_counter()
import json, sys
from pathlib import Path
import numpy
import RestrictedPython
from graders.engine import report_for_run, summary_only
from graders.exercise import load_exercise
from graders.host.exchange import RunOutcome, RunStatus
from graders.inside.child import run_inprocess
from graders.protocol.frames import decode
from graders.protocol.job import Job
from graders.protocol.limits import Limits
imported = time.perf_counter()
exercises, slug, limits = sys.argv[1], sys.argv[2], json.loads(sys.argv[3])
source = sys.stdin.read()
exercise = load_exercise(Path(exercises) / slug, Limits(**limits))
probes = exercise.all_probes()
job = Job(source, exercise.entry, [probe.args for probe in probes],
          exercise.limits, summary_only(exercise, probes),
          counted=[probe.counted for probe in probes])
run_started = time.perf_counter()
frames = decode(run_inprocess(job))
wall_ms = (time.perf_counter() - run_started) * 1000
status = RunStatus.OK if any(frame.type == "done" for frame in frames) else RunStatus.CRASHED
report = report_for_run(exercise, probes, RunOutcome(status, frames, wall_ms))
body = report.to_dict()
finished = time.perf_counter()
print(json.dumps({"report": body, "import_ms": (imported - started) * 1000,
                  "grade_ms": (finished - imported) * 1000}))
"""


@dataclass
class Series:
    """Per-grading latencies in seconds, and the wall time of the whole series."""

    latencies: list[float] = field(default_factory=list)
    elapsed: float = 0.0

    @property
    def count(self) -> int:
        return len(self.latencies)

    def ms(self, quantile: float) -> float:
        return float(np.percentile(np.array(self.latencies), quantile)) * 1000

    @property
    def per_second(self) -> float:
        return self.count / self.elapsed if self.elapsed else 0.0


@dataclass
class Phases:
    """Per-grading phase durations in ms, named in print order."""

    values: dict[str, list[float]] = field(default_factory=dict)

    def add(self, name: str, milliseconds: float) -> None:
        self.values.setdefault(name, []).append(milliseconds)


class BenchError(Exception):
    """A grading did not pass: the numbers would not describe a real grading."""


def require_passed(report: Report, design: str) -> None:
    if report.verdict is not Verdict.PASSED:
        raise BenchError(f"{design}: the reference solution got {report.verdict}, not passed")


async def sequential(
    grade_once: Callable[[], Awaitable[None]], limit: tuple[int, float], pause: float = 0.0
) -> Series:
    count, budget = limit
    series = Series()
    started = time.perf_counter()
    while series.count < count and time.perf_counter() - started < budget:
        if pause:
            await asyncio.sleep(pause)
        before = time.perf_counter()
        await grade_once()
        series.latencies.append(time.perf_counter() - before)
    series.elapsed = time.perf_counter() - started
    return series


async def concurrent(
    grade_once: Callable[[], Awaitable[None]], limit: tuple[int, float], workers: int
) -> Series:
    """`workers` tasks take gradings from one shared count until it or the budget runs out."""
    count, budget = limit
    series = Series()
    started = time.perf_counter()
    claimed = 0

    async def worker() -> None:
        nonlocal claimed
        while claimed < count and time.perf_counter() - started < budget:
            claimed += 1
            before = time.perf_counter()
            await grade_once()
            series.latencies.append(time.perf_counter() - before)

    await asyncio.gather(*(worker() for _ in range(workers)))
    series.elapsed = time.perf_counter() - started
    return series


# ---------------------------------------------------------------- (c) in-process, the floor


def grade_inprocess(exercise: Exercise, source: str, phases: Phases | None = None) -> Report:
    """Grader.grade's steps with `run_inprocess` in place of the pool: no isolation at all."""
    started = time.perf_counter()
    probes = exercise.all_probes()
    summaries = summary_only(exercise, probes)
    counted = [probe.counted for probe in probes]
    args = [probe.args for probe in probes]
    job = Job(source, exercise.entry, args, exercise.limits, summaries, counted=counted)
    packed = time.perf_counter()
    raw = run_inprocess(job)
    ran = time.perf_counter()
    frames = decode(raw)
    done = any(frame.type == FrameType.DONE for frame in frames)
    status = RunStatus.OK if done else RunStatus.CRASHED
    report = report_for_run(exercise, probes, RunOutcome(status, frames, (ran - packed) * 1000))
    if phases is not None:
        phases.add("plan probes + pack job", (packed - started) * 1000)
        phases.add("run_job (compile, exec, probes)", (ran - packed) * 1000)
        phases.add("decode + read frames + build report", (time.perf_counter() - ran) * 1000)
    return report


async def bench_inprocess(exercise: Exercise, source: str) -> tuple[Series, Series, Series, Phases]:
    for _ in range(WARM_UP_C):
        require_passed(grade_inprocess(exercise, source), "(c)")
    phases = Phases()

    async def once() -> None:
        require_passed(grade_inprocess(exercise, source, phases), "(c)")

    latency = await sequential(once, SEQUENTIAL_C)
    one_thread = await sequential(once, THROUGHPUT_C)
    loop = asyncio.get_running_loop()
    with ThreadPoolExecutor(IN_FLIGHT) as threads:

        async def threaded() -> None:
            report = await loop.run_in_executor(threads, grade_inprocess, exercise, source)
            require_passed(report, "(c)")

        two_threads = await concurrent(threaded, THROUGHPUT_C, IN_FLIGHT)
    return latency, one_thread, two_threads, phases


# ---------------------------------------------------------------- (a) the warm pool


@dataclass
class TimedRunner:
    """Passes jobs to the pool and remembers when the await began and ended (breakdown only)."""

    pool: SandboxPool
    entered: float = 0.0
    left: float = 0.0
    outcome: RunOutcome | None = None

    async def run(
        self, job: bytes, limits: Limits, on_frames: FrameListener | None = None
    ) -> RunOutcome:
        self.entered = time.perf_counter()
        outcome = await self.pool.run(job, limits, on_frames)
        self.left = time.perf_counter()
        self.outcome = outcome
        return outcome


@dataclass
class CpuSplit:
    """CPU time (ms per grading) the (a) throughput phase cost, by where it was spent."""

    gradings: int = 0
    grader: float = 0.0  # this process
    zygotes: float = 0.0  # the zygotes themselves: forking, reaping
    children: float = 0.0  # the learners' processes, from birth to reaped (their exit included)
    machine: float = 0.0  # every CPU, kernel threads included (/proc/stat)
    idle_share: float = 0.0  # of the machine's CPU time, the share left idle


def _process_ticks(pid: int) -> tuple[int, int]:
    """(own, reaped children's) utime + stime of `pid`, in clock ticks."""
    fields = Path(f"/proc/{pid}/stat").read_text().rsplit(")", 1)[1].split()
    return int(fields[11]) + int(fields[12]), int(fields[13]) + int(fields[14])


def _machine_ticks() -> tuple[int, int]:
    """(busy, idle) clock ticks of every CPU since boot."""
    values = [int(value) for value in Path("/proc/stat").read_text().split("\n")[0].split()[1:]]
    idle = values[3] + values[4]
    return sum(values[:8]) - idle, idle


class CpuMeter:
    """Reads the CPU counters around one phase; zygotes' children count once they are reaped."""

    def __init__(self, zygote_pids: list[int]) -> None:
        self.pids = zygote_pids
        self.start = self._read()

    def _read(self) -> tuple[float, list[tuple[int, int]], tuple[int, int]]:
        times = os.times()
        return (
            times.user + times.system,
            [_process_ticks(pid) for pid in self.pids],
            _machine_ticks(),
        )

    def split(self, gradings: int) -> CpuSplit:
        (own0, zygotes0, machine0), (own1, zygotes1, machine1) = self.start, self._read()
        tick_ms = 1000 / os.sysconf("SC_CLK_TCK")
        per = 1 / max(1, gradings)
        busy, idle = machine1[0] - machine0[0], machine1[1] - machine0[1]
        return CpuSplit(
            gradings,
            (own1 - own0) * 1000 * per,
            sum(b[0] - a[0] for a, b in zip(zygotes0, zygotes1, strict=True)) * tick_ms * per,
            sum(b[1] - a[1] for a, b in zip(zygotes0, zygotes1, strict=True)) * tick_ms * per,
            busy * tick_ms * per,
            idle / max(1, busy + idle),
        )


@dataclass
class PoolResults:
    start_seconds: float
    first_grading: float
    paused: Series
    back_to_back: Series
    throughput: Series
    phases: Phases
    restarts: int
    cpu: CpuSplit


async def bench_pool(exercise: Exercise, source: str) -> PoolResults:
    started = time.perf_counter()
    pool = SandboxPool(POOL_SIZE, LIMITS)
    await pool.start()
    try:
        start_seconds = time.perf_counter() - started
        if pool.refusal:
            raise BenchError(f"(a): the pool refuses to grade: {pool.refusal}")
        grader = Grader(pool)

        async def once() -> None:
            require_passed(await grader.grade(exercise, source), "(a)")

        before = time.perf_counter()
        await once()
        first = time.perf_counter() - before
        for _ in range(WARM_UP_A - 1):
            await once()
        paused = await sequential(once, SEQUENTIAL_A, PAUSE_SECONDS)
        back_to_back = await sequential(once, BACK_TO_BACK_A)
        meter = CpuMeter([zygote.process.pid for zygote in pool._zygotes if zygote.process])
        throughput = await concurrent(once, THROUGHPUT_A, IN_FLIGHT)
        await asyncio.sleep(0.05)  # the last children are reaped
        cpu = meter.split(throughput.count)

        timed = TimedRunner(pool)
        timed_grader = Grader(timed)
        phases = Phases()

        async def timed_once() -> None:
            begun = time.perf_counter()
            report = await timed_grader.grade(exercise, source)
            ended = time.perf_counter()
            require_passed(report, "(a)")
            assert timed.outcome is not None
            run_ms = (timed.left - timed.entered) * 1000
            phases.add("parent: plan probes + pack job", (timed.entered - begun) * 1000)
            phases.add("parent: wait for a spare, release it", run_ms - timed.outcome.wall_ms)
            phases.add("child run: job written to done read (wall_ms)", timed.outcome.wall_ms)
            phases.add("parent: read frames + build report", (ended - timed.left) * 1000)
            phases.add(TOTAL_PHASE, (ended - begun) * 1000)

        await sequential(timed_once, BREAKDOWN_A, PAUSE_SECONDS)
        return PoolResults(
            start_seconds, first, paused, back_to_back, throughput, phases, pool.restarts, cpu
        )
    finally:
        await pool.close()


# ---------------------------------------------------------------- (b) a fresh process each


@dataclass
class FreshResults:
    latency: Series
    throughput: Series
    phases: Phases


def fresh_environment() -> dict[str, str]:
    """What the zygote gets: a bare PATH, the project root, BLAS pinned to one thread."""
    environment = {"PATH": "/usr/bin:/bin", "PYTHONPATH": str(ROOT)}
    environment |= {"OPENBLAS_NUM_THREADS": "1", "OMP_NUM_THREADS": "1", "MKL_NUM_THREADS": "1"}
    for name in ("OPENBLAS_CORETYPE", "OPENBLAS_L2_SIZE", "LANG", "LC_ALL"):
        if name in os.environ:
            environment[name] = os.environ[name]
    return environment


async def grade_fresh(exercise: Exercise, source: str) -> tuple[float, float]:
    """One grading in a new interpreter; the child's own import and grading times in ms."""
    arguments = [str(exercise.path.parent), exercise.slug, json.dumps(LIMITS.to_dict())]
    process = await asyncio.create_subprocess_exec(
        sys.executable,
        "-I",
        "-c",
        FRESH_PROCESS,
        *arguments,
        stdin=asyncio.subprocess.PIPE,
        stdout=asyncio.subprocess.PIPE,
        stderr=asyncio.subprocess.PIPE,
        env=fresh_environment(),
        cwd=str(ROOT),
    )
    try:
        out, err = await asyncio.wait_for(
            process.communicate(source.encode()), FRESH_TIMEOUT_SECONDS
        )
    except BaseException as error:  # timed out, or the whole bench was cancelled
        if process.returncode is None:
            process.kill()
            await process.wait()
        if isinstance(error, TimeoutError):
            raise BenchError("(b): a fresh grading process timed out") from None
        raise
    if process.returncode != 0:
        raise BenchError(f"(b): the fresh process failed: {err.decode(errors='replace')[-2000:]}")
    reply = json.loads(out)
    require_passed(Report.from_dict(reply["report"]), "(b)")
    return float(reply["import_ms"]), float(reply["grade_ms"])


async def bench_fresh(exercise: Exercise, source: str) -> FreshResults:
    phases = Phases()

    async def timed_once() -> None:
        begun = time.perf_counter()
        import_ms, grade_ms = await grade_fresh(exercise, source)
        total_ms = (time.perf_counter() - begun) * 1000
        phases.add("interpreter start-up, exit, pipes", total_ms - import_ms - grade_ms)
        phases.add("import NumPy, RestrictedPython, graders", import_ms)
        phases.add("load exercise, grade, report as JSON", grade_ms)
        phases.add("total, spawn to exit", total_ms)

    async def once() -> None:
        await grade_fresh(exercise, source)

    await once()  # the files are in the page cache from here on, as on a busy server
    latency = await sequential(timed_once, SEQUENTIAL_B)
    throughput = await concurrent(once, THROUGHPUT_B, IN_FLIGHT)
    return FreshResults(latency, throughput, phases)


# ---------------------------------------------------------------- report


def machine() -> str:
    cpus = os.cpu_count() or 0
    usable = len(os.sched_getaffinity(0))
    model = "unknown CPU"
    try:
        for line in Path("/proc/cpuinfo").read_text().splitlines():
            if line.startswith("model name"):
                model = line.split(":", 1)[1].strip()
                break
    except OSError:
        pass
    versions = ", ".join(
        f"{name} {importlib.metadata.version(name)}" for name in ("numpy", "RestrictedPython")
    )
    return (
        f"machine: nproc {usable} (cpu_count {cpus}), {model}, Linux {platform.release()}, "
        f"Python {platform.python_version()}, {versions}"
    )


def cpu_pressure_total() -> float | None:
    """Microseconds some task waited for a CPU, since boot (Linux PSI), or None without PSI."""
    try:
        first = Path("/proc/pressure/cpu").read_text().splitlines()[0]
    except (OSError, IndexError):
        return None
    fields = dict(item.split("=", 1) for item in first.split()[1:])
    return float(fields["total"]) if "total" in fields else None


def load_line(pressure_before: float | None, seconds: float) -> str:
    """How busy the machine was: other work on these 2 cores moves every figure."""
    pressure_after = cpu_pressure_total()
    average = os.getloadavg()[0]
    if pressure_before is None or pressure_after is None:
        return f"load: 1-min load average {average:.2f} at the end (no PSI here)"
    share = (pressure_after - pressure_before) / 1e6 / seconds * 100
    return (
        f"load: some task waited for a CPU {share:.0f}% of the bench's time (PSI cpu some), "
        f"1-min load average {average:.2f} at the end"
    )


def latency_row(label: str, series: Series) -> str:
    return (
        f"  {label:<44} {series.count:>4} {series.ms(50):>8.1f} {series.ms(99):>8.1f} "
        f"{series.ms(0):>8.1f}"
    )


def throughput_row(label: str, series: Series) -> str:
    return (
        f"  {label:<44} {series.count:>4} {series.elapsed:>8.2f} {series.per_second:>8.1f} "
        f"{series.ms(50):>8.1f}"
    )


def phase_rows(phases: Phases) -> list[str]:
    rows = [f"  {'phase':<44} {'median':>8} {'mean':>8}"]
    for name, values in phases.values.items():
        rows.append(f"  {name:<44} {np.median(values):>8.2f} {np.mean(values):>8.2f}")
    return rows


def verdict(met: bool) -> str:
    return "MET" if met else "NOT MET"


def print_results(
    exercise: Exercise,
    source: str,
    pool: PoolResults,
    fresh: FreshResults,
    floor: tuple[Series, Series, Series, Phases],
    total_seconds: float,
    pressure_before: float | None,
) -> None:
    floor_latency, floor_one, floor_two, floor_phases = floor
    print(machine())
    print(load_line(pressure_before, total_seconds))
    print(
        f"grading: {exercise.slug} on its solution.py ({len(source)} chars), "
        f"{len(exercise.all_probes())} probes, {len(exercise.tests)} tests; "
        f"limits: cpu {LIMITS.cpu_seconds:g} s, wall {LIMITS.wall_seconds:g} s, "
        f"memory {LIMITS.memory_bytes // 2**20} MiB"
    )
    print()
    print(f"latency of one grading, ms {'':<17} {'n':>4} {'median':>8} {'p99':>8} {'min':>8}")
    print(latency_row(f"(a) warm pool, sequential, {PAUSE_SECONDS * 1000:g} ms pause", pool.paused))
    print(latency_row("(a) warm pool, sequential, back-to-back", pool.back_to_back))
    print(latency_row("(b) fresh python process per submission", fresh.latency))
    print(latency_row("(c) in-process, no isolation (floor)", floor_latency))
    print()
    print(f"throughput {'':<33} {'n':>4} {'seconds':>8} {'subs/s':>8} {'med. ms':>8}")
    print(throughput_row(f"(a) warm pool, {IN_FLIGHT} asyncio tasks", pool.throughput))
    print(throughput_row(f"(b) fresh process, {IN_FLIGHT} at a time", fresh.throughput))
    print(throughput_row(f"(c) in-process, {IN_FLIGHT} threads (one GIL)", floor_two))
    print(throughput_row("(c) in-process, 1 thread", floor_one))
    print("  (med. ms: median latency of one grading while the others are in flight)")
    print()
    a_median, b_median, c_median = (
        pool.paused.ms(50),
        fresh.latency.ms(50),
        floor_latency.ms(50),
    )
    a_rate, b_rate = pool.throughput.per_second, fresh.throughput.per_second
    c_rate = floor_two.per_second
    print("ratios")
    print(f"  (b)/(a) median latency, paused       {b_median / a_median:>6.1f}x  (a) is faster")
    print(f"  (b)/(a) median latency, back-to-back {b_median / pool.back_to_back.ms(50):>6.1f}x")
    print(f"  (a)/(b) throughput                   {a_rate / b_rate:>6.1f}x")
    print(
        f"  (a)/(c) median latency, paused       {a_median / c_median:>6.1f}x  "
        f"(isolation costs +{a_median - c_median:.1f} ms per grading)"
    )
    print(
        f"  (a)/(c) throughput, 2 in flight      {a_rate / c_rate:>6.2f}x  "
        f"(the floor grades {c_rate / a_rate:.1f}x as many per second)"
    )
    print()
    print("targets")
    print(
        f"  (a) median <= {TARGET_MEDIAN_MS:g} ms (sequential, spare ready): "
        f"{a_median:.1f} ms  {verdict(a_median <= TARGET_MEDIAN_MS)}"
    )
    ratio = a_rate / b_rate
    print(
        f"  (a) throughput >= {TARGET_THROUGHPUT_RATIO:g}x (b): {a_rate:.1f} vs {b_rate:.1f} "
        f"subs/s = {ratio:.1f}x  {verdict(ratio >= TARGET_THROUGHPUT_RATIO)}"
    )
    print()
    timed_count = len(pool.phases.values.get(TOTAL_PHASE, []))
    print(
        f"(a) where the time goes, ms ({timed_count} sequential gradings, "
        f"{PAUSE_SECONDS * 1000:g} ms pause; medians need not add up, means do)"
    )
    print("\n".join(phase_rows(pool.phases)))
    print(
        "  (the grader writes the job into the child and reads its frames directly; the zygote "
        "kills, reaps and replaces the child after the frames are in)"
    )
    cpu = pool.cpu
    print(
        f"(a) CPU per grading in the throughput run, ms ({cpu.gradings} gradings; "
        "the zygotes' children are counted once reaped)"
    )
    print(f"  grader (this process)                        {cpu.grader:>7.2f}")
    print(f"  zygotes (fork, reap, offer)                  {cpu.zygotes:>7.2f}")
    print(f"  learner processes (isolate, run, exit)       {cpu.children:>7.2f}")
    print(
        f"  whole machine (kernel threads included)      {cpu.machine:>7.2f}   "
        f"(idle {cpu.idle_share:.0%} of the CPUs' time)"
    )
    print(f"(c) the same work in-process ({floor_latency.count} gradings), for comparison")
    print("\n".join(phase_rows(floor_phases)))
    print(f"(b) a fresh process, as it times itself ({fresh.latency.count} sequential gradings)")
    print("\n".join(phase_rows(fresh.phases)))
    print()
    print(
        f"pool start (2 zygotes + self-test) {pool.start_seconds:.2f} s, first grading "
        f"{pool.first_grading * 1000:.1f} ms, zygote restarts {pool.restarts}; "
        f"whole bench {total_seconds:.1f} s"
    )


async def main() -> int:
    started = time.perf_counter()
    pressure_before = cpu_pressure_total()
    exercise = Catalog(ROOT / "exercises", LIMITS).load().get(FLAGSHIP)
    source = exercise.solution_path.read_text(encoding="utf-8")

    async def measure() -> tuple[tuple[Series, Series, Series, Phases], PoolResults, FreshResults]:
        floor = await bench_inprocess(exercise, source)
        pool = await bench_pool(exercise, source)
        fresh = await bench_fresh(exercise, source)
        return floor, pool, fresh

    try:
        floor, pool, fresh = await asyncio.wait_for(measure(), BENCH_BUDGET_SECONDS)
    except BenchError as error:
        print(f"bench: {error}", file=sys.stderr)
        return 1
    except TimeoutError:
        print(f"bench: stopped after {BENCH_BUDGET_SECONDS:g} s", file=sys.stderr)
        return 1
    elapsed = time.perf_counter() - started
    print_results(exercise, source, pool, fresh, floor, elapsed, pressure_before)
    return 0


if __name__ == "__main__":
    sys.exit(asyncio.run(main()))
