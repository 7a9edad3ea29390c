"""The queue bound holds under a burst, and no learner or address takes more than its share."""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import httpx
import pytest

from app.admission import Admission, Refused
from tests.api.app_server import AppServer
from tests.api.conftest import FLAGSHIP_URL, SOLUTION

SUBMIT = f"{FLAGSHIP_URL}/submissions"
# About two seconds of CPU before the right answer: gradings stay in flight through a burst.
SLOW_BUT_RIGHT = "total = sum(range(50_000_000))\n\n" + SOLUTION
SLOW_LIMITS = {"cpu_seconds": "5", "wall_seconds": "6", "submissions_per_minute": "0"}


def test_a_slot_is_given_back_once_however_often_released() -> None:
    admission = Admission(capacity=2, per_learner=2, per_address=2)
    ticket = admission.admit("a", "1.2.3.4")
    ticket.release()
    ticket.release()
    assert admission.state()["admitted"] == 0
    assert not admission.by_learner
    assert not admission.by_address


@pytest.mark.parametrize(
    ("held", "learner", "address", "shared"),
    [
        ([("a", "x"), ("b", "y")], "c", "z", False),  # the queue is full
        ([("a", "x")], "a", "y", True),  # this learner's share is taken
        ([("a", "x")], "b", "x", True),  # this address's share is taken
    ],
    ids=["queue-full", "learner-share", "address-share"],
)
def test_admission_names_the_bound_it_reached(
    held: list[tuple[str, str]], learner: str, address: str, shared: bool
) -> None:
    admission = Admission(capacity=2, per_learner=1, per_address=1)
    for held_learner, held_address in held:
        admission.admit(held_learner, held_address)
    with pytest.raises(Refused) as refused:
        admission.admit(learner, address)
    assert refused.value.shared is shared


def _tokens(live: AppServer, count: int, address: str = "127.0.0.1") -> list[str]:
    with _client(live, address) as http:
        return [http.post("/api/learners").json()["token"] for _ in range(count)]


def _client(live: AppServer, address: str, token: str | None = None) -> httpx.Client:
    """A client whose requests come from `address`, with no Origin (as a program's would)."""
    headers = {"authorization": f"Bearer {token}"} if token else None
    return live.client(headers=headers, address=address, origin=False)


def _submit(live: AppServer, token: str, address: str = "127.0.0.1") -> httpx.Response:
    with _client(live, address, token) as http:
        return http.post(SUBMIT, json={"code": SLOW_BUT_RIGHT})


def test_a_burst_never_admits_more_than_the_queue_bound(tmp_path: Path) -> None:
    settings = {**SLOW_LIMITS, "queue_size": "4"}
    with AppServer(tmp_path, identities_per_minute="0", **settings) as live:
        # From eight addresses, so that the queue bound, not a share, is what refuses them.
        senders = [
            (token, f"127.0.0.{2 + index % 8}") for index, token in enumerate(_tokens(live, 40))
        ]
        with ThreadPoolExecutor(len(senders)) as threads:
            responses = list(threads.map(lambda sender: _submit(live, *sender), senders))
        statuses = [response.status_code for response in responses]
    # Two grade while four wait; a grading takes about two seconds, so the burst (sent in well
    # under a second) can see a slot come free a few times at most, never dozens.
    assert 6 <= statuses.count(201) <= 12, statuses
    assert statuses.count(201) + statuses.count(503) + statuses.count(429) == len(senders)
    refused = next(response for response in responses if response.status_code == 503)
    assert "queue is full" in refused.json()["detail"]
    assert all(r.json()["verdict"] == "passed" for r in responses if r.status_code == 201)


def test_one_learner_holds_at_most_its_share(tmp_path: Path) -> None:
    with AppServer(tmp_path, learner_queue_share="2", **SLOW_LIMITS) as live:
        (token,) = _tokens(live, 1)
        with ThreadPoolExecutor(5) as threads:
            responses = list(threads.map(lambda _: _submit(live, token), range(5)))
    statuses = sorted(response.status_code for response in responses)
    assert statuses == [201, 201, 429, 429, 429]
    refused = next(response for response in responses if response.status_code == 429)
    assert "already have 2 submission(s)" in refused.json()["detail"]
    assert int(refused.headers["retry-after"]) >= 1


def test_a_flooding_address_leaves_room_for_everyone_else(tmp_path: Path) -> None:
    # Capacity 2 + 4 = 6; one address may hold half of it, whatever identities it makes.
    settings = {**SLOW_LIMITS, "queue_size": "4", "identities_per_minute": "0"}
    with AppServer(tmp_path, **settings) as live:
        flood = _tokens(live, 12, "127.0.0.2")
        (victim,) = _tokens(live, 1)
        with ThreadPoolExecutor(len(flood) + 1) as threads:
            flooding = [threads.submit(_submit, live, token, "127.0.0.2") for token in flood]
            for _ in range(200):  # until the flood holds its share
                with _client(live, "127.0.0.1") as http:
                    if http.get("/healthz").json()["queue"]["admitted"] >= 3:
                        break
            victim_results = [_submit(live, victim) for _ in range(2)]
            flood_statuses = [future.result().status_code for future in flooding]
    assert flood_statuses.count(201) <= 6
    assert flood_statuses.count(429) >= 6
    assert [result.status_code for result in victim_results] == [201, 201]
    assert all(result.json()["verdict"] == "passed" for result in victim_results)


