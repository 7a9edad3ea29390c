"""Every script under scripts/ loads the way the Makefile and the docs run it (`python scripts/x.py`),
from any working directory: a script that imports a sibling needs the project root on its path."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

SCRIPTS = sorted(path for path in (ROOT / "scripts").glob("*.py") if path.name != "__init__.py")


@pytest.mark.parametrize("script", SCRIPTS, ids=lambda path: path.name)
def test_a_script_loads_when_run_by_its_path(script: Path, tmp_path: Path) -> None:
    probe = f"import runpy; runpy.run_path({str(script)!r}, run_name='loaded-by-a-test')"
    done = subprocess.run(
        [sys.executable, "-c", probe], cwd=tmp_path, capture_output=True, text=True, timeout=60
    )
    assert done.returncode == 0, done.stderr[-2000:]
