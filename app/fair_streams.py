"""Whose job a free worker slot takes next, across every worker: the least-served tenant's.

The embedded pool hands a freed zygote to the waiting tenant (the client's address key) that has
used the sandbox least lately (graders/host/fair.py). A single job stream read first come, first
served cannot: one address's queued infinite loops hold every learner behind them for the whole
queue's worth of wall-clock limits. So the job stream (app/transport.py `jobs`) only ever holds
jobs that have *started*, and a job waits for its start in a stream of its tenant's:

  {p}:waiting:{tenant}  stream: the tenant's jobs not started yet, oldest first. Each entry is
                        the job entry (`body`), its `job` id, its `ticket` (a global counter:
                        the order jobs were sent in) and its replica's `started` hash. No TTL:
                        these are live jobs (`volatile-lru` never evicts them).
  {p}:tenants           sorted set: each tenant with a job waiting -> the ticket of its oldest.
  {p}:tickets           the counter.
  {p}:usage:{tenant}    the tenant's recent sandbox seconds, "seconds at" (Redis time), decayed
                        with the embedded queue's half-life (`HALF_LIFE_SECONDS`): a TTL of
                        `USAGE_HALF_LIVES` of them forgets it.
  {p}:started:{owner}   hash, one per replica: job -> its entry in the job stream once it
                        started, so the replica can still tell it is alive; the replica deletes
                        a job's field when it stops waiting, the sweeper the hash of a replica
                        that died. No TTL.
  {p}:bell              list: one item per job waiting (trimmed); an idle worker waits on it.
  {p}:starts            stream: every start, in order (tenant, job, its waiting entry and ticket,
                        the tenant's usage when picked, how many tenants had work): capped.

A replica sends a job with `ENQUEUE`. A worker with a free slot runs `TAKE`, one script, so
two workers never pick the same job and a job is never in two places: it picks the tenant with
work whose decayed usage is least (among equals, the one whose oldest job was sent first),
moves that tenant's oldest job into the job stream, reads it there in the `workers` group as
this consumer (XREADGROUP: the job stream holds nothing undelivered, so that is the job just
added), and charges the tenant `START_CHARGE_SECONDS` on account. The worker settles the
account when the grading ends (`settle`: the sandbox seconds it used, less the charge), so usage
is sandbox time, as in the embedded queue; the charge on account keeps several free slots from
all going to one tenant that has used nothing yet.

From the start on, a job is exactly what it was with a single stream: pending to its worker in
the group, re-claimed every second (app/claims.py), taken over with XAUTOCLAIM if its worker
dies, answered and deleted by the one script that checks the holder, bounded by the delivery
count. A job entry found undelivered in the job stream (sent by a replica of an older version,
mid-upgrade) is taken first, as before. A replica checks that its job is still alive with
`WHERE`: in its tenant's stream, or started and still in the job stream; else it sends it again.

The guarantee: a tenant that has used the sandbox less than the others goes first. A newcomer
(usage 0) waits at most for the gradings running, plus one start for each tenant with work that
has never been served (usage 0 too, and an older ticket): five addresses flooding cannot push
another learner's job behind more than their one turn each. Scripts name the per-tenant keys
they touch from the prefix (one Redis, not a cluster).
"""

from __future__ import annotations

from dataclasses import dataclass

from redis.asyncio import Redis

from app.messages import Job, encode
from app.transport import GROUP, Keys, entries
from graders.host.fair import HALF_LIFE_SECONDS

START_CHARGE_SECONDS = 1.0  # charged when a job starts, settled when it ends
USAGE_HALF_LIVES = 20  # a tenant's usage is kept this many half-lives after it last changed
BELLS_KEPT = 1000  # wake-ups waiting for an idle worker; past this, the 1 s poll still finds work
STARTS_KEPT = 1000  # starts kept in the log (about)

