"""The warm pool's grading latency, an old tree and the new one interleaved in one run.

What one "grading" is, as in `scripts/bench.py` (a): the flagship exercise
(`sinusoidal-positional-encoding`) graded on its own reference solution by
`Grader(SandboxPool(2, Limits())).grade`, every sandbox layer on, one grading at a time with a
20 ms pause between gradings (a pre-forked spare is ready, as at normal load).

The old tree (`--old REV`, by default 85d88de) is extracted with `git archive REV | tar -x`
into a temporary directory; the new one is the working tree this script lives in (`--new`,
or another revision, extracted the same way). Each tree gets ONE long-lived driver process
(this Python, cwd and PYTHONPATH = that tree) that imports that tree's `graders`, checks that
every `graders` module it loaded and both of its pool's zygotes (cwd, PYTHONPATH) belong to
that tree, warms up, then grades once per line it reads on stdin and answers with the
grading's wall time (perf_counter around `await grader.grade(...)`) and its verdict, which
must be "passed". The parent asks old, new, new, old, old, new, new, old, ... (ABBA, so a
drift of the machine's speed weighs on both alike) and prints, per tree, n, p50, p90 and the
mean, the ratio new/old of the p50s with a bootstrap 95% interval (fixed seed), and whether the
new p50 is within 5% of the old. `--phases` also splits each grading as `scripts/bench.py`
does (planning in the parent, the child's run, the report built after `done`).

Bounded: `--budget` seconds for the whole run (measuring stops there and what was measured is
reported); the drivers are closed (stdin closed, then terminate, then kill) and the extracted
tree removed in a `finally`. Run with `make bench-trees`.
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import numpy as np

ROOT = Path(__file__).resolve().parents[1]

FLAGSHIP = "sinusoidal-positional-encoding"
DEFAULT_OLD = "85d88de"
PAUSE_SECONDS = 0.020
TOLERANCE = 0.05
BOOTSTRAP_DRAWS = 4000
BOOTSTRAP_SEED = 20260
ORDER = ("old", "new", "new", "old")  # ABBA, repeated
CLOSE_SECONDS = 10.0
PHASES = ("plan", "wait", "child", "report")
PHASE_LABELS = {
    "plan": "parent: plan probes + pack job",
    "wait": "parent: wait for a spare, release it",
    "child": "child run: job written to done read (wall_ms)",
    "report": "parent: read frames + build report",
}

# Run as `python -c DRIVER TREE PHASES` with cwd and PYTHONPATH = TREE. It speaks JSON lines on
# the descriptor that was its stdout; its fd 1 is pointed at stderr before the pool starts, so
# nothing a zygote or a child writes can garble the answers. Written against the API that
# 85d88de and the current tree share (Catalog, SandboxPool, Grader, Limits, pool._zygotes).
DRIVER = r"""
import asyncio, json, os, signal, sys, time

TREE = os.path.realpath(sys.argv[1])
PHASES = sys.argv[2] == "1"
FLAGSHIP = "sinusoidal-positional-encoding"
answers = os.fdopen(os.dup(1), "w", buffering=1)
os.dup2(2, 1)
sys.stdout = sys.stderr


def say(**event):
    answers.write(json.dumps(event) + "\n")
    answers.flush()


def fail(message):
    say(event="error", message=message)
    sys.exit(2)


def inside(path):
    path = os.path.realpath(path)
    return path == TREE or path.startswith(TREE + os.sep)


def wrong_modules():
    wrong = []
    for name, module in list(sys.modules.items()):
        if name.split(".")[0] in ("graders", "app"):
            file = getattr(module, "__file__", None)
            if file is None or not inside(file):
                wrong.append(f"{name} from {file}")
    return wrong


import graders

if not inside(graders.__file__):
    fail(f"the driver for {TREE} imports the wrong tree: graders from {graders.__file__}")

from pathlib import Path

import graders.host.process as process_module
from graders.catalog import Catalog
from graders.engine import Grader
from graders.host.pool import SandboxPool
from graders.protocol.limits import Limits

if os.path.realpath(process_module._PROJECT_ROOT) != TREE:
    fail(f"zygotes of {TREE} would start in {process_module._PROJECT_ROOT}")


