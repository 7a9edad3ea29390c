"""One Settings object for the service and the CLI, read from GRADEBOX_* variables."""

from __future__ import annotations

import ipaddress
import logging
import os
import re
import secrets
from functools import lru_cache
from pathlib import Path
from typing import TYPE_CHECKING

from pydantic import Field, model_validator
from pydantic_settings import BaseSettings, SettingsConfigDict

from graders.host.load import available_cores
from graders.protocol.limits import Limits

if TYPE_CHECKING:
    from graders.catalog import Catalog

log = logging.getLogger("gradebox")
_DEFAULT = Limits()  # the defaults of the limits below come from the one table
PROJECT_ROOT = Path(__file__).resolve().parents[1]
DEFAULT_ALLOWED_HOSTS = ("localhost", "127.0.0.1", "[::1]")
# A host name, or `*.` and a domain (any of its subdomains): no port, no path.
_HOST_NAME = re.compile(r"(\*\.)?[a-z0-9_-]+(\.[a-z0-9_-]+)*\.?")


def _user_cache() -> Path:
    return Path(os.environ.get("XDG_CACHE_HOME") or Path.home() / ".cache")


class Settings(BaseSettings):
    """Every knob, typed, defaulted and described. Unsafe combinations refuse to start."""

    model_config = SettingsConfigDict(env_prefix="GRADEBOX_", extra="ignore")

    database_url: str = Field(
        "", description="SQLAlchemy URL; empty means a SQLite file under data_dir."
    )
    data_dir: Path = Field(
        PROJECT_ROOT / "var", description="Where the SQLite file and the secret live."
    )
    exercises_dir: Path = Field(PROJECT_ROOT / "exercises", description="The exercise folders.")
    cache_dir: Path = Field(
        default_factory=lambda: _user_cache() / "gradebox",
        description="Load-checked exercises kept between starts, keyed by their folder's bytes, "
        "the grading library and the limits; default: $XDG_CACHE_HOME/gradebox "
        "(~/.cache/gradebox).",
    )
    exercise_cache: bool = Field(
        True, description="Keep load-checked exercises in cache_dir; false: check at every start."
    )
    static_dir: Path = Field(PROJECT_ROOT / "static", description="The practice page's files.")
    pool_size: int = Field(
        default_factory=available_cores,
        ge=1,
        le=64,
        description="Warm sandbox zygotes (parallel gradings); default: the cores this process "
        "may use, lowered to its cgroup's CPU quota.",
    )
    shed_wait_share: float = Field(
        0.5,
        ge=0,
        le=1,
        description="Refuse new work (503, Retry-After) while our children wait for a CPU this "
        "share of their wall time, confirmed by the kernel's CPU pressure (PSI some avg10) "
        "where it has PSI; 0: never shed.",
    )
    queue_size: int = Field(
        32, ge=0, description="Submissions that may wait beyond the pool size; more get 503."
    )
    submissions_per_minute: int = Field(30, ge=0, description="Per learner; 0 means no limit.")
    secret_key: str = Field(
        "", description="Signs learner identities; generated and persisted if empty."
    )
    cpu_seconds: float = Field(
        _DEFAULT.cpu_seconds, gt=0, description="Ceiling: CPU limit of one submission."
    )
    wall_seconds: float = Field(
        _DEFAULT.wall_seconds, gt=0, description="Ceiling: wall-clock limit of one submission."
    )
    memory_mb: int = Field(
        _DEFAULT.memory_bytes // 2**20,
        ge=256,
        description="Ceiling: address-space limit of one submission, MiB.",
    )
    max_code_bytes: int = Field(
        _DEFAULT.source_bytes, ge=1024, description="Ceiling: largest accepted submission."
    )
    allow_weak_sandbox: bool = Field(
        False,
        description="DEVELOPMENT ONLY: grade even if a sandbox layer is missing (logged loudly).",
    )
    reload_exercises: bool = Field(False, description="Reload exercises when their files change.")
    cookie_secure: bool = Field(
        False, description="Mark the identity cookie Secure (behind HTTPS)."
    )
    # Fair shares, attempts and the database
    learner_queue_share: int = Field(
        2, ge=1, description="Submissions one learner may have waiting or grading at once."
    )
    address_queue_share: float = Field(
        0.5, gt=0, le=1, description="Share of the queue one client address may hold."
    )
    identities_per_minute: int = Field(
        60, ge=0, description="New anonymous learners per client address a minute; 0: no limit."
    )
    address_submissions_per_minute: int = Field(
        300, ge=0, description="Submissions per client address a minute; 0: no limit."
    )
    max_attempts: int = Field(
        3, ge=1, le=10, description="Gradings of one submission before it is set aside."
    )
    sweep_seconds: float = Field(
        5.0, gt=0, description="How often pending submissions are looked for and finished."
    )
    database_timeout_seconds: float = Field(
        5.0, gt=0, description="Bound on each database wait: connect, lock, statement."
    )
    database_threads: int = Field(
        8, ge=1, le=64, description="Threads that run database calls off the event loop."
    )
    # The distributed mode
    redis_url: str = Field(
        "",
        description="Redis for the distributed mode: when set, `serve` never starts a sandbox "
        "and sends gradings to `gradebox worker` processes over Redis Streams, and rate limits "
        "and the queue bound are shared by every replica. Empty: the embedded mode.",
    )
    redis_prefix: str = Field(
        "gradebox", pattern=r"^[A-Za-z0-9_.-]{1,40}$", description="Prefix of every Redis key."
    )
    claim_seconds: float = Field(
        3.0,
        gt=0,
        description="A job a worker has not re-claimed for this long is taken over by another "
        "(a live worker re-claims its jobs every second).",
    )
    events_seconds: int = Field(
        600,
        ge=10,
        le=86_400,
        description="How long a submission's events stay in Redis after its last one (the "
        "distributed mode); each stream also keeps its last 200 events at most. A page that "
        "asks later is replayed from the stored report.",
    )
    # HTTP edge
    max_body_bytes: int = Field(
        2**20, ge=1024, description="Largest request body; past it, 413 while it is still read."
    )
    max_header_bytes: int = Field(
        32 * 1024, ge=1024, le=2**20, description="Largest request line and headers; past it, 431."
    )
    header_timeout_seconds: float = Field(
        10.0, gt=0, description="A request's line and headers must arrive within this; else 408."
    )
    body_timeout_seconds: float = Field(
        10.0, gt=0, description="Longest pause while a request body arrives; else 408."
    )
    keep_alive_seconds: int = Field(
        5,
        ge=1,
        le=3600,
        description="How long a kept-alive connection may wait for its next request before it "
        "is closed; behind a load balancer, above the balancer's idle timeout (else it may send "
        "a request on a connection just closed here, and answer its client 502).",
    )
    max_connections: int = Field(
        1000, ge=1, description="Open connections; past it, a new one is refused with 503."
    )
    max_connections_per_client: int = Field(
        100, ge=1, description="Open connections from one address (not a proxy); past it, 429."
    )
    trusted_proxies: str = Field(
        "",
        description="Comma-separated addresses or networks of the reverse proxies in front: "
        "only from them are X-Forwarded-For, -Proto and -Host believed.",
    )
    allowed_hosts: str = Field(
        "",
        description="Comma-separated names (or IP addresses) clients may address us by, in the "
        "Host header; `*.example.org` takes its subdomains, `*` alone is refused. Empty: "
        f"{', '.join(DEFAULT_ALLOWED_HOSTS)}. The `serve --host` address is added when it is "
        "not a wildcard. Any other Host is refused with 400 (a DNS-rebinding page).",
    )
    ipv4_prefix: int = Field(
        32, ge=8, le=32, description="Per-address limits count IPv4 clients by this network."
    )
    ipv6_prefix: int = Field(
        64, ge=16, le=128, description="Per-address limits count IPv6 clients by this network."
    )

    @model_validator(mode="after")
    def _refuse_unsafe(self) -> Settings:
        if self.wall_seconds < self.cpu_seconds:
            raise ValueError("wall_seconds must be at least cpu_seconds")
        host_names(self.allowed_hosts)  # a wrong entry, or `*`, stops the start here
        return self

    @property
    def limits(self) -> Limits:
        """The service's ceilings: no exercise may ask for more."""
        return Limits(
            cpu_seconds=self.cpu_seconds,
            wall_seconds=self.wall_seconds,
            memory_bytes=self.memory_mb * 2**20,
            source_bytes=self.max_code_bytes,
        )

    def catalog(self) -> Catalog:
        """The exercise folders, with the cache between starts unless it is off."""
        from graders.catalog import Catalog
        from graders.exercise_cache import ExerciseCache

        cache = ExerciseCache(self.cache_dir) if self.exercise_cache else None
        return Catalog(self.exercises_dir, self.limits, cache)

    @property
    def distributed(self) -> bool:
        """API replicas and grading workers meet in Redis; learner code runs on workers only."""
        return bool(self.redis_url)

    def require_shared_secret(self) -> None:
        """Replicas must share one signing secret: one made up per process would refuse the
        tokens of every other replica, and learners would silently lose their history."""
        if self.distributed and not self.secret_key:
            raise SystemExit(
                "gradebox: GRADEBOX_SECRET_KEY must be set in the distributed mode "
                "(GRADEBOX_REDIS_URL is set): every API replica signs learner tokens with it."
            )

    @property
    def embedded(self) -> bool:
        """One process owns the database (SQLite): whatever it left running at start is dead."""
        return self.sqlalchemy_url.startswith("sqlite:")

    @property
    def attempt_stale_seconds(self) -> float:
        """An attempt still running after this long belongs to a process that died."""
        return 4 * self.wall_seconds + 30

    @property
    def sqlalchemy_url(self) -> str:
        return self.database_url or f"sqlite:///{self.data_dir / 'gradebox.sqlite3'}"

    def signing_key(self) -> str:
        """The configured secret, or one generated on first start and kept in data_dir."""
        if self.secret_key:
            return self.secret_key
        path = self.data_dir / "secret.key"
        if not path.exists():
            self.data_dir.mkdir(parents=True, exist_ok=True)
            path.touch(mode=0o600)
            path.write_text(secrets.token_urlsafe(48))
            log.info("generated a new signing secret in %s", path)
        return path.read_text().strip()


