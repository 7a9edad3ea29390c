"""A bounded soak under attack: do correct learners still pass while hostile clients hammer the server?

Starts its own `gradebox serve` (LiveServer, a temporary data directory, a pool of 2), then runs
two phases of `--seconds` each. Quiet: `--learners` learners, each with its own bearer token,
submit the flagship's reference solution, one a second each, from 127.0.0.1. Attack: the same,
while `--attackers` threads take turns at the attacks below, each attack from a loopback address
of its own (127.0.0.2 and up), so per-address defences can tell the learners apart. Throughout,
the server's RSS (the web process, and its whole process tree) is sampled every 100 ms and
/healthz polled every 0.5 s on a fresh connection. `--attacks` runs only some attacks (to find
which one hurts); `--setting NAME=VALUE` passes a GRADEBOX_NAME setting to the server.

Exits 1 if a correct submission did not pass, the web process went over its memory budget, or
/healthz went unanswered for longer than the budget allows (2 if the server would not start).
Every phase, socket, thread and the server itself is bounded in time and count.

    .venv/bin/python scripts/soak.py [--seconds 20] [--learners 4] [--attackers 4] [--json]
"""

from __future__ import annotations

import argparse
import asyncio
import http.cookiejar
import itertools
import json
import os
import resource
import select
import socket
import sys
import tempfile
import threading
import time
from collections import Counter
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

import httpx

from app.live_server import LiveServer

ROOT = Path(__file__).resolve().parents[1]
FLAGSHIP = "sinusoidal-positional-encoding"
SUBMIT_PATH = f"/api/exercises/{FLAGSHIP}/submissions"
SOLUTION = (ROOT / "exercises" / FLAGSHIP / "solution.py").read_text(encoding="utf-8")
MIB = 2**20
HEADER_PIECE_BYTES = 64 * 1024  # one send() of the oversized header


@dataclass(frozen=True)
class Budget:
    """What the server may use under attack; exceeding any of these fails the soak."""

    # Measured on a quiet server (2 cores, pool of 2): the web process sits at ~105-110 MiB and
    # a flagship grading adds nothing lasting. What it may legitimately hold on top is two
    # gradings in flight, each reading back up to the 64 MiB result cap (128 MiB), plus slack
    # for request bodies (each at most the submission cap, Limits.source_bytes) and allocator
    # noise: 150 MiB.
    web_growth_bytes: int = 150 * MIB  # over the quiet phase's peak
    web_cap_bytes: int = 512 * MIB  # absolute, whatever the quiet peak was
    # Longest time /healthz may go unanswered. The stalls this guards against lasted 11-15 s;
    # a quiet machine stays under 1.5 s, and one running other test suites reached 3.06 s.
    healthz_gap_seconds: float = 5.0


@dataclass(frozen=True)
class Bounds:
    """How hard each attack pushes, and how long anything may run."""

    learner_period_seconds: float = 1.0  # a learner starts a submission at most once a second
    grace_seconds: float = 10.0  # a learner finishes (and retries) its submission this long
    attack_overrun_seconds: float = 5.0  # an attack started in time ends this long after
    burst_requests: int = 200  # concurrent submissions of the busy loop
    slowloris_sockets: int = 200  # half-sent requests held open (also <= RLIMIT_NOFILE / 4)
    slowloris_hold_seconds: float = 12.0  # past a 10 s header timeout, in a default phase
    chunked_body_bytes: int = 300 * MIB  # streamed in 1 MiB chunks until the server answers
    header_bytes: int = 20 * MIB  # of a 200 MB header, sent in HEADER_PIECE_BYTES pieces
    flood_seconds: float = 1.5  # one run of a fresh-identity flood
    socket_seconds: float = 5.0  # every raw socket's timeout


BUDGET, BOUNDS = Budget(), Bounds()
SERVER_SETTINGS = {
    "pool_size": "2",
    # A learner starts at most 60 submissions a minute (Bounds.learner_period_seconds): the
    # per-learner limit (default 30) is raised to twice that so it never refuses them. All the
    # other limits are the server's defaults: the point is its defences. Note that the
    # learners share 127.0.0.1, so per-address limits count them together. The sandbox keeps
    # LiveServer's short limits (1 s CPU, 2 s wall) so that a run stays under a minute; with
    # the production ones (`--setting cpu_seconds=4 --setting wall_seconds=6`) every hostile
    # job that waits in the queue holds it three times as long.
    "submissions_per_minute": "120",
}


