"""Who is asking and from where: the client's address, our own origin, the Host and cross-site
refusals.

X-Forwarded-* headers are believed only from a peer listed in `trusted_proxies`; anyone else
could write them. Per-address limits count an address by its network (`address_key`): an IPv6
client owns a whole /64, so counting its single addresses would give it billions of shares.
"""

from __future__ import annotations

import ipaddress
import re
from collections.abc import Iterable
from functools import lru_cache
from urllib.parse import urlsplit

from starlette.requests import cookie_parser
from starlette.types import Scope

from app.identity import COOKIE_NAME
from app.settings import Settings

Network = ipaddress.IPv4Network | ipaddress.IPv6Network
Origin = tuple[str, str, int]  # scheme, host, port
SAFE_METHODS = frozenset({"GET", "HEAD", "OPTIONS", "TRACE"})
_DEFAULT_PORTS = {"http": 80, "https": 443}
# A Host header: a name or IPv4 address, or an IPv6 one in brackets, and maybe a port; no
# user info, path or spaces for urlsplit to read around.
_HOST_HEADER = re.compile(r"([A-Za-z0-9_.-]+|\[[0-9A-Fa-f:.]+\])(:[0-9]{1,5})?")


@lru_cache(maxsize=8)
def trusted_networks(spec: str) -> tuple[Network, ...]:
    """`trusted_proxies` ("10.0.0.5, 10.1.0.0/16") as networks; a wrong entry raises ValueError."""
    return tuple(ipaddress.ip_network(part.strip()) for part in spec.split(",") if part.strip())


def is_trusted(address: str, networks: tuple[Network, ...]) -> bool:
    ip = _ip(address)
    return ip is not None and any(ip in network for network in networks)


def client_address(scope: Scope, settings: Settings) -> str:
    """The client's IP address: the socket peer, or what our trusted proxies say it is.

    X-Forwarded-For is read from the right, the end our own proxy wrote: the first hop that is
    not one of our proxies is the client. Hops further left are the client's own claims.
    """
    peer = scope.get("client")
    address = str(peer[0]) if peer else "unknown"
    networks = trusted_networks(settings.trusted_proxies)
    if not networks or not is_trusted(address, networks):
        return address
    forwarded = ",".join(_values(scope, b"x-forwarded-for"))
    for hop in reversed(forwarded.split(",")):
        ip = _ip(hop.strip())
        if ip is None:  # not an address: nothing to its left can be believed either
            break
        address = str(ip)
        if not any(ip in network for network in networks):
            break
    return address


def address_key(address: str, ipv4_prefix: int = 32, ipv6_prefix: int = 64) -> str:
    """What every per-address limit counts (identities, submissions, queue shares, open
    connections): the network of `address` with that prefix, or the address itself at /32 and
    /128. An IPv4 address mapped into IPv6 (::ffff:192.0.2.1) counts as IPv4."""
    ip = _ip(address)
    if ip is None:
        return address
    if isinstance(ip, ipaddress.IPv6Address) and ip.ipv4_mapped is not None:
        ip = ip.ipv4_mapped
    prefix = ipv4_prefix if isinstance(ip, ipaddress.IPv4Address) else ipv6_prefix
    if prefix == ip.max_prefixlen:
        return str(ip)
    return str(ipaddress.ip_network(f"{ip}/{prefix}", strict=False))


def client_key(scope: Scope, settings: Settings) -> str:
    """`address_key` of the client's address (`client_address`), with the configured prefixes."""
    return address_key(client_address(scope, settings), settings.ipv4_prefix, settings.ipv6_prefix)


def host_refusal(scope: Scope, settings: Settings, allowed: frozenset[str]) -> str | None:
    """Why this request's Host is refused, or None when it is one of `allowed` (`host_names`).

    A page on another site that rebinds its DNS name to our address reaches us with its own
    name in Host: only the names we are known by pass. Behind a trusted proxy the name checked
    is X-Forwarded-Host, as in `own_origin`. (Starlette's TrustedHostMiddleware does the same
    match, but answers text/plain and reads only Host: the edge answers problem+json.)
    """
    host = _requested(scope, settings)[1].split(",")[0].strip()
    origin = _origin(f"http://{host}") if _HOST_HEADER.fullmatch(host) else None
    name = origin[1].rstrip(".") if origin else ""
    if name and (name in allowed or any(_in_domain(name, entry) for entry in allowed)):
        return None
    shown = host[:100] or "(none)"
    return (
        f"This server does not answer for the host {shown!r}. An operator adds it to "
        "GRADEBOX_ALLOWED_HOSTS."
    )


def _in_domain(name: str, entry: str) -> bool:
    """`*.example.org` takes a.example.org and a.b.example.org, not example.org itself."""
    return entry.startswith("*.") and name.endswith(entry[1:])


def own_origin(scope: Scope, settings: Settings) -> Origin | None:
    """Our origin as the client addressed us: scheme, Host header and port."""
    scheme, host = _requested(scope, settings)
    return _origin(f"{scheme.split(',')[0].strip()}://{host.split(',')[0].strip()}")


def _requested(scope: Scope, settings: Settings) -> tuple[str, str]:
    """The scheme and host the client asked for: ours, or what our trusted proxy says."""
    scheme, host = str(scope.get("scheme", "http")), _first(scope, b"host")
    peer = scope.get("client")
    if peer and is_trusted(str(peer[0]), trusted_networks(settings.trusted_proxies)):
        scheme = _first(scope, b"x-forwarded-proto") or scheme
        host = _first(scope, b"x-forwarded-host") or host
    return scheme, host


def cross_site_refusal(scope: Scope, settings: Settings) -> str | None:
    """Why this request must be refused as a cross-site forgery (CSRF), or None to let it pass.

    Refused: an unsafe request (not GET, HEAD, OPTIONS, TRACE) that a browser could have sent on
    the learner's behalf, so authenticated by the learner cookie alone (no Authorization
    header), whose Origin (or, without one, Referer) is not our own origin. Browsers send Origin
    on every cross-origin POST, so a cookie request with neither header is not a browser's
    same-origin request either: it is refused too. A bearer-token client is not at risk (a
    browser never adds that header to a forged request) and passes.
    """
    if scope["method"] in SAFE_METHODS or _first(scope, b"authorization").strip():
        return None
    if not any(COOKIE_NAME in cookie_parser(value) for value in _values(scope, b"cookie")):
        return None
    claimed = _first(scope, b"origin") or _first(scope, b"referer")
    if not claimed:
        return "A request with the learner cookie must carry an Origin or Referer header."
    expected = own_origin(scope, settings)
    if expected is None or _origin(claimed) != expected:
        return "Cross-site request refused: its Origin is not this site."
    return None


def _origin(url: str) -> Origin | None:
    try:
        parts = urlsplit(url)
        scheme, host = parts.scheme.lower(), (parts.hostname or "").lower()
        port = parts.port or _DEFAULT_PORTS.get(scheme)
    except ValueError:  # a port that is not a number, an unbalanced [IPv6 bracket
        return None
    if not host or port is None:
        return None
    return scheme, host, port


def _ip(text: str) -> ipaddress.IPv4Address | ipaddress.IPv6Address | None:
    try:
        return ipaddress.ip_address(text.strip("[]"))
    except ValueError:
        return None


def _values(scope: Scope, name: bytes) -> Iterable[str]:
    return (value.decode("latin-1") for key, value in scope["headers"] if key == name)


def _first(scope: Scope, name: bytes) -> str:
    """The first value of a header, as Starlette's `request.headers[name]` reads it."""
    return next(iter(_values(scope, name)), "")
