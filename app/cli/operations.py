"""The operator's commands: serve, worker, migrate, doctor."""

from __future__ import annotations

import argparse
import logging
from typing import TYPE_CHECKING, Any

from app.cli.common import EXIT_NOT_PASSED, EXIT_PASSED, read_settings, with_sandbox

if TYPE_CHECKING:
    from app.settings import Settings
    from graders.host.pool import SandboxPool


def serve(args: argparse.Namespace) -> int:
    """Serve with JSON logs, on the bounded h11 protocol (app/protocol.py, which says why h11),
    with enough file descriptors for `max_connections`, answering only the allowed Hosts."""
    import resource
    from functools import partial

    import uvicorn

    from app.logs import configure_logging
    from app.main import create_app
    from app.memory import return_large_blocks
    from app.protocol import protocol_for
    from app.settings import host_names, is_wildcard

    configure_logging()
    return_large_blocks()  # large arrays freed go back to the kernel (app/memory.py)
    settings = read_settings()
    settings.require_shared_secret()
    _prepare_database(settings, settings.signing_key())  # a refusal: one line, before listening
    if is_wildcard(args.host) and not settings.allowed_hosts:
        allowed = sorted(host_names(""))
        logging.getLogger("gradebox").warning(
            "listening on every interface (%s) with GRADEBOX_ALLOWED_HOSTS unset: only requests "
            "for %s are answered, any other Host gets 400; set it to the names clients use",
            args.host,
            ", ".join(allowed),
            extra={"allowed_hosts": allowed},
        )
    # Each connection is a descriptor; the zygotes' pipes, the database and the log need some
    # more (a few per zygote; 256 is plenty of margin).
    wanted = settings.max_connections + 8 * settings.pool_size + 256
    soft, hard = resource.getrlimit(resource.RLIMIT_NOFILE)
    if soft != resource.RLIM_INFINITY and soft < wanted:
        raised = wanted if hard == resource.RLIM_INFINITY else min(wanted, hard)
        resource.setrlimit(resource.RLIMIT_NOFILE, (raised, hard))
        if raised < wanted:
            logging.getLogger("gradebox").warning(
                "open files are limited to %d: max_connections=%d may not fit",
                raised,
                settings.max_connections,
                extra={"rlimit_nofile": raised, "wanted": wanted},
            )
    uvicorn.run(
        partial(create_app, bind_host=args.host),
        factory=True,
        host=args.host,
        port=args.port,
        http=protocol_for(settings),
        ws="none",  # no route speaks WebSocket; an upgrade would leave the protocol's limits
        timeout_keep_alive=settings.keep_alive_seconds,
        # uvicorn would believe X-Forwarded-* from 127.0.0.1 and rewrite the client's address:
        # app.edge.client_address reads them, from the `trusted_proxies` setting only.
        proxy_headers=False,
        log_config=None,  # configure_logging above: JSON lines on stderr
        log_level="info",
        access_log=False,  # the edge middleware writes one line per request, with its id
        server_header=False,
    )
    return EXIT_PASSED


def worker(args: argparse.Namespace) -> int:
    """Grade what the API replicas send over Redis, until SIGTERM."""
    import asyncio
    import signal

    from app.logs import configure_logging
    from app.memory import return_large_blocks
    from app.worker import Worker

    configure_logging()
    return_large_blocks()  # large arrays freed go back to the kernel (app/memory.py)
    logging.getLogger("gradebox.sandbox").setLevel(logging.INFO)
    settings = read_settings()
    if not settings.redis_url:
        logging.getLogger("gradebox.worker").error("gradebox worker needs GRADEBOX_REDIS_URL")
        return 2
    running = Worker(settings, args.name)

    async def main() -> None:  # SIGTERM or SIGINT: finish the gradings it holds, then stop
        loop = asyncio.get_running_loop()
        for signum in (signal.SIGTERM, signal.SIGINT):
            loop.add_signal_handler(signum, running.stop)
        await running.run()

    asyncio.run(main())
    return 0


def migrate(args: argparse.Namespace) -> int:
    """Run the schema migrations (a server also runs them at start-up, one at a time); with
    `--replace-secret`, record this secret as the one the database's servers sign with."""
    settings = read_settings()
    secret = settings.signing_key() if args.replace_secret else None
    _prepare_database(settings, secret, replace_secret=args.replace_secret)
    print("database schema up to date")
    if args.replace_secret:
        print("signing secret recorded: servers on this database must now use this one")
    return EXIT_PASSED


def _prepare_database(settings: Settings, secret: str | None, replace_secret: bool = False) -> None:
    """`app.preflight.prepare_database`, a refusal ending the command with its one line."""
    from app.db import make_engine
    from app.preflight import StartRefused, prepare_database

    engine = make_engine(settings.sqlalchemy_url, settings.database_timeout_seconds)
    try:
        prepare_database(engine, secret, replace_secret)
    except StartRefused as refusal:
        raise SystemExit(f"gradebox: {refusal}") from None
    finally:
        engine.dispose()


def doctor(args: argparse.Namespace) -> int:
    """Start a sandbox, show each layer of its self-test and each attack it contained."""
    from graders.host.errors import SandboxUnavailable

    async def work(pool: SandboxPool) -> dict[str, Any]:
        return pool.state()

    try:
        state = with_sandbox(read_settings(), work)
    except SandboxUnavailable as error:
        print(f"sandbox unavailable: {error}")
        return EXIT_NOT_PASSED
    selftest = state["selftest"]
    for layer, applied in selftest["layers"].items():
        print(f"  {'ok  ' if applied else 'MISSING'} {layer:12} {selftest['notes'].get(layer, '')}")
    for attack, contained in selftest["contained"].items():
        print(
            f"  {'ok  ' if contained else 'ESCAPED'} {attack:20} {selftest['errors'].get(attack, '')}"
        )
    ready = state["grading"]
    print("sandbox ready" if ready else f"sandbox refuses to grade: {state['refusal']}")
    return EXIT_PASSED if ready else EXIT_NOT_PASSED