def _entry(body: str) -> str:
    return f"import numpy as np\n\ndef positional_encoding(max_len, d_model):\n    {body}\n"


PAYLOADS = {
    "huge-empty-shape": _entry("return [np.zeros((10**8, 0))]"),
    "4M-uint16-result": _entry("return [np.zeros(4_000_000, dtype=np.uint16)]"),
    "busy-loop": _entry("while True:\n        pass"),
    "memory-array": _entry("return np.ones((30000, 30000))"),
    "memory-bytearray": _entry("return bytearray(2**31)"),
    "print-flood": _entry("while True:\n        print('x' * 10_000)"),
    "nested-lists": _entry("x = []\n    for _ in range(100_000):\n        x = [x]\n    return x"),
    "fork": "import os\n\ndef positional_encoding(max_len, d_model):\n    os.fork()\n",
    "recursion": _entry("return positional_encoding(max_len + 1, d_model)"),
}


def percentile(values: list[float], fraction: float) -> float:
    ordered = sorted(values)
    return ordered[min(len(ordered) - 1, round(fraction * (len(ordered) - 1)))] if values else 0.0


# --- watching the server -------------------------------------------------------------------


def _rss_bytes(pid: int) -> int:
    try:
        with open(f"/proc/{pid}/status") as status:
            for line in status:
                if line.startswith("VmRSS:"):
                    return int(line.split()[1]) * 1024
    except OSError:  # the process is gone (or going)
        pass
    return 0


def _descendants(root: int) -> list[int]:
    """`root` and every process below it, from the ppid field of /proc/*/stat."""
    children: dict[int, list[int]] = {}
    for entry in os.scandir("/proc"):
        if not entry.name.isdigit():
            continue
        try:
            with open(f"/proc/{entry.name}/stat") as stat:
                fields = stat.read().rpartition(")")[2].split()  # the name may hold spaces
        except OSError:
            continue
        children.setdefault(int(fields[1]), []).append(int(entry.name))
    found, frontier = [root], [root]
    while frontier:
        frontier = [child for pid in frontier for child in children.get(pid, [])]
        found += frontier
    return found


@dataclass
class PhaseWatch:
    """What the watchers saw during one phase."""

    web_start: int = 0
    web_peak: int = 0
    tree_peak: int = 0
    polls: int = 0
    answered: int = 0
    last_answer: float = field(default_factory=time.monotonic)
    longest_gap: float = 0.0
    peak_during: list[str] = field(default_factory=list)  # attacks running at the web peak


class Watchers:
    """Two threads: RSS every 100 ms, /healthz every 0.5 s (a fresh connection each time)."""

    def __init__(self, live: LiveServer) -> None:
        assert live.process is not None
        self.pid, self.url = live.process.pid, live.url
        self.phase = PhaseWatch()
        self.attacks: AttackTally | None = None
        self.lock = threading.Lock()
        self.stopping = threading.Event()
        self.threads = [
            threading.Thread(target=self._sample_memory, daemon=True),
            threading.Thread(target=self._poll_health, daemon=True),
        ]

    def begin(self, attacks: AttackTally) -> None:
        with self.lock:
            self.phase = PhaseWatch(web_start=_rss_bytes(self.pid))
            self.attacks = attacks

    def end(self) -> PhaseWatch:
        with self.lock:
            phase = self.phase
            phase.longest_gap = max(phase.longest_gap, time.monotonic() - phase.last_answer)
            return phase

    def _sample_memory(self) -> None:
        while not self.stopping.wait(0.1):
            web = _rss_bytes(self.pid)
            tree = sum(_rss_bytes(pid) for pid in _descendants(self.pid))
            with self.lock:
                if web > self.phase.web_peak and self.attacks is not None:
                    self.phase.peak_during = self.attacks.now_running()
                self.phase.web_peak = max(self.phase.web_peak, web)
                self.phase.tree_peak = max(self.phase.tree_peak, tree)

    def _poll_health(self) -> None:
        with httpx.Client(
            base_url=self.url,
            timeout=2,
            trust_env=False,
            limits=httpx.Limits(max_keepalive_connections=0),  # new connection: as a balancer
        ) as http:
            while not self.stopping.wait(0.5):
                try:
                    ok = http.get("/healthz").status_code == 200
                except httpx.HTTPError:
                    ok = False
                now = time.monotonic()
                with self.lock:
                    self.phase.polls += 1
                    if ok:
                        self.phase.answered += 1
                        self.phase.longest_gap = max(
                            self.phase.longest_gap, now - self.phase.last_answer
                        )
                        self.phase.last_answer = now

    def __enter__(self) -> Watchers:
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *_: object) -> None:
        self.stopping.set()
        for thread in self.threads:
            thread.join(5)