class TimedRunner:
    def __init__(self, pool):
        self.pool = pool
        self.entered = self.left = 0.0
        self.outcome = None

    async def run(self, job, limits, on_frames=None):
        self.entered = time.perf_counter()
        outcome = await self.pool.run(job, limits, on_frames)
        self.left = time.perf_counter()
        self.outcome = outcome
        return outcome


def zygote_facts(pool):
    facts = []
    for zygote in pool._zygotes:
        pid = zygote.process.pid
        environ = open(f"/proc/{pid}/environ", "rb").read().split(b"\0")
        variables = dict(item.decode().split("=", 1) for item in environ if b"=" in item)
        cwd = os.readlink(f"/proc/{pid}/cwd")
        facts.append({"pid": pid, "cwd": cwd, "pythonpath": variables.get("PYTHONPATH")})
        if os.path.realpath(variables.get("PYTHONPATH") or "/") != TREE:
            fail(f"zygote {pid} of {TREE} has PYTHONPATH {variables.get('PYTHONPATH')}")
        if cwd != "/" and os.path.realpath(cwd) != TREE:
            fail(f"zygote {pid} of {TREE} runs in {cwd}")
    return facts


async def main():
    loop = asyncio.get_running_loop()
    loop.add_signal_handler(signal.SIGTERM, asyncio.current_task().cancel)
    limits = Limits()
    exercise = Catalog(Path(TREE) / "exercises", limits).load().get(FLAGSHIP)
    source = exercise.solution_path.read_text(encoding="utf-8")
    if not inside(str(exercise.solution_path)):
        fail(f"the exercise of {TREE} comes from {exercise.solution_path}")
    started = time.perf_counter()
    pool = SandboxPool(2, limits)
    await pool.start()
    try:
        start_seconds = time.perf_counter() - started
        if pool.refusal:
            fail(f"the pool of {TREE} refuses to grade: {pool.refusal}")
        zygotes = zygote_facts(pool)
        wrong = wrong_modules()
        if wrong:
            fail(f"the driver for {TREE} loaded modules of another tree: {wrong[:5]}")
        timed = TimedRunner(pool)
        grader = Grader(timed if PHASES else pool)
        reader = asyncio.StreamReader()
        await loop.connect_read_pipe(lambda: asyncio.StreamReaderProtocol(reader), sys.stdin)
        say(event="ready", tree=TREE, graders=graders.__file__, python=sys.executable,
            pid=os.getpid(), zygotes=zygotes, start_seconds=start_seconds,
            source_chars=len(source))
        while (line := await reader.readline()):
            if line.strip() != b"grade":
                fail(f"unknown request {line!r}")
            begun = time.perf_counter()
            report = await grader.grade(exercise, source)
            ended = time.perf_counter()
            verdict = str(getattr(report.verdict, "value", report.verdict))
            answer = {"event": "graded", "ms": (ended - begun) * 1000, "verdict": verdict,
                      "restarts": pool.restarts}
            if PHASES and timed.outcome is not None:
                run_ms = (timed.left - timed.entered) * 1000
                answer["phases"] = {
                    "plan": (timed.entered - begun) * 1000,
                    "wait": run_ms - timed.outcome.wall_ms,
                    "child": timed.outcome.wall_ms,
                    "report": (ended - timed.left) * 1000,
                }
            say(**answer)
            if verdict != "passed":
                fail(f"the reference solution got {verdict} in {TREE}, not passed")
    finally:
        await pool.close()


try:
    asyncio.run(main())
except asyncio.CancelledError:
    sys.exit(3)
