"""What the verdicts cost: counting the vectorised calls, and the probes at scale.

    python scripts/bench_verdicts.py     (part of `make bench`)

In this process (no sandbox, the same code the child runs), each figure against a baseline
measured in the same run, medians of ROUNDS interleaved rounds:
  counting   the two `vectorised` calls of the flagship's reference, compiled under the policy,
             counted (line tracer and helper tallies) vs the same calls uncounted; and a
             looping solution's, whose count is large (the cost per line event)
  at scale   the whole in-process grading of the reference with the probes of max_len >= 2048
             vs without them: the probe budget, in ms
"""

from __future__ import annotations

import ast
import statistics
import sys
import time
from dataclasses import replace
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "scripts"))

from bench import grade_inprocess  # type: ignore[import-not-found]  # noqa: E402

from graders.catalog import Catalog  # noqa: E402
from graders.inside.counting import counted_call  # noqa: E402
from graders.inside.policy import (  # noqa: E402
    SUBMISSION_FILENAME,
    OutputBuffer,
    compile_submission,
    restricted_globals,
)
from graders.protocol.loops import line_kinds  # noqa: E402

ROUNDS = 60
LOOPING = """
import numpy as np


def positional_encoding(max_len, d_model):
    pe = np.zeros((max_len, d_model))
    for pos in range(max_len):
        for i in range(0, d_model, 2):
            pe[pos, i] = np.sin(pos / 10000 ** (i / d_model))
            pe[pos, i + 1] = np.cos(pos / 10000 ** (i / d_model))
    return pe
"""


def loaded(source: str, entry: str) -> Any:
    """The entry function, compiled and executed under the policy, as in the child."""
    namespace = restricted_globals(OutputBuffer(1 << 16))
    exec(compile_submission(source), namespace)  # noqa: S102 - our own benchmark sources
    return namespace[entry]


def median_ms(run: object, rounds: int = ROUNDS) -> float:
    times = []
    for _ in range(rounds):
        started = time.perf_counter()
        run()  # type: ignore[operator]
        times.append((time.perf_counter() - started) * 1000)
    return statistics.median(times)


def main() -> None:
    exercise = Catalog(ROOT / "exercises").load().get("sinusoidal-positional-encoding")
    vectorised = exercise.test("vectorised")
    args = [probe.args for probe in vectorised.probes]
    reference = exercise.solution_path.read_text(encoding="utf-8")
    print("verdicts: what counting and the probes at scale cost (in-process, medians)")
    for label, source in (("reference", reference), ("looping", LOOPING)):
        function = loaded(source, exercise.entry)
        kinds = line_kinds(ast.parse(source))

        def plain(function: Any = function) -> None:
            for call in args:
                function(*call)

        def counted(function: Any = function, kinds: dict[int, str] = kinds) -> None:
            for call in args:
                counted_call(function, call, SUBMISSION_FILENAME, kinds)

        plain_ms, counted_ms = median_ms(plain), median_ms(counted)
        events = sum(
            counted_call(function, call, SUBMISSION_FILENAME, kinds)[2].total for call in args
        )
        print(
            f"  counting, {label:9}  {vectorised.probes[0].call} and {vectorised.probes[1].call}:"
            f" {counted_ms:.3f} ms counted vs {plain_ms:.3f} ms uncounted "
            f"(+{counted_ms - plain_ms:.3f} ms, x{counted_ms / plain_ms:.2f}; {events:,} events)"
        )
    small = replace(
        exercise,
        tests=[
            replace(test, probes=[p for p in test.probes if p.args and p.args[0] != 2048])
            for test in exercise.tests
        ],
    )
    grade_inprocess(exercise, reference)
    grade_inprocess(small, reference)
    without = median_ms(lambda: grade_inprocess(small, reference), 30)
    with_scale = median_ms(lambda: grade_inprocess(exercise, reference), 30)
    print(
        f"  at scale: a whole in-process grading takes {with_scale:.2f} ms with the max_len = "
        f"2048 probes vs {without:.2f} ms without them: budget +{with_scale - without:.2f} ms"
    )


if __name__ == "__main__":
    main()