# --- correct learners ----------------------------------------------------------------------


@dataclass
class LearnerTally:
    """The correct learners' figures for one phase (shared by their threads, under a lock)."""

    latencies_ms: list[float] = field(default_factory=list)
    passed: int = 0
    refusals: int = 0
    failures: list[str] = field(default_factory=list)
    lock: threading.Lock = field(default_factory=threading.Lock)


def new_learner(live: LiveServer) -> httpx.Client:
    """A client from 127.0.0.1 with its own bearer token."""
    http = httpx.Client(
        base_url=live.url,
        timeout=30,
        trust_env=False,
        transport=httpx.HTTPTransport(local_address="127.0.0.1"),
    )
    for _ in range(10):
        response = http.post("/api/learners")
        if response.status_code == 201:
            http.headers["Authorization"] = f"Bearer {response.json()['token']}"
            return http
        time.sleep(_retry_after(response))
    http.close()
    raise RuntimeError(f"no learner identity: {response.status_code} {response.text[:200]}")


def _retry_after(response: httpx.Response) -> float:
    try:
        return max(0.1, float(response.headers.get("retry-after", "1")))
    except ValueError:
        return 1.0


def submit_correct(http: httpx.Client, tally: LearnerTally, give_up_at: float) -> None:
    """One correct submission, retried on 429/503 as told until `give_up_at`; tallied."""
    started = time.monotonic()
    problem: str | None = None
    while True:
        try:
            response = http.post(SUBMIT_PATH, json={"code": SOLUTION})
        except httpx.HTTPError as error:
            problem = f"{type(error).__name__}: {error}"
            break
        if response.status_code in (429, 503):
            with tally.lock:
                tally.refusals += 1
            wait = _retry_after(response)
            if time.monotonic() + wait > give_up_at:
                problem = f"still refused ({response.status_code}) at the end of the grace period"
                break
            time.sleep(wait)
            continue
        if response.status_code != 201:
            problem = f"HTTP {response.status_code}: {response.text[:300]}"
        elif (report := response.json())["verdict"] != "passed":
            messages = [
                f"{test['id']} {test['status']}: {test.get('message', '')}"
                for test in report.get("tests", [])
                if test.get("status") != "passed"
            ]
            problem = f"verdict {report['verdict']}: " + " | ".join(messages)[:600]
        break
    with tally.lock:
        tally.latencies_ms.append((time.monotonic() - started) * 1000)
        if problem is None:
            tally.passed += 1
        else:
            tally.failures.append(problem)


def learner_loop(http: httpx.Client, tally: LearnerTally, offset: float, deadline: float) -> None:
    """Start a correct submission every period (`offset` into it) until `deadline`."""
    start = time.monotonic() + offset
    while start < deadline:
        time.sleep(max(0.0, start - time.monotonic()))
        submit_correct(http, tally, deadline + BOUNDS.grace_seconds)
        # A slow submission delays the next one, but no catching up in a burst afterwards.
        start = max(start + BOUNDS.learner_period_seconds, time.monotonic())


# --- attacks -------------------------------------------------------------------------------


