"""`gradebox worker` whose gradings each hold its event loop first: a synchronous sleep of
`BLOCKING_WORKER_SECONDS`, after noting the grading (worker, entry, delivery count) as a line
of `BLOCKING_WORKER_RUNS`. Run as `python -m tests.distributed.blocking_worker worker --name N`
(a `LiveWorker` whose `module` is this one)."""

from __future__ import annotations

import os
import sys
import time

from app import worker
from app.cli import main
from graders.engine.grader import TestListener
from graders.report import Report

_grade = worker.Worker._grade


async def _grade_after_blocking(
    self: worker.Worker, taken: worker.Taken, decided: TestListener | None = None
) -> Report:
    with open(os.environ["BLOCKING_WORKER_RUNS"], "a") as runs:
        runs.write(f"{self.name} {taken.entry} {taken.deliveries}\n")
    time.sleep(float(os.environ["BLOCKING_WORKER_SECONDS"]))  # nothing else on the loop runs
    return await _grade(self, taken, decided)


worker.Worker._grade = _grade_after_blocking  # type: ignore[method-assign]

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
