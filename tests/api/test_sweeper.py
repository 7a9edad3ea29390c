"""The sweeper finishes what is left pending, and says so only when something was."""

from __future__ import annotations

from pathlib import Path

import pytest

from app.service import Service
from app.store import PendingSubmission
from app.sweeper import Sweeper
from tests.api.app_server import AppServer
from tests.api.conftest import FLAGSHIP_URL, SOLUTION, UNLIMITED


def test_a_submission_graded_since_the_pending_list_was_read_is_not_counted(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    with AppServer(tmp_path, **UNLIMITED) as served:
        with served.client() as http:
            made = http.post(f"{FLAGSHIP_URL}/submissions", json={"code": SOLUTION})
        assert made.status_code == 201
        service: Service = served.app.state.service
        graded = service.store.get_submission(made.json()["id"])
        assert graded is not None
        # Read as pending a moment before its grading was recorded (each regrading of a round
        # takes seconds, and the list is read once a round).
        stale = PendingSubmission(graded, attempts=1, running_since=None)
        monkeypatch.setattr(service.store, "pending_submissions", lambda: [stale])
        finished = served.call(Sweeper(service).sweep)
        attempts = service.store.attempts(graded.id)
    assert finished == 0  # nothing was left pending: no "finished 1 submission(s)" warning
    assert len(attempts) == 1