@dataclass(frozen=True)
class Attacker:
    """One hostile client on its own loopback address; it keeps no cookie, so each request it
    sends is a fresh anonymous learner (the per-learner limits never see it twice)."""

    live: LiveServer
    source: str

    def connect(self) -> socket.socket:
        return socket.create_connection(
            ("127.0.0.1", self.live.port), BOUNDS.socket_seconds, (self.source, 0)
        )

    def client(self, timeout: float) -> httpx.Client:
        return httpx.Client(
            base_url=self.live.url,
            transport=httpx.HTTPTransport(local_address=self.source),
            cookies=no_cookies(),
            timeout=timeout,
            trust_env=False,
        )

    async def submit_all(self, codes: list[str], deadline: float) -> list[str]:
        """Submit every one of `codes` at once, each on its own connection; their outcomes."""
        transport = httpx.AsyncHTTPTransport(
            local_address=self.source,
            limits=httpx.Limits(max_connections=len(codes), max_keepalive_connections=0),
        )
        async with httpx.AsyncClient(
            base_url=self.live.url,
            transport=transport,
            cookies=no_cookies(),
            timeout=_until(deadline),
            trust_env=False,
        ) as http:

            async def one(code: str) -> str:
                try:
                    return _label(await http.post(SUBMIT_PATH, json={"code": code}))
                except httpx.HTTPError as error:
                    return type(error).__name__

            return await asyncio.gather(*(one(code) for code in codes))


def no_cookies() -> http.cookiejar.CookieJar:
    return http.cookiejar.CookieJar(http.cookiejar.DefaultCookiePolicy(allowed_domains=[]))


Outcomes = Counter[str]
# An attack returns what came of it, by row of the attack table (most attacks are one row).
Attack = Callable[[Attacker, float], dict[str, Outcomes]]


def _label(response: httpx.Response) -> str:
    if response.status_code == 201:
        return f"201 {response.json().get('verdict')}"
    return str(response.status_code)


def _until(deadline: float) -> float:
    """A timeout that ends an attack started in time shortly after its phase."""
    return max(1.0, deadline + BOUNDS.attack_overrun_seconds - time.monotonic())


def sandbox_payloads(attacker: Attacker, deadline: float) -> dict[str, Outcomes]:
    """Every hostile payload at once, each submitted by a fresh anonymous learner."""
    outcomes = asyncio.run(attacker.submit_all(list(PAYLOADS.values()), deadline))
    return {kind: Counter([outcome]) for kind, outcome in zip(PAYLOADS, outcomes, strict=True)}