"""


class BenchError(Exception):
    """The run cannot give a figure: a tree would not extract, or a driver failed."""


@dataclass
class Tree:
    label: str  # "old" or "new"
    root: Path
    description: str
    extracted: bool  # a temporary directory of ours, removed at the end


@dataclass
class Samples:
    ms: list[float] = field(default_factory=list)
    phases: dict[str, list[float]] = field(default_factory=dict)
    restarts: int = 0


def git(*arguments: str) -> str:
    done = subprocess.run(
        ["git", *arguments], cwd=ROOT, capture_output=True, text=True, check=False
    )
    if done.returncode != 0:
        raise BenchError(f"git {' '.join(arguments)}: {done.stderr.strip()}")
    return done.stdout.strip()


def extract(label: str, revision: str) -> Tree:
    """`git archive REV | tar -x` into a new temporary directory: no worktree metadata."""
    commit = git("rev-parse", "--verify", f"{revision}^{{commit}}")
    root = Path(tempfile.mkdtemp(prefix=f"gradebox-bench-trees-{label}-"))
    try:
        with subprocess.Popen(
            ["git", "archive", "--format=tar", commit], cwd=ROOT, stdout=subprocess.PIPE
        ) as archive:
            untar = subprocess.run(["tar", "-x", "-C", str(root)], stdin=archive.stdout)
        if archive.returncode != 0 or untar.returncode != 0:
            raise BenchError(f"git archive {commit} | tar -x -C {root} failed")
    except BaseException:
        shutil.rmtree(root, ignore_errors=True)
        raise
    return Tree(label, root.resolve(), f"{revision} ({commit[:12]}), extracted to {root}", True)


def working_tree(label: str, path: Path) -> Tree:
    head = git("rev-parse", "--short=12", "HEAD")
    dirty = bool(git("status", "--porcelain", "--untracked-files=no"))
    changes = " + uncommitted changes" if dirty else ""
    return Tree(label, path.resolve(), f"working tree {path} (HEAD {head}{changes})", False)


def driver_environment(tree: Path) -> dict[str, str]:
    environment = {name: value for name, value in os.environ.items() if name != "PYTHONSAFEPATH"}
    environment["PYTHONPATH"] = str(tree)
    for name in ("OPENBLAS_NUM_THREADS", "OMP_NUM_THREADS", "MKL_NUM_THREADS"):
        environment[name] = "1"
    return environment


class Driver:
    """One tree's long-lived grading process, asked one grading at a time."""

    def __init__(self, tree: Tree, phases: bool, log: Path) -> None:
        self.tree = tree
        self.phases = phases
        self.log_path = log
        self.process: asyncio.subprocess.Process | None = None
        self.ready: dict[str, Any] = {}

    async def start(self) -> None:
        with self.log_path.open("wb") as log:
            self.process = await asyncio.create_subprocess_exec(
                sys.executable,
                "-c",
                DRIVER,
                str(self.tree.root),
                "1" if self.phases else "0",
                cwd=self.tree.root,
                env=driver_environment(self.tree.root),
                stdin=asyncio.subprocess.PIPE,
                stdout=asyncio.subprocess.PIPE,
                stderr=log,
            )

    async def read(self, deadline: float) -> dict[str, Any]:
        assert self.process is not None
        assert self.process.stdout is not None
        remaining = deadline - time.monotonic()
        if remaining <= 0:
            raise TimeoutError
        line = await asyncio.wait_for(self.process.stdout.readline(), remaining)
        if not line:
            raise BenchError(f"the {self.tree.label} driver exited: {self.log_tail()}")
        event: dict[str, Any] = json.loads(line)
        if event.get("event") == "error":
            raise BenchError(f"the {self.tree.label} driver: {event['message']}")
        return event

    async def wait_ready(self, deadline: float) -> None:
        event = await self.read(deadline)
        if event.get("event") != "ready" or Path(event["tree"]) != self.tree.root:
            raise BenchError(f"the {self.tree.label} driver started wrong: {event}")
        self.ready = event

    async def grade(self, deadline: float) -> dict[str, Any]:
        assert self.process is not None
        assert self.process.stdin is not None
        self.process.stdin.write(b"grade\n")
        await self.process.stdin.drain()
        event = await self.read(deadline)
        if event.get("event") != "graded" or event.get("verdict") != "passed":
            raise BenchError(f"the {self.tree.label} driver: {event}")
        return event

    def log_tail(self) -> str:
        try:
            return self.log_path.read_text(errors="replace")[-2000:].strip() or "(no output)"
        except OSError:
            return "(no log)"

    async def close(self) -> None:
        """stdin closed (the driver closes its pool and exits), then terminate, then kill."""
        process = self.process
        if process is None or process.returncode is not None:
            return
        if process.stdin is not None and not process.stdin.is_closing():
            process.stdin.close()
        for stop in (None, process.terminate, process.kill):
            if stop is not None:
                try:
                    stop()
                except ProcessLookupError:
                    return
            try:
                await asyncio.wait_for(process.wait(), CLOSE_SECONDS)
                return
            except TimeoutError:
                continue


