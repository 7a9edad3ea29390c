"""The Redis both sides of a grading share: its keys, the job group, the client, stream entries.

Keys, under `settings.redis_prefix`:

  {p}:jobs              the job stream, read by the `workers` consumer group. It holds only live
                        jobs that have started: a worker moves each from its tenant's waiting
                        stream when it takes it (app/fair_streams.py, which has the keys of the
                        waiting jobs), and XADDs the reply, XACKs and XDELs the job in one script.
  {p}:replies:{owner}   one reply stream per API process, read by that process alone.
  {p}:replica:{owner}   set with a TTL and refreshed every second: a replica whose key has
                        expired is gone, and the sweeper recovers its work.
  {p}:workers           hash: worker id -> JSON {slots, grading, refusal, seen (Redis time)}.
  {p}:counts            hash: `takeovers` (jobs taken over from a silent worker),
                        `live_takeovers` (taken over while their grading still ran: a bug) and
                        `malformed_jobs` (job entries a worker could not read, dropped).
  {p}:events:{id}       a submission's events (app/events.py), the only ones here with a TTL
                        besides the replica keys and the rate and admission counts, which are
                        refreshed every second: under `maxmemory-policy volatile-lru` Redis
                        evicts old event streams, never a job or a reply stream.

What each entry holds is in app/messages.py.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from redis.asyncio import BlockingConnectionPool, Redis
from redis.asyncio.retry import Retry
from redis.backoff import ExponentialBackoff
from redis.exceptions import ConnectionError as RedisConnectionError
from redis.exceptions import ResponseError

from app.settings import Settings

GROUP = "workers"
BLOCK_MS = 1000  # one blocking read; the socket timeout is longer (redis-py 8 defaults to 5 s)
REPLIES_KEPT = 10_000  # a reply stream nobody reads is trimmed to about this many entries
EVENTS_KEPT = 200  # a submission's event stream keeps about its latest this many
# A pooled connection idle this long is pinged before use (and reopened if dead).
HEALTH_CHECK_SECONDS = 5


@dataclass(frozen=True)
class Keys:
    prefix: str

    @property
    def jobs(self) -> str:
        return f"{self.prefix}:jobs"

    @property
    def workers(self) -> str:
        return f"{self.prefix}:workers"

    @property
    def counts(self) -> str:
        """Counters every process adds to (`takeovers`, `live_takeovers`, `malformed_jobs`)."""
        return f"{self.prefix}:counts"

    # The jobs waiting for their start, and whose turn it is (app/fair_streams.py)

    def waiting(self, tenant: str) -> str:
        return f"{self.prefix}:waiting:{tenant}"

    @property
    def tenants(self) -> str:
        return f"{self.prefix}:tenants"

    @property
    def tickets(self) -> str:
        return f"{self.prefix}:tickets"

    def usage(self, tenant: str) -> str:
        return f"{self.prefix}:usage:{tenant}"

    def started(self, owner: str) -> str:
        return f"{self.prefix}:started:{owner}"

    @property
    def bell(self) -> str:
        return f"{self.prefix}:bell"

    @property
    def starts(self) -> str:
        return f"{self.prefix}:starts"

    def replies(self, owner: str) -> str:
        return f"{self.prefix}:replies:{owner}"

    def replica(self, owner: str) -> str:
        return f"{self.prefix}:replica:{owner}"


def connect(settings: Settings, connections: int = 64) -> Redis:
    """A client for `settings.redis_url`: text in and out (code may hold lone surrogates, which
    JSON allows: they round-trip), blocking reads allowed past redis-py's 5 s default.

    A Redis restart kills every pooled connection, and a pool made by `from_url` retries
    nothing: each dead one failed the next request that drew it (503s a minute after the
    restart). So a command that finds its connection dead (a connection error, never a
    timeout: a command that may have run is not sent twice) reconnects and is sent again,
    twice at most, and a connection idle `HEALTH_CHECK_SECONDS` is pinged before use.
    """
    pool = BlockingConnectionPool.from_url(
        settings.redis_url,
        max_connections=connections,
        timeout=settings.database_timeout_seconds,  # waiting for a free connection
        decode_responses=True,
        encoding_errors="surrogatepass",
        socket_timeout=BLOCK_MS / 1000 + settings.database_timeout_seconds,
        socket_connect_timeout=settings.database_timeout_seconds,
        retry=Retry(ExponentialBackoff(cap=0.5, base=0.05), 2),
        retry_on_error=[RedisConnectionError],
        health_check_interval=HEALTH_CHECK_SECONDS,
    )
    return Redis(connection_pool=pool)


async def ensure_group(redis: Redis, keys: Keys) -> None:
    """The job stream and its consumer group exist (after a Redis that restarted empty too)."""
    try:
        await redis.xgroup_create(keys.jobs, GROUP, id="0", mkstream=True)
    except ResponseError as error:
        if "BUSYGROUP" not in str(error):
            raise


Entry = tuple[str, dict[str, str]]


def entries(answer: Any) -> list[Entry]:
    """The entries of an XREAD / XREADGROUP answer (`[[stream, [(id, fields), ...]], ...]`),
    in order; an entry deleted after it was delivered has no fields and is left out."""
    found: list[Entry] = []
    for _, items in answer or []:
        found.extend((str(entry), dict(fields)) for entry, fields in items if fields)
    return found
