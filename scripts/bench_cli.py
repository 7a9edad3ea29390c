"""How fast the command line grades from a cold shell, against a bare `import numpy`.

    python scripts/bench_cli.py     (part of `make bench`)

Each round runs, one after the other in a fresh process each:
  floor  `python -c 'import numpy'`: the least any grading in Python can cost
  cli    `gradebox grade sinusoidal-positional-encoding solution.py --json`: imports, settings,
         the exercise, a zygote with every sandbox layer, the self-test, one grading, the report
The two are interleaved so both see the same machine; the figure to read is the ratio of the
medians. Bounded: at most ROUNDS rounds and BUDGET_SECONDS in all; no network.
"""

from __future__ import annotations

import json
import statistics
import subprocess
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parents[1]
FLAGSHIP = "sinusoidal-positional-encoding"
ROUNDS = 15
BUDGET_SECONDS = 40.0
GOAL_RATIO = 1.5


def timed(command: list[str]) -> tuple[float, str]:
    started = time.perf_counter()
    result = subprocess.run(command, capture_output=True, text=True, cwd=ROOT, timeout=30)
    elapsed = (time.perf_counter() - started) * 1000
    if result.returncode != 0:
        raise SystemExit(f"bench_cli: {command[1:3]} exited {result.returncode}: {result.stderr}")
    return elapsed, result.stdout


def main() -> int:
    gradebox = str(Path(sys.executable).with_name("gradebox"))
    solution = ROOT / "exercises" / FLAGSHIP / "solution.py"
    floor_command = [sys.executable, "-c", "import numpy"]
    cli_command = [gradebox, "grade", FLAGSHIP, str(solution), "--json"]
    timed(cli_command)  # the first run fills the page cache; not counted
    floor, cli = [], []
    started = time.perf_counter()
    for _ in range(ROUNDS):
        if time.perf_counter() - started > BUDGET_SECONDS:
            break
        floor.append(timed(floor_command)[0])
        elapsed, output = timed(cli_command)
        if json.loads(output)["verdict"] != "passed":
            raise SystemExit("bench_cli: the reference solution did not pass")
        cli.append(elapsed)
    floor_p50, cli_p50 = statistics.median(floor), statistics.median(cli)
    ratio = cli_p50 / floor_p50
    print(f"\n(d) command line, cold shell, {len(cli)} rounds interleaved")
    print(f"  python -c 'import numpy'      p50 {floor_p50:6.1f} ms   min {min(floor):6.1f} ms")
    print(f"  gradebox grade ... --json     p50 {cli_p50:6.1f} ms   min {min(cli):6.1f} ms")
    verdict = "MET" if ratio <= GOAL_RATIO else "not met"
    print(f"  ratio {ratio:.2f}x the import floor (goal <= {GOAL_RATIO:g}x: {verdict})")
    return 0


if __name__ == "__main__":
    sys.exit(main())
