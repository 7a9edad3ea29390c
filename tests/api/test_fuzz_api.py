"""Property-based fuzzing of the whole API from its OpenAPI schema: no 5xx, responses match.

A real `gradebox serve`: the schemathesis CLI fuzzes it over a socket, from a process of its own.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

from app.live_server import LiveServer


def test_schemathesis_finds_no_server_error_and_no_schema_violation(
    live_server: LiveServer, tmp_path: Path
) -> None:
    schemathesis = Path(sys.executable).parent / "schemathesis"
    result = subprocess.run(
        [
            str(schemathesis), "run", f"{live_server.url}/openapi.json",
            "--checks", "not_a_server_error,status_code_conformance,content_type_conformance,"
                        "response_schema_conformance,response_headers_conformance",
            "--max-examples", "25", "--seed", "1", "--workers", "1",
            "--phases", "examples,coverage,fuzzing",
            "--request-timeout", "20", "--no-color", "--suppress-health-check", "all",
        ],
        capture_output=True,
        text=True,
        timeout=240,
        cwd=tmp_path,
    )  # fmt: skip
    assert result.returncode == 0, result.stdout[-6000:] + result.stderr[-2000:]