# Shared by the scripts: the tenant's decayed usage at `now`.
_USED = """
local function used(key, now, half)
  local raw = redis.call('GET', key)
  if not raw then
    return 0
  end
  local seconds, at = string.match(raw, '^(%S+) (%S+)$')
  if not seconds then
    return 0
  end
  return tonumber(seconds) * 2 ^ (-(now - tonumber(at)) / half)
end
local function clock()
  local time = redis.call('TIME')
  return tonumber(time[1]) + tonumber(time[2]) / 1e6
end
"""
# KEYS: the tenant's waiting stream, tenants, tickets, bell. ARGV: tenant, job id, body, bells
# kept, the replica's started hash. Returns the waiting entry.
_ENQUEUE = """
local ticket = redis.call('INCR', KEYS[3])
local entry = redis.call('XADD', KEYS[1], '*', 'body', ARGV[3], 'job', ARGV[2], 'ticket', ticket,
  'started', ARGV[5])
redis.call('ZADD', KEYS[2], 'NX', ticket, ARGV[1])
redis.call('LPUSH', KEYS[4], ticket)
redis.call('LTRIM', KEYS[4], 0, tonumber(ARGV[4]) - 1)
return entry
"""
# KEYS: jobs, tenants, starts, bell. ARGV: group, consumer, prefix, half-life, start charge,
# usage ttl, starts kept. Returns nil, or {tenant ('' for an entry found undelivered), entry
# in the job stream, waiting entry (when it was sent), fields...}.
_TAKE = """
local read = redis.call('XREADGROUP', 'GROUP', ARGV[1], ARGV[2], 'COUNT', 1, 'STREAMS', KEYS[1], '>')
if read then
  local found = read[1][2][1]
  return {'', found[1], found[1], found[2]}
end
local now, half, prefix = clock(), tonumber(ARGV[4]), ARGV[3]
while true do
  local listed = redis.call('ZRANGE', KEYS[2], 0, -1, 'WITHSCORES')
  if #listed == 0 then
    return nil
  end
  local best, best_used, best_ticket
  for i = 1, #listed, 2 do
    local usage, ticket = used(prefix .. ':usage:' .. listed[i], now, half), tonumber(listed[i + 1])
    if best == nil or usage < best_used or (usage == best_used and ticket < best_ticket) then
      best, best_used, best_ticket = listed[i], usage, ticket
    end
  end
  local waiting = prefix .. ':waiting:' .. best
  local head = redis.call('XRANGE', waiting, '-', '+', 'COUNT', 2)
  if #head == 0 then
    redis.call('ZREM', KEYS[2], best)  -- listed with nothing waiting (its stream was lost)
  else
    local queued, fields = head[1][1], {}
    for i = 1, #head[1][2], 2 do
      fields[head[1][2][i]] = head[1][2][i + 1]
    end
    local entry = redis.call('XADD', KEYS[1], '*', 'body', fields.body)
    redis.call('XREADGROUP', 'GROUP', ARGV[1], ARGV[2], 'COUNT', 1, 'STREAMS', KEYS[1], '>')
    redis.call('XDEL', waiting, queued)
    redis.call('LPOP', KEYS[4])  -- its wake-up: an idle worker is not woken for it any more
    if #head > 1 then
      local following = {}
      for i = 1, #head[2][2], 2 do
        following[head[2][2][i]] = head[2][2][i + 1]
      end
      redis.call('ZADD', KEYS[2], 'XX', tonumber(following.ticket) or best_ticket, best)
    else
      redis.call('ZREM', KEYS[2], best)
      redis.call('DEL', waiting)
    end
    if fields.started then
      redis.call('HSET', fields.started, fields.job, entry)
    end
    local account = string.format('%.17g %.17g', best_used + tonumber(ARGV[5]), now)
    redis.call('SET', prefix .. ':usage:' .. best, account, 'EX', ARGV[6])
    redis.call('XADD', KEYS[3], 'MAXLEN', '~', ARGV[7], '*', 'tenant', best, 'job', fields.job,
      'queued', queued, 'ticket', fields.ticket, 'used', string.format('%.6f', best_used),
      'tenants', #listed / 2)
    return {best, entry, queued, {'body', fields.body}}
  end
end
"""
# KEYS: the tenant's usage. ARGV: seconds to add (less than 0: a refund), half-life, ttl.
_SETTLE = """
local now = clock()
local usage = math.max(0, used(KEYS[1], now, tonumber(ARGV[2])) + tonumber(ARGV[1]))
redis.call('SET', KEYS[1], string.format('%.17g %.17g', usage, now), 'EX', ARGV[3])
"""
# KEYS: the tenant's waiting stream, the replica's started hash, jobs. ARGV: the waiting entry,
# the job.
_WHERE = """
if #redis.call('XRANGE', KEYS[1], ARGV[1], ARGV[1]) > 0 then
  return 1
end
local entry = redis.call('HGET', KEYS[2], ARGV[2])
if entry and #redis.call('XRANGE', KEYS[3], entry, entry) > 0 then
  return 1
end
return 0
"""