def test_fresh_identity_flooding_is_rate_limited_per_address(tmp_path: Path) -> None:
    with AppServer(tmp_path, identities_per_minute="5") as live:
        with _client(live, "127.0.0.3") as flooder:
            # No cookie kept, no token sent: every request asks for a new learner.
            statuses = []
            for _ in range(5):
                flooder.cookies.clear()
                statuses.append(flooder.get("/api/exercises").status_code)
            flooder.cookies.clear()
            refused = flooder.get("/api/exercises")
            minted = flooder.post("/api/learners")
        with _client(live, "127.0.0.1") as someone_else:
            welcomed = someone_else.post("/api/learners")
    assert statuses == [200] * 5
    assert (refused.status_code, refused.json()["code"]) == (429, "new-learners-limited")
    assert refused.json()["setting"] == "identities_per_minute"
    assert int(refused.headers["retry-after"]) >= 1
    assert (minted.status_code, minted.json()["code"]) == (429, "new-learners-limited")
    assert welcomed.status_code == 201


def test_however_many_addresses_flood_one_more_gets_in() -> None:
    admission = Admission(capacity=34, per_learner=100, per_address=17)
    for index in range(7):  # seven flooding addresses, each taking all it may
        address = f"10.0.0.{index}"
        while True:
            try:
                admission.admit(f"learner-{index}-{admission.admitted}", address)
            except Refused:
                break
    assert admission.admitted < admission.capacity
    admission.admit("victim", "192.0.2.1")


LOOP = "def positional_encoding(max_len, d_model):\n    while True:\n        pass\n"


def test_a_learner_is_graded_ahead_of_a_flooders_queued_loops(tmp_path: Path) -> None:
    # Two zygotes, a flooder's five infinite loops (two running, three waiting): first come,
    # first served would grade the learner after four of them; the fair queue after two.
    settings = {"queue_size": "8", "identities_per_minute": "0", "submissions_per_minute": "0"}
    with AppServer(tmp_path, **settings) as live:
        flood = _tokens(live, 5, "127.0.0.2")
        (learner,) = _tokens(live, 1)
        finished: list[str] = []

        def send(token: str, code: str, address: str, name: str) -> httpx.Response:
            with _client(live, address, token) as http:
                response = http.post(SUBMIT, json={"code": code})
            finished.append(name)
            return response

        with ThreadPoolExecutor(6) as threads:
            loops = [threads.submit(send, t, LOOP, "127.0.0.2", "loop") for t in flood]
            for _ in range(500):  # until all five are admitted and three wait
                with _client(live, "127.0.0.1") as http:
                    if http.get("/healthz").json()["sandbox"]["waiting"] >= 3:
                        break
            graded = threads.submit(send, learner, SOLUTION, "127.0.0.1", "learner").result()
            for future in loops:
                future.result()
    assert graded.json()["verdict"] == "passed"
    assert finished.index("learner") <= 2, finished


@pytest.mark.parametrize(
    ("trusted", "separate"),
    [("127.0.0.1", True), ("", False)],
    ids=["behind-a-trusted-proxy", "forwarded-header-from-anyone-is-ignored"],
)
def test_new_identities_are_counted_by_the_address_a_trusted_proxy_forwards(
    tmp_path: Path, trusted: str, separate: bool
) -> None:
    with AppServer(tmp_path, identities_per_minute="2", trusted_proxies=trusted) as live:

        def mint(client_address: str) -> int:
            with _client(live, "127.0.0.1") as http:
                forwarded = {"x-forwarded-for": client_address}
                return http.post("/api/learners", headers=forwarded).status_code

        first = [mint("203.0.113.5") for _ in range(3)]
        other = mint("203.0.113.6")
    assert first == [201, 201, 429]
    # Behind our proxy each client has its own count; spoofing the header without one helps nobody.
    assert other == (201 if separate else 429)


QUICK_WRONG = "def positional_encoding(max_len, d_model):\n    return None\n"


def test_a_learner_is_still_admitted_after_a_flood_of_new_identities_from_its_network(
    tmp_path: Path,
) -> None:
    # 127.0.0.5 and 127.0.0.6 are one /24: one window of 6 submissions a minute, split between
    # the learners in it once it is full (6 alone, then 6 // 2, 6 // 3, 6 // 4).
    settings = {
        "address_submissions_per_minute": "6",
        "submissions_per_minute": "0",
        "identities_per_minute": "0",
        "ipv4_prefix": "24",
    }
    with AppServer(tmp_path, **settings) as live:
        (learner,) = _tokens(live, 1, "127.0.0.5")  # had its identity before the flood
        flood = _tokens(live, 3, "127.0.0.6")

        def submit(token: str, address: str) -> httpx.Response:
            with _client(live, address, token) as http:
                return http.post(SUBMIT, json={"code": QUICK_WRONG})

        admitted = []
        for token in flood:
            count = 0
            while count < 10 and submit(token, "127.0.0.6").status_code == 201:
                count += 1
            admitted.append(count)
        after_the_flood = submit(learner, "127.0.0.5")
        flood_again = submit(flood[0], "127.0.0.6")
    assert admitted == [6, 3, 2]
    assert after_the_flood.status_code == 201
    assert after_the_flood.json()["verdict"] == "failed"
    assert flood_again.status_code == 429
    assert int(flood_again.headers["retry-after"]) >= 1
