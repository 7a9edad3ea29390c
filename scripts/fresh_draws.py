"""Which known mistakes a test catches on some fresh draws and not on others (`generate.fresh`).

    .venv/bin/python scripts/fresh_draws.py exercises/adam-step --seeds 20

`gradebox validate` grades each known mistake on the fresh probes of one seed (0), so a
mistake's `fails` says what that draw catches; a learner's grading draws from a seed of its
own. This grades every known mistake on the fresh probes of seeds 0, 1, ... (in this process,
on plain NumPy: the mistakes are the author's trusted code, no sandbox), each test that draws
fresh probes with the exercise's own check, and prints each mistake and test whose verdict
depends on the draw, with the seeds it fails on and whether its `fails` lists the test. Exit
status 1 when there is one: narrow the test's `generate.args` ranges to where the mistake's
behaviour does not change (docs/authoring.md, "Probe arguments").
"""

from __future__ import annotations

import argparse
import sys
import warnings
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parents[1]
sys.path.insert(0, str(ROOT))  # run by its path: graders/ is imported from the project root

from graders import trusted  # noqa: E402
from graders.engine.grader import valued_checks  # noqa: E402
from graders.engine.per_test import grade_test  # noqa: E402
from graders.engine.reading import ProbeOutcome, ProbeResult  # noqa: E402
from graders.exercise import Exercise, MistakeSpec, load_exercise  # noqa: E402
from graders.probes import Probe  # noqa: E402
from graders.protocol.matching import raised_type  # noqa: E402
from graders.report import Status  # noqa: E402


def outcomes(
    exercise: Exercise, mistake: MistakeSpec, probes: list[Probe]
) -> tuple[dict[int, ProbeResult], dict[str, int]]:
    """The mistake's outcome on each probe, as the engine reads a child's."""
    results: dict[int, ProbeResult] = {}
    keys: dict[str, int] = {}
    for index, probe in enumerate(probes):
        keys[probe.key] = index
        value = trusted.mistake_value(exercise, mistake, probe)
        raised = raised_type(value)
        if raised is None:
            results[index] = ProbeResult(ProbeOutcome.RETURNED, value=value)
        else:
            message = str(value.type).partition(": ")[2]
            results[index] = ProbeResult(ProbeOutcome.RAISED, error_type=raised, message=message)
    return results, keys


def caught_by_seed(exercise: Exercise, seeds: int) -> dict[tuple[str, str], list[int]]:
    """(mistake, test) -> the seeds whose fresh draws fail it, for each test with fresh draws."""
    checks = trusted.checks_for(exercise)
    caught: dict[tuple[str, str], list[int]] = {}
    for seed in range(seeds):
        drawn = exercise.with_fresh_probes(seed, valued_checks(exercise))
        for test in drawn.tests:
            check = checks[test.check]
            if not test.fresh or check.static:
                continue
            for mistake in exercise.mistakes:
                results, keys = outcomes(exercise, mistake, test.probes)
                with warnings.catch_warnings(), np.errstate(all="ignore"):
                    warnings.simplefilter("ignore")
                    graded = grade_test(exercise, test, check, results, keys, [])
                failed = caught.setdefault((mistake.id, test.id), [])
                if graded.status is not Status.PASSED:
                    failed.append(seed)
    return caught


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("folder", type=Path, help="an exercise folder (exercises/<slug>)")
    parser.add_argument("--seeds", type=int, default=10, help="seeds 0..N-1 (default 10)")
    options = parser.parse_args(argv)
    exercise = load_exercise(options.folder)
    if not any(test.fresh for test in exercise.tests):
        print(f"{exercise.slug}: no test draws fresh probes (generate.fresh)")
        return 0
    fails = {mistake.id: mistake.fails for mistake in exercise.mistakes}
    varying = [
        (mistake, test, seeds)
        for (mistake, test), seeds in caught_by_seed(exercise, options.seeds).items()
        if 0 < len(seeds) < options.seeds
    ]
    print(f"{exercise.slug}: fresh draws of seeds 0-{options.seeds - 1} (validate draws seed 0)")
    for mistake, test, seeds in varying:
        listed = "lists it" if test in fails[mistake] else "does not list it"
        print(
            f"  {mistake}: test `{test}` fails on {len(seeds)} of {options.seeds} seeds "
            f"({', '.join(map(str, seeds))}); its `fails` {listed}"
        )
    if not varying:
        print("  every known mistake fails or passes each test on every draw")
    return 1 if varying else 0


if __name__ == "__main__":
    sys.exit(main())