def burst(attacker: Attacker, deadline: float) -> dict[str, Outcomes]:
    """200 concurrent busy-loop submissions (bounded by RLIMIT_NOFILE), fresh learners each."""
    count = min(BOUNDS.burst_requests, resource.getrlimit(resource.RLIMIT_NOFILE)[0] // 4)
    outcomes = asyncio.run(attacker.submit_all([PAYLOADS["busy-loop"]] * count, deadline))
    return {"burst": Counter(outcomes)}


def _answer(sock: socket.socket) -> str:
    """What the server said on this socket: its status code, or how it hung up."""
    try:
        head = sock.recv(64)
    except TimeoutError:
        return "no answer"
    except OSError as error:
        return type(error).__name__
    if not head:
        return "closed"
    parts = head.split(b" ", 2)
    return parts[1].decode("ascii", "replace") if len(parts) > 1 else "garbled"


def _answered(sock: socket.socket) -> bool:
    return bool(select.select([sock], [], [], 0)[0])


def chunked_body(attacker: Attacker, deadline: float) -> dict[str, Outcomes]:
    """A 300 MB chunked JSON body in 1 MiB chunks; stop when the server answers or closes."""
    return {"chunked-300MB-body": Counter([_send_chunked_body(attacker, deadline)])}


def _send_chunked_body(attacker: Attacker, deadline: float) -> str:
    chunk = b"a" * MIB
    stop = deadline + BOUNDS.attack_overrun_seconds
    try:
        sock = attacker.connect()
    except OSError as error:  # refused, or not accepted in time: a defence, not our failure
        return f"connect failed: {type(error).__name__}"
    with sock:
        sock.sendall(
            f"POST {SUBMIT_PATH} HTTP/1.1\r\nHost: 127.0.0.1\r\nContent-Type: application/json"
            "\r\nTransfer-Encoding: chunked\r\n\r\n".encode()
        )
        sent, first = 0, b'{"code": "'
        try:
            while sent < BOUNDS.chunked_body_bytes and time.monotonic() < stop:
                if _answered(sock):
                    return f"{_answer(sock)} before the end"
                data = first + chunk
                sock.sendall(b"%x\r\n%s\r\n" % (len(data), data))
                sent, first = sent + len(data), b""
            if sent < BOUNDS.chunked_body_bytes:
                return "ran out of time unanswered"
            sock.sendall(b'2\r\n"}\r\n0\r\n\r\n')
            return f"all sent, then {_answer(sock)}"
        except TimeoutError:
            return "server stopped reading"
        except OSError as error:  # reset or broken pipe: the server hung up mid-body
            return f"{type(error).__name__} mid-body"


def big_header(attacker: Attacker, deadline: float) -> dict[str, Outcomes]:
    """The first 20 MB of a 200 MB header, HEADER_PIECE_BYTES at a time; stop when answered
    or closed."""
    return {"200MB-header": Counter([_send_big_header(attacker, deadline)])}


def _send_big_header(attacker: Attacker, deadline: float) -> str:
    piece = b"a" * HEADER_PIECE_BYTES
    try:
        sock = attacker.connect()
    except OSError as error:
        return f"connect failed: {type(error).__name__}"
    with sock:
        sent = 0
        try:
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Big: ")
            while sent < BOUNDS.header_bytes and time.monotonic() < deadline:
                if _answered(sock):
                    return _answer(sock)
                sock.sendall(piece)
                sent += len(piece)
                time.sleep(0.01)  # ~6 MB/s: slowly, but 20 MB in a few seconds
        except TimeoutError:
            return "server stopped reading"
        except OSError as error:
            return f"{type(error).__name__} mid-header"
        return f"{sent // MIB} MiB sent unanswered"


def slowloris(attacker: Attacker, deadline: float) -> dict[str, Outcomes]:
    """Many half-sent requests, one more header line each second, held open for a while."""
    count = min(BOUNDS.slowloris_sockets, resource.getrlimit(resource.RLIMIT_NOFILE)[0] // 4)
    outcomes: Outcomes = Counter()
    sockets: list[socket.socket] = []
    stop = min(deadline, time.monotonic() + BOUNDS.slowloris_hold_seconds)
    try:
        for _ in range(count):
            if time.monotonic() >= stop:  # connecting is slow: the server is not accepting
                break
            try:
                sock = attacker.connect()
                sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
                sockets.append(sock)
            except OSError:
                outcomes["connect failed"] += 1
        while sockets and time.monotonic() < stop:
            time.sleep(min(1.0, max(0.0, stop - time.monotonic())))
            for sock in list(sockets):
                try:
                    if _answered(sock):
                        outcomes[f"answered {_answer(sock)}"] += 1
                    else:
                        sock.sendall(b"X-Slow: 1\r\n")
                        continue
                except OSError:
                    outcomes["closed by the server"] += 1
                sockets.remove(sock)
                sock.close()
        outcomes["held open to the end"] += len(sockets)
    finally:
        for sock in sockets:
            sock.close()
    return {"slowloris": outcomes}


def _flood(attacker: Attacker, deadline: float, send: Callable[[httpx.Client], str]) -> Outcomes:
    outcomes: Outcomes = Counter()
    stop = min(deadline, time.monotonic() + BOUNDS.flood_seconds)
    # A flooder does not wait for answers: a slow one is abandoned (the server may still work
    # on it), which is also what keeps this run to its slice of time.
    with attacker.client(BOUNDS.flood_seconds) as http:
        while time.monotonic() < stop:
            try:
                outcomes[send(http)] += 1
            except httpx.HTTPError as error:
                outcomes[type(error).__name__] += 1
    return outcomes


def anonymous_submissions(attacker: Attacker, deadline: float) -> dict[str, Outcomes]:
    """Correct submissions with no cookie and no token, in a loop: each a fresh learner."""

    def send(http: httpx.Client) -> str:
        return _label(http.post(SUBMIT_PATH, json={"code": SOLUTION}))

    return {"anonymous-submissions": _flood(attacker, deadline, send)}


def new_learners(attacker: Attacker, deadline: float) -> dict[str, Outcomes]:
    """POST /api/learners in a loop: identities (and database rows) for the asking."""

    def send(http: httpx.Client) -> str:
        return str(http.post("/api/learners").status_code)

    return {"new-learners": _flood(attacker, deadline, send)}


# The ones that hold their attacker longest come first, so that each starts early in a phase.
ATTACKS: dict[str, Attack] = {
    "slowloris": slowloris,
    "burst": burst,
    "chunked-300MB-body": chunked_body,
    "200MB-header": big_header,
    "anonymous-submissions": anonymous_submissions,
    "new-learners": new_learners,
    "sandbox-payloads": sandbox_payloads,
}
# Each attack comes from an address of its own (127.0.0.2 and up), as if from its own network:
# per-address defences must hold against all of them at once, and the learners are elsewhere.
ADDRESSES = {name: f"127.0.0.{2 + index}" for index, name in enumerate(ATTACKS)}
ROWS = [row for name in ATTACKS for row in (PAYLOADS if name == "sandbox-payloads" else [name])]


@dataclass
class AttackTally:
    """Per row of the attack table: what came of each request (or socket) sent."""

    names: list[str] = field(default_factory=lambda: list(ATTACKS))  # the attacks to run
    outcomes: dict[str, Outcomes] = field(default_factory=lambda: {row: Counter() for row in ROWS})
    errors: list[str] = field(default_factory=list)
    running: set[str] = field(default_factory=set)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def __post_init__(self) -> None:
        self.order: Iterator[str] = itertools.cycle(self.names)

    def next_attack(self) -> str:
        """The next attack in turn that is not running already (so each runs once at a time)."""
        with self.lock:
            for _ in range(len(self.names)):
                name = next(self.order)
                if name not in self.running:
                    self.running.add(name)
                    return name
        raise RuntimeError("more attackers than attacks")  # soak() caps their number

    def now_running(self) -> list[str]:
        with self.lock:
            return sorted(self.running)

    def record(self, name: str, rows: dict[str, Outcomes], error: str | None = None) -> None:
        with self.lock:
            self.running.discard(name)
            for row, outcomes in rows.items():
                self.outcomes[row].update(outcomes)
            if error:
                self.errors.append(f"{name}: {error}")


def attacker_loop(live: LiveServer, tally: AttackTally, deadline: float) -> None:
    while time.monotonic() < deadline:
        name = tally.next_attack()
        attacker = Attacker(live, ADDRESSES[name])
        try:
            tally.record(name, ATTACKS[name](attacker, deadline))
        except Exception as error:  # an attack's own failure is reported, never fatal
            tally.record(name, {}, repr(error))


# --- phases --------------------------------------------------------------------------------


def run_phase(
    live: LiveServer,
    watchers: Watchers,
    learners: list[httpx.Client],
    attackers: int,
    seconds: float,
    attacks: list[str],
) -> tuple[LearnerTally, PhaseWatch, AttackTally]:
    """One phase: the learners' loops, and `attackers` threads taking turns at `attacks`."""
    learner_tally, attack_tally = LearnerTally(), AttackTally(attacks)
    watchers.begin(attack_tally)
    deadline = time.monotonic() + seconds
    period = BOUNDS.learner_period_seconds
    threads = [
        threading.Thread(
            target=learner_loop,
            args=(http, learner_tally, index * period / len(learners), deadline),
        )
        for index, http in enumerate(learners)
    ]
    threads += [
        threading.Thread(target=attacker_loop, args=(live, attack_tally, deadline))
        for _ in range(attackers)
    ]
    for thread in threads:
        thread.start()
    for thread in threads:
        # Each loop ends by itself (every request and socket has a timeout); this is a backstop.
        thread.join(seconds + BOUNDS.grace_seconds + 60)
    return learner_tally, watchers.end(), attack_tally


def phase_figures(learners: LearnerTally, watch: PhaseWatch, seconds: float) -> dict[str, Any]:
    latencies = learners.latencies_ms
    return {
        "seconds": seconds,
        "submissions": len(latencies),
        "passed": learners.passed,
        "refusals": learners.refusals,
        "failures": learners.failures[:20],
        "failure_count": len(learners.failures),
        "p50_ms": round(percentile(latencies, 0.50), 1),
        "p99_ms": round(percentile(latencies, 0.99), 1),
        "max_ms": round(max(latencies, default=0.0), 1),
        "web_rss_start_mib": round(watch.web_start / MIB, 1),
        "web_rss_peak_mib": round(watch.web_peak / MIB, 1),
        "tree_rss_peak_mib": round(watch.tree_peak / MIB, 1),
        "web_rss_peak_during": watch.peak_during,
        "healthz_polls": watch.polls,
        "healthz_answered": watch.answered,
        "healthz_longest_gap_s": round(watch.longest_gap, 2),
    }


def problems(figures: dict[str, Any]) -> list[str]:
    """Why the soak failed; empty if it passed."""
    found: list[str] = []
    quiet, attack = figures["phases"]["quiet"], figures["phases"]["attack"]
    web_bound = figures["budget"]["web_bound_mib"]
    for name, phase in figures["phases"].items():
        if phase["failure_count"] or phase["submissions"] == 0:
            found.append(
                f"{name}: {phase['failure_count']} of {phase['submissions']} correct submissions"
                " did not pass"
            )
        if phase["healthz_longest_gap_s"] > BUDGET.healthz_gap_seconds:
            found.append(
                f"{name}: /healthz went unanswered for {phase['healthz_longest_gap_s']} s"
                f" (budget {BUDGET.healthz_gap_seconds} s)"
            )
    if quiet["web_rss_peak_mib"] > BUDGET.web_cap_bytes / MIB:
        found.append(f"quiet: the web process peaked at {quiet['web_rss_peak_mib']} MiB")
    if attack["web_rss_peak_mib"] > web_bound:
        found.append(
            f"attack: the web process peaked at {attack['web_rss_peak_mib']} MiB"
            f" (budget {web_bound:.0f} MiB), while these attacks ran:"
            f" {', '.join(attack['web_rss_peak_during']) or 'none'}"
        )
    return found


def server_errors(log: str) -> Counter[str]:
    """The errors the server logged (JSON lines or plain text), by their last line."""
    errors: Counter[str] = Counter()
    for line in log.splitlines():
        try:
            record = json.loads(line)
        except ValueError:
            record = {"level": line.partition(":")[0], "message": line}
        if not isinstance(record, dict) or record.get("level") not in ("ERROR", "CRITICAL"):
            continue
        text = str(record.get("exception") or record.get("message", "")).strip()
        errors[text.splitlines()[-1][:200] if text else "?"] += 1
    return errors


def soak(
    seconds: float,
    learners: int,
    attackers: int,
    attacks: list[str] | None = None,
    settings: dict[str, str] | None = None,
) -> dict[str, Any]:
    """Run both phases against a server of our own; the figures, as `--json` prints them."""
    attacks = attacks or list(ATTACKS)
    attackers = min(attackers, len(attacks))
    with tempfile.TemporaryDirectory(prefix="gradebox-soak-") as data:
        live = LiveServer(Path(data), **{**SERVER_SETTINGS, **(settings or {})})
        clients: list[httpx.Client] = []
        try:
            live.start()
            clients = [new_learner(live) for _ in range(learners)]
            warm_up = LearnerTally()
            for http in clients:  # first-touch costs stay out of the quiet figures
                submit_correct(http, warm_up, time.monotonic() + 10)
            with Watchers(live) as watchers:
                quiet = run_phase(live, watchers, clients, 0, seconds, attacks)
                attack = run_phase(live, watchers, clients, attackers, seconds, attacks)
        finally:
            for http in clients:
                http.close()
            live.stop()
            log = live.log_path.read_text(errors="replace") if live.log_path.exists() else ""
    attack_rows = {
        kind: {"sent": sum(outcomes.values()), "outcomes": dict(outcomes)}
        for kind, outcomes in attack[2].outcomes.items()
    }
    quiet_peak = quiet[1].web_peak
    figures: dict[str, Any] = {
        "settings": {"learners": learners, "attackers": attackers, **live.settings},
        "budget": {
            "web_growth_mib": BUDGET.web_growth_bytes / MIB,
            "web_cap_mib": BUDGET.web_cap_bytes / MIB,
            "web_bound_mib": round(
                min(quiet_peak + BUDGET.web_growth_bytes, BUDGET.web_cap_bytes) / MIB, 1
            ),
            "healthz_gap_seconds": BUDGET.healthz_gap_seconds,
        },
        "phases": {
            "quiet": phase_figures(quiet[0], quiet[1], seconds),
            "attack": phase_figures(attack[0], attack[1], seconds),
        },
        "attacks": attack_rows,
        "attack_errors": attack[2].errors,
        "server_errors": dict(server_errors(log)),
    }
    figures["problems"] = problems(figures)
    figures["passed"] = not figures["problems"] and not warm_up.failures
    if warm_up.failures:
        figures["problems"].insert(0, f"warm-up: {warm_up.failures[0]}")
    if not figures["passed"]:
        figures["server_log_tail"] = log[-3000:]
    return figures


def print_table(figures: dict[str, Any]) -> None:
    columns = ("submissions", "passed", "refusals", "p50_ms", "p99_ms", "max_ms")
    memory = ("web_rss_start_mib", "web_rss_peak_mib", "tree_rss_peak_mib")
    health = ("healthz_polls", "healthz_answered", "healthz_longest_gap_s")
    print(f"{'phase':8}" + "".join(f"{name:>20}" for name in columns))
    for name, phase in figures["phases"].items():
        print(f"{name:8}" + "".join(f"{phase[column]:>20}" for column in columns))
    print(f"\n{'phase':8}" + "".join(f"{name:>22}" for name in memory + health))
    for name, phase in figures["phases"].items():
        print(f"{name:8}" + "".join(f"{phase[column]:>22}" for column in memory + health))
    budget = figures["budget"]
    print(
        f"\nweb process budget: {budget['web_bound_mib']} MiB (quiet peak +"
        f" {budget['web_growth_mib']:.0f} MiB, at most {budget['web_cap_mib']:.0f} MiB);"
        f" /healthz gap at most {budget['healthz_gap_seconds']} s"
    )
    print(f"\n{'attack':24}{'sent':>7}  outcomes")
    for kind, tally in figures["attacks"].items():
        outcomes = ", ".join(
            f"{label}: {count}" for label, count in sorted(tally["outcomes"].items())
        )
        print(f"{kind:24}{tally['sent']:>7}  {outcomes or 'not run'}")
    for error in figures["attack_errors"]:
        print(f"attack error: {error}")
    for error, count in figures["server_errors"].items():
        print(f"the server logged {count} x: {error}")
    for name, phase in figures["phases"].items():
        for failure in phase["failures"]:
            print(f"FAILED ({name}): {failure}")
    for problem in figures["problems"]:
        print(f"PROBLEM: {problem}")
    print("\nsoak passed" if figures["passed"] else "\nsoak FAILED")


def _attack_names(text: str) -> list[str]:
    names = [name for name in text.split(",") if name]
    if unknown := [name for name in names if name not in ATTACKS]:
        raise argparse.ArgumentTypeError(f"no attack called {', '.join(unknown)}")
    return names


def _setting(text: str) -> tuple[str, str]:
    name, equals, value = text.partition("=")
    if not equals or not name:
        raise argparse.ArgumentTypeError(f"expected NAME=VALUE, got {text!r}")
    return name, value


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, default=20.0, help="length of each phase")
    parser.add_argument("--learners", type=int, default=4, help="correct learners")
    parser.add_argument("--attackers", type=int, default=4, help="hostile clients (threads)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    parser.add_argument(
        "--attacks",
        type=_attack_names,
        default=list(ATTACKS),
        help=f"comma-separated, to run only some (to find which one hurts): {','.join(ATTACKS)}",
    )
    parser.add_argument(
        "--setting",
        type=_setting,
        action="append",
        default=[],
        metavar="NAME=VALUE",
        help="a server setting (GRADEBOX_NAME), e.g. for a defence's knobs",
    )
    args = parser.parse_args(argv)
    try:
        figures = soak(
            args.seconds,
            max(1, args.learners),
            max(0, args.attackers),
            args.attacks,
            dict(args.setting),
        )
    except RuntimeError as error:  # the server would not start, or gave no identity
        print(f"soak could not run: {error}", file=sys.stderr)
        return 2
    if args.json:
        print(json.dumps(figures, indent=2))
    else:
        print_table(figures)
    return 0 if figures["passed"] else 1


if __name__ == "__main__":
    sys.exit(main())