def quantiles(values: list[float]) -> tuple[float, float, float]:
    array = np.array(values)
    return float(np.percentile(array, 50)), float(np.percentile(array, 90)), float(array.mean())


def bootstrap_ratio(old: list[float], new: list[float]) -> tuple[float, float]:
    """95% interval of median(new) / median(old), each tree resampled on its own."""
    rng = np.random.default_rng(BOOTSTRAP_SEED)
    old_array, new_array = np.array(old), np.array(new)
    old_medians = np.median(rng.choice(old_array, (BOOTSTRAP_DRAWS, old_array.size)), axis=1)
    new_medians = np.median(rng.choice(new_array, (BOOTSTRAP_DRAWS, new_array.size)), axis=1)
    low, high = np.percentile(new_medians / old_medians, [2.5, 97.5])
    return float(low), float(high)


def load_average() -> str:
    one, five, fifteen = os.getloadavg()
    return f"{one:.2f} {five:.2f} {fifteen:.2f}"


async def measure(
    drivers: dict[str, Driver], rounds: int, warm_up: int, deadline: float
) -> tuple[dict[str, Samples], bool]:
    """Warm-up, then `rounds` gradings per tree in ABBA order; False when the budget ran out."""
    samples = {label: Samples() for label in drivers}
    for index in range(2 * warm_up):
        await asyncio.sleep(PAUSE_SECONDS)
        await drivers[ORDER[index % 4]].grade(deadline)
    try:
        for index in range(2 * rounds):
            label = ORDER[index % 4]
            await asyncio.sleep(PAUSE_SECONDS)
            event = await drivers[label].grade(deadline)
            series = samples[label]
            series.ms.append(float(event["ms"]))
            series.restarts = int(event.get("restarts", 0))
            for name, value in event.get("phases", {}).items():
                series.phases.setdefault(name, []).append(float(value))
    except TimeoutError:
        return samples, False
    return samples, True


def report(
    trees: dict[str, Tree],
    drivers: dict[str, Driver],
    samples: dict[str, Samples],
    complete: bool,
    rounds: int,
    load_before: str,
    elapsed: float,
) -> bool:
    """Print the table; True when both trees have enough gradings for a figure."""
    print(
        f"bench_trees: {FLAGSHIP} on its solution.py, SandboxPool(2, Limits()) + "
        f"Grader(pool).grade, one grading at a time, {PAUSE_SECONDS * 1000:g} ms pause, "
        f"old/new in ABBA order"
    )
    for label, tree in trees.items():
        ready = drivers[label].ready
        zygotes = ", ".join(f"{z['pid']} cwd {z['cwd']}" for z in ready.get("zygotes", []))
        print(f"  {label}: {tree.description}")
        print(
            f"       driver pid {ready.get('pid')} imports graders from {ready.get('graders')}; "
            f"zygotes {zygotes} (PYTHONPATH = tree); pool start "
            f"{float(ready.get('start_seconds', 0)):.2f} s"
        )
    print(
        f"  machine: {os.cpu_count()} CPUs, load average {load_before} before, "
        f"{load_average()} after; {elapsed:.1f} s in all"
    )
    if not complete:
        counts = ", ".join(f"{label} {len(s.ms)}" for label, s in samples.items())
        print(f"  stopped at the budget after {counts} of {rounds} gradings per tree")
    print()
    print(f"  {'tree':<5} {'n':>5} {'p50 ms':>9} {'p90 ms':>9} {'mean ms':>9} {'restarts':>9}")
    for label, series in samples.items():
        if series.ms:
            p50, p90, mean = quantiles(series.ms)
            row = f"{p50:9.2f} {p90:9.2f} {mean:9.2f}"
        else:
            row = f"{'-':>9} {'-':>9} {'-':>9}"
        print(f"  {label:<5} {len(series.ms):>5} {row} {series.restarts:>9}")
    old, new = samples["old"], samples["new"]
    if min(len(old.ms), len(new.ms)) < 2:
        print("  too few gradings for a ratio")
        return False
    ratio = quantiles(new.ms)[0] / quantiles(old.ms)[0]
    low, high = bootstrap_ratio(old.ms, new.ms)
    print()
    print(
        f"  new/old p50 ratio: {ratio:.3f}, bootstrap 95% interval [{low:.3f}, {high:.3f}] "
        f"({BOOTSTRAP_DRAWS} draws, seed {BOOTSTRAP_SEED})"
    )
    within = ratio <= 1 + TOLERANCE
    if high <= 1 + TOLERANCE:
        sure = "the whole interval is under"
    elif low > 1 + TOLERANCE:
        sure = "the whole interval is over"
    else:
        sure = "the interval straddles"
    print(
        f"  new p50 within {TOLERANCE:.0%} of old: {'yes' if within else 'NO'} "
        f"({(ratio - 1) * 100:+.1f}%; {sure} {1 + TOLERANCE:.2f})"
    )
    if old.phases and new.phases:
        print()
        print("  where the time goes, p50 ms per phase (mean in brackets)")
        print(f"  {'phase':<48} {'old':>15} {'new':>15} {'new-old p50':>12}")
        for name in PHASES:
            old_p50, _, old_mean = quantiles(old.phases[name])
            new_p50, _, new_mean = quantiles(new.phases[name])
            print(
                f"  {PHASE_LABELS[name]:<48} {old_p50:7.2f} ({old_mean:5.2f}) "
                f"{new_p50:7.2f} ({new_mean:5.2f}) {new_p50 - old_p50:+12.2f}"
            )
    return True


