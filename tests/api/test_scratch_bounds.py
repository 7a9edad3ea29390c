"""Scratch calls at the largest size the schema allows keep the web process's memory bounded.

The attack: an anonymous learner whose answer is wrong asks for `positional_encoding(2047,
512)`, then 2046, ...; each call's reference and known mistakes ran in the web process and
their outputs were cached by count, so the process grew by 150-190 MB a call until the kernel
killed it. The reference and the mistakes now run in a sandboxed child of their own
(graders.inside.reference), and nothing of a scratch call is kept.
A real `gradebox serve`: the bound is the resident memory (RSS) of the web process alone.
"""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from app.live_server import LiveServer
from tests.api.conftest import FLAGSHIP_URL, UNLIMITED

CALLS = 16
# The web process's resident memory after the calls, at most (docs/operations.md): NumPy, the
# catalog and a few calls' values in flight, never a call's worth per call. About 220 MB with
# large blocks handed back when freed (app/memory.py); 380-450 MB after 50 calls without.
RSS_BOUND_MB = 320
# What the calls may add to the process's floor (its least resident size over three calls,
# since the values in flight swing it by 100 MB from one call to the next): one call's values
# are 8 MB (a (2048, 512) float64 array), so keeping one per call would raise the floor by
# 100 MB over these calls; the leak this file was written for added 150-190 MB a call.
GROWTH_BOUND_MB = 48
ZEROS = "import numpy as np\n\ndef positional_encoding(max_len, d_model):\n    return np.zeros((max_len, d_model))\n"


@pytest.fixture(scope="module")
def quiet_server(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    settings = {**UNLIMITED, "wall_seconds": "10"}
    with LiveServer(tmp_path_factory.mktemp("scratch-bounds"), **settings) as live:
        yield live


def resident_mb(pid: int) -> float:
    for line in Path(f"/proc/{pid}/status").read_text().splitlines():
        if line.startswith("VmRSS:"):
            return int(line.split()[1]) / 1024
    raise AssertionError("no VmRSS")


def test_scratch_calls_at_the_largest_size_keep_the_web_process_under_its_bound(
    quiet_server: LiveServer,
) -> None:
    assert quiet_server.process is not None
    pid = quiet_server.process.pid
    sizes: list[float] = []
    with quiet_server.client() as http:
        for step in range(CALLS):
            call = f"positional_encoding({2048 - step}, 512)"
            response = http.post(
                f"{FLAGSHIP_URL}/scratch", json={"code": ZEROS, "call": call}, timeout=60.0
            )
            assert response.status_code == 200
            run = response.json()
            assert run["status"] == "returned", run["message"]
            assert run["comparison"]["matches"] is False
            assert run["reference"]["description"].startswith("a float64 array")
            sizes.append(resident_mb(pid))
    print(f"resident MB after each call: {[round(size) for size in sizes]}")
    assert max(sizes) < RSS_BOUND_MB
    assert min(sizes[-3:]) - min(sizes[:3]) < GROWTH_BOUND_MB


def test_the_largest_size_still_answers_with_the_reference_and_a_diagnosis(
    quiet_server: LiveServer,
) -> None:
    halves = (
        "import numpy as np\n\ndef positional_encoding(max_len, d_model):\n"
        "    pos = np.arange(max_len)[:, None]\n"
        "    rates = 1 / 10000 ** (np.arange(0, d_model, 2) / d_model)\n"
        "    return np.concatenate([np.sin(pos * rates), np.cos(pos * rates)], axis=1)\n"
    )
    with quiet_server.client() as http:
        run = http.post(
            f"{FLAGSHIP_URL}/scratch",
            json={"code": halves, "call": "positional_encoding(2048, 512)"},
            timeout=60.0,
        ).json()
    assert run["status"] == "returned"
    assert run["comparison"]["matches"] is False
    assert run["comparison"]["mistakes_known"] > 0
    diagnosis = run["comparison"]["diagnosis"]
    searched = run["comparison"]["mistakes_tried"] == run["comparison"]["mistakes_known"]
    assert (diagnosis is not None and diagnosis["id"] == "concatenated-halves") or not searched
