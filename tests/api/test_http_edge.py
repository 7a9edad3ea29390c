"""The HTTP edge against a real `gradebox serve`: bounded bodies and heads, slow clients,
connection caps, request ids, access logs and Server-Timing.

The slow and oversized cases speak raw HTTP/1.1 over sockets: an HTTP client would refuse to
send what they send. Every socket targets loopback, and is closed by its test.
A real `gradebox serve`: the bounds are its h11 protocol's, the access lines its JSON log's
(the request id's and Server-Timing's rules are the edge middleware's: those run in process).
"""

from __future__ import annotations

import json
import logging
import re
import resource
import select
import socket
import time
from collections.abc import Iterator
from contextlib import ExitStack, contextmanager
from pathlib import Path

import httpx
import pytest

from app import logs
from app.live_server import LiveServer
from tests.api.app_server import AppServer
from tests.api.conftest import FLAGSHIP_URL, SOLUTION

SUBMIT = f"{FLAGSHIP_URL}/submissions"
PROBLEM = "application/problem+json"
MiB = 2**20
PIECE = 64 * 1024
# Far below the 300 MB a client tries to send, far above what the kernel's socket buffers on
# both sides (a few MiB each) can hold once the server has stopped reading.
SENT_WHEN_REFUSED = 64 * MiB
PATIENT_PROXY = "127.0.0.9"
KEEP_ALIVE_SECONDS = 3  # the edge server's; its head timeout is a quarter of that


