"""Per-address limits count an address by its network: an IPv6 client owns a /64.

`address_key` is the one place that groups; every per-address limit counts by it: new
identities, submissions and queue shares (through the routes' address) and open connections
(in the protocol). The identity window in process, behind a trusted proxy on 127.0.0.1; the
connection cap needs a real `gradebox serve`: it counts open sockets in its h11 protocol.
"""

from __future__ import annotations

import time
from pathlib import Path

import httpx
import pytest

from app.edge import address_key
from app.live_server import LiveServer
from tests.api.app_server import AppServer
from tests.api.test_http_edge import connect, get_health, held_connections, read_response


@pytest.mark.parametrize(
    ("address", "ipv4_prefix", "ipv6_prefix", "key"),
    [
        ("203.0.113.5", 32, 64, "203.0.113.5"),
        ("203.0.113.5", 24, 64, "203.0.113.0/24"),
        ("2001:db8:1:2:aaaa::5", 32, 64, "2001:db8:1:2::/64"),
        ("2001:db8:1:2:aaaa::5", 32, 48, "2001:db8:1::/48"),
        ("2001:db8:1:2:aaaa::5", 32, 128, "2001:db8:1:2:aaaa::5"),
        ("::ffff:203.0.113.5", 24, 64, "203.0.113.0/24"),
        ("[2001:db8::1]", 32, 64, "2001:db8::/64"),
        ("unknown", 32, 64, "unknown"),
    ],
    ids=["ipv4", "ipv4/24", "ipv6/64", "ipv6/48", "ipv6/128", "ipv4-mapped", "brackets", "none"],
)
def test_an_address_is_counted_by_its_network(
    address: str, ipv4_prefix: int, ipv6_prefix: int, key: str
) -> None:
    assert address_key(address, ipv4_prefix, ipv6_prefix) == key


# Two identities a minute per network; each case mints three from `first`, `second`, `first`.
@pytest.mark.parametrize(
    ("settings", "first", "second", "shared"),
    [
        ({}, "2001:db8:1:2::5", "2001:db8:1:2:ffff::6", True),
        ({}, "2001:db8:1:2::5", "2001:db8:1:3::5", False),
        ({"ipv6_prefix": "128"}, "2001:db8:1:2::5", "2001:db8:1:2::6", False),
        ({}, "203.0.113.5", "203.0.113.6", False),
        ({"ipv4_prefix": "24"}, "203.0.113.5", "203.0.113.6", True),
    ],
    ids=["one-/64", "two-/64s", "ipv6-prefix-128", "ipv4-/32", "ipv4-prefix-24"],
)
def test_one_network_shares_one_identity_window(
    tmp_path: Path, settings: dict[str, str], first: str, second: str, shared: bool
) -> None:
    with (
        AppServer(
            tmp_path, identities_per_minute="2", trusted_proxies="127.0.0.1", **settings
        ) as live,
        live.client() as http,
    ):

        def mint(address: str) -> httpx.Response:
            return http.post("/api/learners", headers={"x-forwarded-for": address})

        answers = [mint(first), mint(second), mint(first)]
    assert [answer.status_code for answer in answers] == [201, 201, 429 if shared else 201]
    if shared:
        assert answers[2].json()["setting"] == "identities_per_minute"
        assert int(answers[2].headers["retry-after"]) >= 1


@pytest.mark.parametrize(("ipv4_prefix", "refused"), [("24", True), ("32", False)])
def test_one_network_shares_one_connection_cap(
    tmp_path: Path, ipv4_prefix: str, refused: bool
) -> None:
    settings = {"max_connections_per_client": "3", "ipv4_prefix": ipv4_prefix}
    with LiveServer(tmp_path, pool_size="1", **settings) as live:
        with held_connections(live, "127.0.0.2", 3), connect(live, "127.0.0.3") as neighbour:
            neighbour.sendall(b"GET /healthz HTTP/1.1\r\nHost: 127.0.0.1\r\n\r\n")
            status, headers, _ = read_response(neighbour)
        deadline = time.monotonic() + 10  # the server notices the closes in a moment
        while get_health(live, "127.0.0.3") != 200 and time.monotonic() < deadline:
            time.sleep(0.1)
        assert get_health(live, "127.0.0.3") == 200
    assert status == (429 if refused else 200)
    if refused:
        assert headers["retry-after"] == "1"
