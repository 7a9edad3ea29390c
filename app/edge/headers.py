"""The headers the edge puts on every response: security policy, request id, Server-Timing."""

from __future__ import annotations

import base64
import hashlib
import re
import secrets
from html.parser import HTMLParser
from pathlib import Path

# Only our own origin, no inline script, no framing. Inline styles are allowed: KaTeX places
# each glyph with a style attribute, and CodeMirror styles its editor with <style> elements it
# writes (its `cspNonce` would need a nonce in every page, which are static files).
_POLICY = (
    "default-src 'self'",
    "script-src 'self'{script_hashes}",
    "style-src 'self' 'unsafe-inline'",
    "img-src 'self' data:",  # the pages' favicon is a data: URL
    "font-src 'self'",
    "connect-src 'self'",
    "frame-ancestors 'none'",
    "base-uri 'none'",
    "form-action 'self'",
    "object-src 'none'",
)
# FastAPI's /docs and /redoc pages load Swagger UI and ReDoc from a CDN and start them with an
# inline script: they get this looser policy, and no other path does.
_DOCS_CDN = "https://cdn.jsdelivr.net"
DOCS_POLICY = "; ".join(
    (
        "default-src 'self'",
        f"script-src 'self' 'unsafe-inline' {_DOCS_CDN}",
        f"style-src 'self' 'unsafe-inline' {_DOCS_CDN} https://fonts.googleapis.com",
        "img-src 'self' data: https://fastapi.tiangolo.com https://cdn.redoc.ly",
        "font-src 'self' https://fonts.gstatic.com",
        "worker-src 'self' blob:",
        "frame-ancestors 'none'",
        "base-uri 'none'",
        "form-action 'self'",
        "object-src 'none'",
    )
)
_FIXED = (
    (b"x-content-type-options", b"nosniff"),
    (b"referrer-policy", b"same-origin"),
    (b"x-frame-options", b"DENY"),
)
_SAFE_REQUEST_ID = re.compile(r"[A-Za-z0-9._-]{1,64}")


def content_security_policy(static_dir: Path) -> str:
    """The policy for our pages: each inline script of static/*.html is allowed by its hash.

    Those pages are ours, as trusted as the scripts 'self' allows; a hash admits that exact
    script and nothing injected beside it. An edit to the script changes its hash here too.
    """
    hashes = "".join(f" 'sha256-{digest}'" for digest in inline_script_digests(static_dir))
    return "; ".join(_POLICY).format(script_hashes=hashes)


def security_headers(policy: str) -> list[tuple[bytes, bytes]]:
    return [(b"content-security-policy", policy.encode("ascii")), *_FIXED]


def inline_script_digests(static_dir: Path) -> list[str]:
    """Base64 SHA-256 of every inline <script> in the HTML files of `static_dir`, sorted."""
    digests: set[str] = set()
    for page in sorted(static_dir.glob("*.html")):
        finder = _InlineScripts()
        finder.feed(page.read_text(encoding="utf-8"))
        for script in finder.scripts:
            digest = hashlib.sha256(script.encode("utf-8")).digest()
            digests.add(base64.b64encode(digest).decode("ascii"))
    return sorted(digests)


class _InlineScripts(HTMLParser):
    """Collects the text of each <script> without a src, exactly as the browser hashes it."""

    def __init__(self) -> None:
        super().__init__(convert_charrefs=False)
        self.scripts: list[str] = []
        self._current: list[str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        if tag == "script" and all(name != "src" for name, _ in attrs):
            self._current = []

    def handle_data(self, data: str) -> None:
        if self._current is not None:
            self._current.append(data)

    def handle_endtag(self, tag: str) -> None:
        if tag == "script" and self._current is not None:
            self.scripts.append("".join(self._current))
            self._current = None


def request_id(offered: bytes | None) -> str:
    """The client's X-Request-ID if it is a short safe token (it ends up in logs), else a new one."""
    if offered:
        text = offered.decode("latin-1")
        if _SAFE_REQUEST_ID.fullmatch(text):
            return text
    return secrets.token_hex(8)


def merged_server_timing(existing: list[str], total_ms: float) -> str:
    """The app's Server-Timing metrics, then `total` for the whole request (replacing the app's)."""
    metrics = [
        metric.strip()
        for value in existing
        for metric in value.split(",")
        if metric.strip() and metric.split(";")[0].strip().lower() != "total"
    ]
    metrics.append(f"total;dur={total_ms:.1f}")
    return ", ".join(metrics)
