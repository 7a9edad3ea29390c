"""A worker's hold on the jobs it grades: renewed on a thread of its own, answered only by the
holder of the job's current delivery.

The heartbeat (the worker's line in the `workers` hash) and the claim renewal (`XCLAIM ...
JUSTID`, which leaves the delivery count alone) run every second on a thread with a synchronous
Redis client of its own, so nothing on the worker's event loop (a grading that decodes, a call
that blocks) delays them: a job is taken over (idle past `claim_seconds`) only when its worker
is gone. (A thread still waits for a single C call that holds the GIL; bounded decoding keeps
those short.)

A renewal re-claims only what this worker still holds: a job another worker has taken over is
never taken back, or neither would hold the delivery it replies for. A reply is sent by one
script that checks, atomically with sending it, that this worker holds the job's current
delivery (its consumer and delivery count in the group's pending list). A superseded delivery
sends nothing and is counted in the counts hash as `live_takeovers`: its job was taken over
while its grading still ran, which is a bug.
"""

from __future__ import annotations

import json
import logging
import threading
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

import redis
from redis.asyncio import Redis as AsyncRedis
from redis.exceptions import RedisError

from app.settings import Settings
from app.transport import BLOCK_MS, EVENTS_KEPT, GROUP, REPLIES_KEPT, Keys

log = logging.getLogger("gradebox.worker")
BEAT_SECONDS = 1.0  # heartbeat and renewal; `claim_seconds` must be well above it

# Both scripts start with this. Who holds an entry: {id, consumer, idle, deliveries}, or nil if
# nobody does (answered already, or Redis restarted empty: then even the group may be gone,
# until a worker's read recreates it).
_HOLDER = """
local function holder(jobs, group, entry)
  local pending = redis.pcall('XPENDING', jobs, group, entry, entry, 1)
  if pending.err then
    return nil
  end
  return pending[1]
end
"""
# KEYS: jobs. ARGV: group, consumer, entries. Re-claims the entries still pending to consumer;
# returns those pending to another (taken over).
_RENEW = """
local taken = {}
for i = 3, #ARGV do
  local held = holder(KEYS[1], ARGV[1], ARGV[i])
  if held and held[2] == ARGV[2] then
    redis.call('XCLAIM', KEYS[1], ARGV[1], ARGV[2], 0, ARGV[i], 'JUSTID')
  elseif held then
    taken[#taken + 1] = ARGV[i]
  end
end
return taken
"""
# KEYS: jobs, reply stream, events stream, counts. ARGV: group, consumer, entry, delivery count,
# replies kept, events kept, events ttl, reply field count, the reply's fields and values, then
# each event's kind and data. 0 if the delivery was superseded (nothing sent), else 1. An entry
# pending to nobody (Redis restarted empty, or the job was answered already) is replied to:
# the replica knows whether it still waits for it. The reply stream has no TTL (so `volatile-lru`
# never evicts it: it is trimmed, and deleted by the sweeper once its replica is gone); the events
# stream has one.
_REPLY = """
local held = holder(KEYS[1], ARGV[1], ARGV[3])
if held and (held[2] ~= ARGV[2] or tonumber(held[4]) ~= tonumber(ARGV[4])) then
  redis.call('HINCRBY', KEYS[4], 'live_takeovers', 1)
  return 0
end
local last = 8 + tonumber(ARGV[8])
redis.call('XADD', KEYS[2], 'MAXLEN', '~', ARGV[5], '*', unpack(ARGV, 9, last))
if #ARGV > last then
  for i = last + 1, #ARGV, 2 do
    redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[6], '*', 'kind', ARGV[i], 'data', ARGV[i + 1])
  end
  redis.call('EXPIRE', KEYS[3], ARGV[7])
end
if held then
  redis.call('XACK', KEYS[1], ARGV[1], ARGV[3])
end
redis.call('XDEL', KEYS[1], ARGV[3])
return 1
"""


@dataclass(frozen=True)
class Delivery:
    """One delivery of a job entry to this worker."""

    entry: str
    count: int  # Redis's delivery count: 1 for a first read, more after takeovers


async def reply_if_held(
    client: AsyncRedis,
    keys: Keys,
    consumer: str,
    delivery: Delivery,
    stream: str,
    reply: dict[str, str],
    events: tuple[str, Sequence[tuple[str, str]]],
    events_seconds: int,
) -> bool:
    """Send `reply` to `stream` and the events (their stream's key, then each kind and JSON
    data) and acknowledge and delete the job, all at once, if `consumer` holds `delivery`:
    False (nothing sent, a live takeover counted) if it was superseded."""
    events_key, items = events
    fields = [part for pair in reply.items() for part in pair]
    args: list[str | int] = [GROUP, consumer, delivery.entry, delivery.count, REPLIES_KEPT]
    args += [EVENTS_KEPT, events_seconds, len(fields), *fields]
    args += [part for item in items for part in item]
    script = client.register_script(_HOLDER + _REPLY)
    sent = await script(keys=[keys.jobs, stream, events_key, keys.counts], args=args)
    return bool(sent)


class Heartbeat:
    """Says every second that this worker is alive (`state()`, with Redis's time as `seen`)
    and re-claims the entries it holds, on a thread of its own.

    An entry is renewed for at most `attempt_stale_seconds` after it was taken (the replica has
    stopped waiting by then): a worker whose loop is wedged loses its jobs to the others.
    """

    def __init__(self, settings: Settings, name: str, state: Callable[[], dict[str, Any]]) -> None:
        self.keys, self.name, self.state = Keys(settings.redis_prefix), name, state
        self.longest = settings.attempt_stale_seconds
        self.clock_offset = 0.0  # Redis time minus ours, from the last beat
        self._client = redis.Redis.from_url(
            settings.redis_url,
            decode_responses=True,
            socket_timeout=BLOCK_MS / 1000 + settings.database_timeout_seconds,
            socket_connect_timeout=settings.database_timeout_seconds,
        )
        self._renew = self._client.register_script(_HOLDER + _RENEW)
        self._held: dict[str, float] = {}  # entry -> when it was taken (monotonic)
        self._taken: set[str] = set()  # held entries another worker has taken over
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._run, name=f"heartbeat-{name}", daemon=True)

    def hold(self, entry: str) -> None:
        with self._lock:
            self._held[entry] = time.monotonic()

    def release(self, entry: str) -> None:
        with self._lock:
            self._held.pop(entry, None)
            self._taken.discard(entry)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        """Stop beating (after the beat under way, if any) and close the client."""
        self._stopping.set()
        self._thread.join()
        self._client.close()

    def _run(self) -> None:
        while not self._stopping.is_set():
            try:
                self.beat()
            except RedisError as error:
                log.error("heartbeat failed: %s", error)
            except Exception:  # the thread must outlive any surprise, or every job is lost
                log.exception("heartbeat failed")
            self._stopping.wait(BEAT_SECONDS)

    def beat(self) -> None:
        seconds, micros = self._client.time()
        now = seconds + micros / 1e6
        self.clock_offset = now - time.time()
        self._client.hset(self.keys.workers, self.name, json.dumps({**self.state(), "seen": now}))
        with self._lock:
            since = time.monotonic() - self.longest
            held = [entry for entry, taken in self._held.items() if taken > since]
        if not held:
            return
        taken = self._renew(keys=[self.keys.jobs], args=[GROUP, self.name, *held])
        with self._lock:
            for entry in set(taken) - self._taken:
                if entry in self._held:  # logged once; counted when its reply is refused
                    self._taken.add(entry)
                    log.error("job %s was taken over while it is graded here", entry)
