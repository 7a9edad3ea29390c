"""Structured logs: one JSON object a line on stderr, each carrying the request it belongs to.

    {"time": "2026-05-09T07:35:25.118Z", "level": "INFO", "logger": "gradebox.access",
     "message": "POST /api/exercises/{slug}/submissions 201", "request_id": "3f2a9c0e5b7d4a61",
     "method": "POST", "path": "/api/exercises/{slug}/submissions", "status": 201, ...}

Fields passed with `extra=` become top-level keys; `request_id` comes from the `request_id`
context variable, which the HTTP edge middleware sets for the length of each request.
"""

from __future__ import annotations

import json
import logging
import sys
from contextvars import ContextVar
from datetime import UTC, datetime
from typing import Any

request_id: ContextVar[str | None] = ContextVar("request_id", default=None)

# Attributes every LogRecord has: anything else on a record came from `extra=`.
_RECORD = logging.LogRecord("", logging.INFO, "", 0, "", None, None)
# uvicorn's `color_message` is its message again, with terminal colour codes.
_STANDARD_ATTRIBUTES = frozenset(vars(_RECORD)) | {"message", "asctime", "color_message"}


class JsonFormatter(logging.Formatter):
    """A record as one line of JSON: time, level, logger, message, request_id, extras."""

    def format(self, record: logging.LogRecord) -> str:
        entry: dict[str, Any] = {
            "time": datetime.fromtimestamp(record.created, UTC).isoformat(timespec="milliseconds"),
            "level": record.levelname,
            "logger": record.name,
            "message": record.getMessage(),
        }
        current = request_id.get()
        if current is not None:
            entry["request_id"] = current
        for key, value in vars(record).items():
            if key not in _STANDARD_ATTRIBUTES and not key.startswith("_"):
                entry[key] = value
        if record.exc_info:
            entry["exception"] = self.formatException(record.exc_info)
        if record.stack_info:
            entry["stack"] = self.formatStack(record.stack_info)
        # default=str: an extra that JSON cannot hold is logged as its text, never lost.
        return json.dumps(entry, default=str, ensure_ascii=False)


def configure_logging(level: int | str = logging.INFO) -> None:
    """Send every logger's records (uvicorn's too) to stderr as JSON lines."""
    handler = logging.StreamHandler(sys.stderr)
    handler.setFormatter(JsonFormatter())
    root = logging.getLogger()
    root.handlers = [handler]
    root.setLevel(level)
    logging.captureWarnings(True)  # a library's warning is a JSON line too, not raw text
    for name in ("uvicorn", "uvicorn.error", "uvicorn.access", "uvicorn.asgi"):
        named = logging.getLogger(name)
        named.handlers = []  # uvicorn's own text handlers, if it set them up already
        named.propagate = True