def host_names(spec: str, bind_host: str = "") -> frozenset[str]:
    """`allowed_hosts` ("gradebox.example.org, *.school.example") as lower-case names, IPv6
    without brackets; empty: the defaults. `bind_host` (`serve --host`) is added unless it is a
    wildcard. A wrong entry, or `*` alone, raises ValueError."""
    entries = [part.strip().lower() for part in spec.split(",") if part.strip()]
    for entry in entries:
        if entry == "*":
            raise ValueError(
                "allowed_hosts may not be '*': list the names clients use (a DNS-rebinding page "
                "would pass any Host)"
            )
        if not (_HOST_NAME.fullmatch(entry) or _is_address(entry)):
            raise ValueError(f"allowed_hosts: {entry!r} is not a host name (no port, no path)")
    names = {entry.strip("[]").rstrip(".") for entry in entries or DEFAULT_ALLOWED_HOSTS}
    if bind_host and not is_wildcard(bind_host):
        names.add(bind_host.strip("[]").lower())
    return frozenset(names)


def _is_address(entry: str) -> bool:
    try:
        ipaddress.ip_address(entry.strip("[]"))
    except ValueError:
        return False
    return True


def is_wildcard(bind_host: str) -> bool:
    """Whether `serve --host` listens on every interface (0.0.0.0, ::)."""
    try:
        return ipaddress.ip_address(bind_host.strip("[]")).is_unspecified
    except ValueError:
        return not bind_host


@lru_cache
def get_settings() -> Settings:
    return Settings()
