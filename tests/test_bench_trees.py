"""scripts/bench_trees.py measures two trees in one run, each with its own code: a smoke run with
both trees the same revision, and a driver that would import another tree's code refuses."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

from scripts.bench_trees import DRIVER, driver_environment
from tests.conftest import ROOT


def test_two_trees_of_one_revision_give_a_ratio_and_leave_nothing_behind() -> None:
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "scripts" / "bench_trees.py"),
            *("--old", "HEAD", "--rounds", "4", "--warm-up", "2", "--budget", "60"),
        ],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=90,
    )
    assert done.returncode == 0, done.stdout + done.stderr[-3000:]
    assert re.search(r"new/old p50 ratio: \d+\.\d{3}, bootstrap 95% interval", done.stdout)
    assert re.search(r"new p50 within 5% of old: (yes|NO)", done.stdout)
    rows = re.findall(r"^  (old|new) +(\d+) ", done.stdout, flags=re.MULTILINE)
    assert rows == [("old", "4"), ("new", "4")], done.stdout
    extracted = re.search(r"extracted to (\S+)", done.stdout)
    assert extracted is not None, done.stdout
    old_root = Path(extracted.group(1))
    assert f"imports graders from {old_root}/graders/__init__.py" in done.stdout
    assert f"imports graders from {ROOT}/graders/__init__.py" in done.stdout
    assert not old_root.exists()


def test_a_driver_that_would_import_another_tree_fails_loudly(tmp_path: Path) -> None:
    # No graders/ here: the editable install's finder would load the project's own.
    done = subprocess.run(
        [sys.executable, "-c", DRIVER, str(tmp_path), "0"],
        cwd=tmp_path,
        env=driver_environment(tmp_path),
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert done.returncode == 2
    assert "imports the wrong tree" in done.stdout