@pytest.fixture(scope="module")
def edge(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server with short head and body timeouts, and connection caps small enough to fill."""
    with LiveServer(
        tmp_path_factory.mktemp("edge"),
        pool_size="1",
        submissions_per_minute="0",
        header_timeout_seconds="0.75",
        body_timeout_seconds="0.75",
        keep_alive_seconds=str(KEEP_ALIVE_SECONDS),
        max_connections="100",
        max_connections_per_client="40",
    ) as live:
        yield live


@pytest.fixture(scope="module")
def patient(tmp_path_factory: pytest.TempPathFactory) -> Iterator[LiveServer]:
    """A server whose timeouts outlast a test: what frees a connection here is only its client."""
    with LiveServer(
        tmp_path_factory.mktemp("patient"),
        pool_size="1",
        header_timeout_seconds="60",
        max_connections="80",
        max_connections_per_client="20",
        trusted_proxies=PATIENT_PROXY,
    ) as live:
        yield live


def connect(live: LiveServer, source: str = "127.0.0.1") -> socket.socket:
    return socket.create_connection(
        ("127.0.0.1", live.port), timeout=10, source_address=(source, 0)
    )


def head(method: str, path: str, *headers: str) -> bytes:
    lines = [f"{method} {path} HTTP/1.1", "Host: 127.0.0.1", *headers]
    return ("\r\n".join(lines) + "\r\n\r\n").encode()


def chunk(size: int) -> bytes:
    return f"{size:x}\r\n".encode() + b"a" * size + b"\r\n"


def send_until_answered(sock: socket.socket, start: bytes, piece: bytes, most: int) -> int:
    """Send `start`, then `piece` again and again, until the server answers or closes, or `most`
    bytes are sent: how many bytes of pieces went out (a server may close it at any point)."""
    sent = 0
    try:
        sock.sendall(start)
        while sent < most and not select.select([sock], [], [], 0)[0]:
            sock.sendall(piece)
            sent += len(piece)
    except (BrokenPipeError, ConnectionResetError):
        pass
    return sent


def read_response(sock: socket.socket) -> tuple[int, dict[str, str], bytes]:
    """One response: status, headers (lower-case names), body by its Content-Length."""
    data = b""
    while b"\r\n\r\n" not in data:
        data += _recv(sock)
        assert data, "the server closed the connection without answering"
    raw_head, _, body = data.partition(b"\r\n\r\n")
    status_line, *lines = raw_head.decode("latin-1").split("\r\n")
    headers = {}
    for line in lines:
        name, _, value = line.partition(":")
        headers[name.strip().lower()] = value.strip()
    while len(body) < int(headers.get("content-length", "0")):
        more = _recv(sock)
        assert more, "the server closed the connection in the middle of a body"
        body += more
    return int(status_line.split()[1]), headers, body


def closed_by_server(sock: socket.socket) -> bool:
    """Whether the server ends the connection (within the socket's timeout), reading past any
    answer it sends first."""
    try:
        while sock.recv(65536):
            pass
    except TimeoutError:
        return False
    except ConnectionResetError:
        pass
    return True


def final_answer(sock: socket.socket) -> int | None:
    """The status the server sends before it closes the connection (0: it closes without
    one), or None if it keeps the connection open past the socket's timeout."""
    data = b""
    try:
        while more := sock.recv(65536):
            data += more
    except TimeoutError:
        return None
    except ConnectionResetError:
        pass
    return int(data.split()[1]) if data else 0


def _recv(sock: socket.socket) -> bytes:
    try:
        return sock.recv(65536)
    except ConnectionResetError:  # the server closed with our unread bytes in its buffer
        return b""


def rss_bytes(live: LiveServer) -> int:
    assert live.process is not None
    status = Path(f"/proc/{live.process.pid}/status").read_text()
    kilobytes = re.search(r"^VmRSS:\s+(\d+) kB", status, re.M)
    assert kilobytes
    return int(kilobytes.group(1)) * 1024


def access_line(live: LiveServer, request_id: str) -> dict[str, object]:
    """The server's access log line for one request (it is written just after the response)."""
    deadline = time.monotonic() + 10
    while time.monotonic() < deadline:
        for line in live.log_path.read_text().splitlines():
            entry = json.loads(line)
            if entry.get("logger") == "gradebox.access" and entry.get("request_id") == request_id:
                return dict(entry)
        time.sleep(0.05)
    raise AssertionError(f"no access line for {request_id}")


@contextmanager
def held_connections(live: LiveServer, source: str, count: int) -> Iterator[list[socket.socket]]:
    """`count` connections from `source`, each with half a request head sent."""
    with ExitStack() as stack:
        held = []
        for _ in range(count):
            sock = stack.enter_context(connect(live, source))
            sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n")
            held.append(sock)
        yield held


def get_health(live: LiveServer, source: str) -> int:
    transport = httpx.HTTPTransport(local_address=source)
    with httpx.Client(base_url=live.url, transport=transport, trust_env=False, timeout=10) as http:
        return http.get("/healthz").status_code


# Bodies


def test_a_chunked_body_over_the_cap_is_refused_while_it_is_still_being_sent(
    edge: LiveServer,
) -> None:
    before = rss_bytes(edge)
    start = head("POST", SUBMIT, "Content-Type: application/json", "Transfer-Encoding: chunked")
    with connect(edge) as sock:
        sent = send_until_answered(sock, start, chunk(PIECE), most=300 * MiB)
        status, headers, body = read_response(sock)
        assert closed_by_server(sock)
    assert status == 413
    assert headers["content-type"] == PROBLEM
    assert headers["connection"] == "close"
    assert "over 1048576 bytes" in json.loads(body)["detail"]
    assert sent < SENT_WHEN_REFUSED
    assert rss_bytes(edge) - before < 64 * MiB


def test_a_body_nobody_reads_is_not_drained_past_the_cap(edge: LiveServer) -> None:
    start = head("POST", "/api/learners", "Transfer-Encoding: chunked")
    with connect(edge) as sock:
        sent = send_until_answered(sock, start, chunk(PIECE), most=300 * MiB)
        status, _, _ = read_response(sock)  # the route answers without reading the body
        sent += send_until_answered(sock, b"", chunk(PIECE), most=300 * MiB)
        assert closed_by_server(sock)
    assert status == 201
    assert sent < SENT_WHEN_REFUSED


def test_a_content_length_over_the_cap_is_refused_before_any_body(edge: LiveServer) -> None:
    with connect(edge) as sock:
        sock.sendall(head("POST", SUBMIT, "Content-Length: 300000000"))
        status, headers, _ = read_response(sock)
        assert closed_by_server(sock)
    assert (status, headers["connection"]) == (413, "close")


# Heads


@pytest.mark.parametrize(
    ("piece", "most"),
    [(MiB, MiB), (PIECE, 200 * MiB)],
    ids=["1 MB at once", "200 MB in 65,536-byte pieces"],
)
def test_an_oversized_head_is_refused_with_431_and_not_buffered(
    edge: LiveServer, piece: int, most: int
) -> None:
    before = rss_bytes(edge)
    with connect(edge) as sock:
        start = b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Padding: "
        sent = send_until_answered(sock, start, b"a" * piece, most)
        status, headers, body = read_response(sock)
        assert closed_by_server(sock)
    assert status == 431
    assert headers["content-type"] == PROBLEM
    assert json.loads(body)["status"] == 431
    assert sent < SENT_WHEN_REFUSED
    assert rss_bytes(edge) - before < 32 * MiB


@pytest.mark.parametrize(("padding", "status"), [(30_000, 200), (40_000, 431)])
def test_the_head_cap_holds_for_a_head_that_arrives_whole(
    edge: LiveServer, padding: int, status: int
) -> None:
    """32 KiB by default; h11's own check would let a head arriving in one read through."""
    with connect(edge) as sock:
        sock.sendall(head("GET", "/healthz", "X-Padding: " + "a" * padding))
        assert read_response(sock)[0] == status


def test_a_head_that_does_not_arrive_in_time_gets_408_and_is_closed(edge: LiveServer) -> None:
    with connect(edge) as sock:
        sock.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\nX-Slow: ")
        status, headers, _ = read_response(sock)
        assert closed_by_server(sock)
    assert (status, headers["connection"]) == (408, "close")


def test_a_connection_that_sends_nothing_is_closed_without_an_answer(edge: LiveServer) -> None:
    with connect(edge) as sock:
        assert _recv(sock) == b""


def test_an_idle_kept_alive_connection_is_closed_without_a_stray_answer(
    edge: LiveServer,
) -> None:
    with connect(edge) as sock:
        sock.sendall(head("GET", "/healthz"))
        assert read_response(sock)[0] == 200
        # A 408 sent now would be read as the answer to the client's next request.
        assert _recv(sock) == b""


def test_a_kept_alive_connection_waits_keep_alive_seconds_not_the_head_timeout(
    edge: LiveServer,
) -> None:
    """A balancer's pooled connection is closed by the keep-alive timer, however short the
    head's: past the head timeout it still takes the next request."""
    with connect(edge) as sock:
        sock.sendall(head("GET", "/healthz"))
        assert read_response(sock)[0] == 200
        time.sleep(KEEP_ALIVE_SECONDS / 2)  # twice the head timeout
        sock.sendall(head("GET", "/healthz"))
        assert read_response(sock)[0] == 200
        sock.settimeout(KEEP_ALIVE_SECONDS + 1.5)  # uvicorn's own 5 s would not have closed it
        assert _recv(sock) == b""  # then idle: closed, without a stray answer


def test_a_stalled_body_gets_408_and_is_closed(edge: LiveServer) -> None:
    with connect(edge) as sock:
        sock.sendall(head("POST", SUBMIT, "Content-Type: application/json", "Content-Length: 100"))
        sock.sendall(b'{"code": "')
        status, _, body = read_response(sock)
        assert closed_by_server(sock)
    assert status == 408
    assert "paused" in json.loads(body)["detail"]


def test_a_body_that_stalls_after_its_answer_is_closed_without_a_second_one(
    edge: LiveServer,
) -> None:
    with connect(edge) as sock:
        sock.sendall(head("POST", "/api/learners", "Content-Length: 1000") + b"0123456789")
        assert read_response(sock)[0] == 201  # the route does not read the body
        assert final_answer(sock) == 0  # closed at the body timeout, with no 408 after the 201


# Connections


def test_half_sent_requests_do_not_lock_out_a_normal_client(edge: LiveServer) -> None:
    """300 slowloris connections from 8 addresses (the cap is 100): the head timeout frees them."""
    with ExitStack() as stack:
        flood = [
            sock
            for number in range(2, 10)
            for sock in stack.enter_context(held_connections(edge, f"127.0.0.{number}", 38))
        ]
        started = time.monotonic()
        statuses = []
        while time.monotonic() - started < 20:
            try:
                statuses.append(get_health(edge, "127.0.0.1"))
            except httpx.TransportError:  # refused at once: the server is full
                statuses.append(0)
            if statuses[-1] == 200:
                break
            time.sleep(0.2)
        answers = [final_answer(sock) for sock in flood]
    assert 503 in answers  # the flood filled every place (100 of 304 got one)
    assert 408 in answers  # those held theirs until their head timed out
    assert None not in answers  # and every one was closed by the server
    assert statuses[-1] == 200  # meanwhile a normal client got in


def test_one_address_cannot_take_every_connection(patient: LiveServer) -> None:
    with held_connections(patient, "127.0.0.2", 20), connect(patient, "127.0.0.2") as one_more:
        status, headers, _ = read_response(one_more)
        assert (status, headers["retry-after"]) == (429, "1")
        assert get_health(patient, "127.0.0.1") == 200


def test_a_trusted_proxy_may_hold_more_connections_than_one_address(patient: LiveServer) -> None:
    with held_connections(patient, PATIENT_PROXY, 29):
        assert get_health(patient, PATIENT_PROXY) == 200  # the 30th; any other address: 429


def test_connections_past_the_servers_cap_are_refused_with_503(patient: LiveServer) -> None:
    with ExitStack() as stack:
        for number in (3, 4, 5, 6):  # 80: the server's cap
            stack.enter_context(held_connections(patient, f"127.0.0.{number}", 20))
        with connect(patient, "127.0.0.7") as one_more:
            assert read_response(one_more)[0] == 503
    deadline = time.monotonic() + 10  # the server notices the closes in a moment
    while get_health(patient, "127.0.0.7") != 200 and time.monotonic() < deadline:
        time.sleep(0.1)
    assert get_health(patient, "127.0.0.7") == 200


def test_serve_raises_its_open_files_limit_to_fit_its_connections(tmp_path: Path) -> None:
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    assert hard == resource.RLIM_INFINITY or hard >= 2000, "this machine cannot show it"
    resource.setrlimit(resource.RLIMIT_NOFILE, (512, hard))  # the server inherits 512
    try:
        live = LiveServer(tmp_path, pool_size="1", max_connections="1500").start()
    finally:
        resource.setrlimit(resource.RLIMIT_NOFILE, (soft, hard))
    try:
        assert live.process is not None
        limits = Path(f"/proc/{live.process.pid}/limits").read_text()
    finally:
        live.stop()
    open_files = re.search(r"^Max open files\s+(\d+)", limits, re.M)
    assert open_files
    assert int(open_files.group(1)) >= 1500


# Request ids, logs, Server-Timing


@pytest.mark.parametrize(
    ("source", "logged_client"),
    [(PATIENT_PROXY, "203.0.113.7"), ("127.0.0.1", "127.0.0.1")],
    ids=["trusted proxy", "anyone else"],
)
def test_x_forwarded_for_is_believed_only_from_a_trusted_proxy(
    patient: LiveServer, source: str, logged_client: str
) -> None:
    request_id = f"forwarded-{source}"
    with connect(patient, source) as sock:
        sock.sendall(
            head(
                "GET",
                "/healthz",
                "X-Forwarded-For: 198.51.100.1, 203.0.113.7",
                f"X-Request-ID: {request_id}",
            )
        )
        assert read_response(sock)[0] == 200
    assert access_line(patient, request_id)["client"] == logged_client


def test_forwarded_for_from_an_untrusted_peer_is_warned_about_once_per_process(
    patient: LiveServer,
) -> None:
    """A balancer left out of `trusted_proxies` makes every client one address: said once."""
    for index, source in enumerate(["127.0.0.1", "127.0.0.3", "127.0.0.1", PATIENT_PROXY] * 2):
        request_id = f"untrusted-proxy-{index}"
        with connect(patient, source) as sock:
            sock.sendall(
                head(
                    "GET", "/healthz", "X-Forwarded-For: 203.0.113.9", f"X-Request-ID: {request_id}"
                )
            )
            assert read_response(sock)[0] == 200
        access_line(patient, request_id)  # written after the warning, in the same request
    warnings = [
        entry
        for entry in map(json.loads, patient.log_path.read_text().splitlines())
        if entry.get("event") == "untrusted-forwarded-for"
    ]
    assert [entry["level"] for entry in warnings] == ["WARNING"]
    assert warnings[0]["peer"] in {"127.0.0.1", "127.0.0.3"}


def test_each_request_has_one_json_access_line_with_its_id(edge: LiveServer) -> None:
    with edge.client(headers={"X-Request-ID": "trace-42.a_b"}) as http:
        response = http.get(f"{FLAGSHIP_URL}/hints")
    assert response.headers["x-request-id"] == "trace-42.a_b"
    line = access_line(edge, "trace-42.a_b")
    assert line["level"] == "INFO"
    assert line["message"] == f"GET /api/exercises/{{slug}}/hints {response.status_code}"
    assert (line["method"], line["path"]) == ("GET", "/api/exercises/{slug}/hints")
    assert (line["status"], line["client"]) == (response.status_code, "127.0.0.1")
    assert isinstance(line["latency_ms"], float)
    lines = edge.log_path.read_text().splitlines()
    assert sum('"request_id": "trace-42.a_b"' in text for text in lines) == 1
    for text in lines:  # the whole log is JSON lines: uvicorn's and the app's too
        assert {"time", "level", "logger", "message"} <= json.loads(text).keys()


def test_a_line_logged_during_a_request_carries_its_id_and_extras() -> None:
    record = logging.LogRecord("gradebox.service", logging.ERROR, __file__, 1, "x=%d", (1,), None)
    record.submission = "abc"
    token = logs.request_id.set("trace-7")
    try:
        line = json.loads(logs.JsonFormatter().format(record))
    finally:
        logs.request_id.reset(token)
    assert line["request_id"] == "trace-7"
    assert (line["level"], line["logger"], line["message"]) == ("ERROR", "gradebox.service", "x=1")
    assert line["submission"] == "abc"


@pytest.mark.parametrize("offered", ["x" * 65, "<script>", "a/b", "", "tab\there"], ids=repr)
def test_an_unsafe_request_id_is_replaced_by_a_fresh_one(server: AppServer, offered: str) -> None:
    with server.client(headers={"X-Request-ID": offered}) as http:
        answered = http.get("/healthz").headers["x-request-id"]
    assert re.fullmatch(r"[0-9a-f]{16}", answered)


def test_server_timing_ends_with_one_total_for_the_whole_request(server: AppServer) -> None:
    with server.client() as http:  # with our Origin, as a browser on the page
        response = http.post(SUBMIT, json={"code": SOLUTION})
    assert response.status_code == 201
    metrics = [metric.strip() for metric in response.headers["server-timing"].split(",")]
    names = [metric.split(";")[0] for metric in metrics]
    assert names.count("total") == 1
    assert names[-1] == "total"
    assert "grade" in names  # the route's metrics are kept
    durations = {
        metric.split(";")[0]: float(match.group(1))
        for metric in metrics
        if (match := re.search(r"dur=([\d.]+)", metric))
    }
    assert durations["total"] >= max(durations.values()) - 1  # the route's are inside it


def test_refusals_made_before_the_app_are_counted_in_metrics(edge: LiveServer) -> None:
    def refused_heads() -> float:
        with edge.client() as http:
            text = http.get("/metrics").text
        found = re.search(r'^gradebox_http_refused_total\{reason="head-size"\} (\S+)$', text, re.M)
        return float(found.group(1)) if found else 0.0

    before = refused_heads()
    with connect(edge) as sock:
        sock.sendall(head("GET", "/healthz", "X-Padding: " + "a" * 40_000))
        assert read_response(sock)[0] == 431
    assert refused_heads() == before + 1