@dataclass(frozen=True)
class Queued:
    """Where a sent job waits: its tenant's stream, that entry, the job's id, and the hash that
    will say where it is once it started (its replica's)."""

    tenant: str
    entry: str
    job: str
    started: str


@dataclass(frozen=True)
class Start:
    """A job a worker took: its entry in the job stream and its fields; `queued`, the entry it
    waited as (its id says when it was sent); `charged`, the seconds it was charged on account
    (0 for an entry found undelivered in the job stream)."""

    entry: str
    fields: dict[str, str]
    queued: str
    tenant: str
    charged: float


class FairJobs:
    """The scripts above, on one client: `send` (a replica), `take`, `wait`, `settle` (a worker)."""

    def __init__(self, redis: Redis, keys: Keys) -> None:
        self.redis, self.keys = redis, keys
        self._enqueue = redis.register_script(_ENQUEUE)
        self._take = redis.register_script(_USED + _TAKE)
        self._settle = redis.register_script(_USED + _SETTLE)
        self._where = redis.register_script(_WHERE)

    async def send(self, job: Job, started: str) -> Queued:
        """Queue `job` behind its tenant's earlier ones and ring for an idle worker; once it
        starts, the hash `started` (the sender's) says where it is."""
        keys = [self.keys.waiting(job.tenant), self.keys.tenants, self.keys.tickets]
        body = encode(job)["body"]
        args: list[str | int | float] = [job.tenant, job.job, body, BELLS_KEPT, started]
        entry = await self._enqueue(keys=[*keys, self.keys.bell], args=args)
        return Queued(job.tenant, str(entry), job.job, started)

    async def alive(self, queued: Queued) -> bool:
        """Whether the job still waits, or has started and is still in the job stream (graded,
        or held by a worker that may have died: a live worker takes it over)."""
        keys = [self.keys.waiting(queued.tenant), queued.started, self.keys.jobs]
        return bool(await self._where(keys=keys, args=[queued.entry, queued.job]))

    async def forget(self, queued: Queued) -> None:
        """The sender has stopped waiting for this job: where it started is no longer kept."""
        await self.redis.hdel(queued.started, queued.job)

    async def take(self, consumer: str) -> Start | None:
        """The next job for `consumer`: an undelivered entry of the job stream, else the oldest
        job of the least-served tenant; None if nothing waits. Raises NOGROUP (ResponseError)
        when the group is gone, before anything moved."""
        args: list[str | int | float] = [GROUP, consumer, self.keys.prefix, HALF_LIFE_SECONDS]
        args.append(START_CHARGE_SECONDS)
        args += [int(HALF_LIFE_SECONDS * USAGE_HALF_LIVES), STARTS_KEPT]
        keys = [self.keys.jobs, self.keys.tenants, self.keys.starts, self.keys.bell]
        found = await self._take(keys=keys, args=args)
        if not found:
            return None
        tenant, entry, queued, flat = found
        fields = dict(zip(flat[::2], flat[1::2], strict=True))
        charged = START_CHARGE_SECONDS if tenant else 0.0
        return Start(str(entry), fields, str(queued), str(tenant), charged)

    async def wait(self, seconds: float) -> None:
        """Until a job is sent (or `seconds` pass): an idle worker's wait."""
        await self.redis.blpop([self.keys.bell], timeout=seconds)

    async def settle(self, tenant: str, seconds: float) -> None:
        """Add `seconds` (less than 0: give back) to the tenant's decayed usage."""
        ttl = int(HALF_LIFE_SECONDS * USAGE_HALF_LIVES)
        await self._settle(keys=[self.keys.usage(tenant)], args=[seconds, HALF_LIFE_SECONDS, ttl])

    async def starts(self, count: int = STARTS_KEPT) -> list[dict[str, str]]:
        """The latest starts, oldest first (what the tests and an operator read)."""
        found = await self.redis.xrevrange(self.keys.starts, count=count)
        return [fields for _, fields in reversed(entries([[self.keys.starts, found]]))]