def parse(arguments: list[str] | None) -> argparse.Namespace:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0] if __doc__ else None)
    parser.add_argument("--old", default=DEFAULT_OLD, help="the old revision (git archive)")
    parser.add_argument(
        "--new",
        default=str(ROOT),
        help="the new tree: a directory (default: this working tree) or a revision",
    )
    parser.add_argument("--rounds", type=int, default=300, help="gradings per tree")
    parser.add_argument("--warm-up", type=int, default=20, help="gradings per tree, not counted")
    parser.add_argument("--budget", type=float, default=120.0, help="seconds for the whole run")
    parser.add_argument("--phases", action="store_true", help="split each grading in phases")
    return parser.parse_args(arguments)


async def run(options: argparse.Namespace) -> int:
    started = time.monotonic()
    deadline = started + options.budget
    load_before = load_average()
    trees: dict[str, Tree] = {}
    drivers: dict[str, Driver] = {}
    logs = Path(tempfile.mkdtemp(prefix="gradebox-bench-trees-logs-"))
    try:
        trees["old"] = extract("old", options.old)
        new = Path(options.new)
        trees["new"] = working_tree("new", new) if new.is_dir() else extract("new", options.new)
        for label, tree in trees.items():
            drivers[label] = Driver(tree, options.phases, logs / f"{label}.log")
            await drivers[label].start()
        for driver in drivers.values():  # both pools start at once; nothing is measured yet
            await driver.wait_ready(deadline)
        samples, complete = await measure(drivers, options.rounds, options.warm_up, deadline)
        elapsed = time.monotonic() - started
        ok = report(trees, drivers, samples, complete, options.rounds, load_before, elapsed)
        return 0 if ok else 1
    except TimeoutError:
        print(
            f"bench_trees: stopped after {options.budget:g} s, before any figure", file=sys.stderr
        )
        return 1
    except BenchError as error:
        print(f"bench_trees: {error}", file=sys.stderr)
        return 1
    finally:
        await asyncio.gather(*(driver.close() for driver in drivers.values()))
        for driver in drivers.values():
            if driver.process is not None and driver.process.returncode not in (0, None):
                print(
                    f"bench_trees: the {driver.tree.label} driver exited with "
                    f"{driver.process.returncode}: {driver.log_tail()}",
                    file=sys.stderr,
                )
        for tree in trees.values():
            if tree.extracted:
                shutil.rmtree(tree.root, ignore_errors=True)
        shutil.rmtree(logs, ignore_errors=True)


def main(arguments: list[str] | None = None) -> int:
    return asyncio.run(run(parse(arguments)))


if __name__ == "__main__":
    sys.exit(main())
