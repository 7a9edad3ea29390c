"""Errors a client can cause or meet, mapped to RFC 9457 problem+json in one place.

Problem                    the base: status, title, detail
├── NotFound               404  unknown exercise, submission, or route
├── Unauthorized           401  a bearer token that is not ours
├── Forbidden              403  e.g. an editorial asked for before the exercise is passed
├── PayloadTooLarge        413  code over the size limit, or an oversized body
├── Invalid                422  not UTF-8, NUL bytes, wrong JSON shape
├── Conflict               409  e.g. every hint is already revealed
├── RateLimited            429  + Retry-After: too many submissions from one learner
└── Unavailable            503  + Retry-After: the grading queue is full, or the sandbox refuses
"""

from __future__ import annotations

import logging
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException

log = logging.getLogger("gradebox.api")
PROBLEM_JSON = "application/problem+json"


class Problem(Exception):
    status = 500

    def __init__(self, detail: str, retry_after: int | None = None, **extra: Any) -> None:
        super().__init__(detail)
        self.detail, self.retry_after, self.extra = detail, retry_after, extra


class NotFound(Problem):
    status = 404


class Unauthorized(Problem):
    status = 401


class Forbidden(Problem):
    status = 403


class PayloadTooLarge(Problem):
    status = 413


class Invalid(Problem):
    status = 422


class Conflict(Problem):
    status = 409


class RateLimited(Problem):
    status = 429


class Unavailable(Problem):
    status = 503


_DESCRIPTIONS = {
    401: "The bearer token is not valid",
    403: "Not allowed (yet)",
    404: "Not found",
    409: "Conflict with the current state",
    413: "Too large",
    422: "Not UTF-8, NUL bytes, or the wrong JSON shape",
    429: "Too many requests: see Retry-After",
    500: "Our fault; logged",
    503: "Unavailable right now: see Retry-After",
}


# Every route that names the learner may answer these: a new identity over the per-address rate
# (429), the database not answering (503).
LEARNER_STATUSES = (401, 429, 503)
_DESCRIPTIONS_FOR_LEARNER_ROUTES = {
    "s429": "Too many requests, or too many new learners from this address: see Retry-After",
    "s503": "The database (or the sandbox) is not answering right now: see Retry-After",
}


def for_learner(*statuses: int, **descriptions: str) -> dict[int | str, dict[str, Any]]:
    """`documented` for a route that names the learner: its own statuses and those it can meet."""
    merged = {**_DESCRIPTIONS_FOR_LEARNER_ROUTES, **descriptions}
    return documented(*sorted({*LEARNER_STATUSES, *statuses}), **merged)


def documented(*statuses: int, **descriptions: str) -> dict[int | str, dict[str, Any]]:
    """OpenAPI entries for problem+json responses (the body is `ProblemOut`)."""
    from app.schemas import ProblemOut

    schema = {"$ref": "#/components/schemas/ProblemOut"}
    return {
        status: {
            "model": ProblemOut,
            "description": descriptions.get(f"s{status}", _DESCRIPTIONS[status]),
            "content": {PROBLEM_JSON: {"schema": schema}},
        }
        for status in statuses
    }


def problem_response(
    status: int, detail: str, retry_after: int | None = None, **extra: Any
) -> JSONResponse:
    phrase = HTTPStatus(status).phrase
    body = {
        "type": f"https://gradebox.dev/problems/{phrase.lower().replace(' ', '-')}",
        "title": phrase,
        "status": status,
        "detail": detail,
        **extra,
    }
    headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
    return JSONResponse(body, status_code=status, media_type=PROBLEM_JSON, headers=headers)


def install(app: FastAPI) -> None:
    @app.exception_handler(Problem)
    async def _problem(request: Request, error: Problem) -> JSONResponse:
        return problem_response(error.status, error.detail, error.retry_after, **error.extra)

    @app.exception_handler(RequestValidationError)
    async def _invalid(request: Request, error: RequestValidationError) -> JSONResponse:
        errors = [
            {
                "location": [str(part) for part in item.get("loc", ())],
                "message": str(item.get("msg", "")),
            }
            for item in error.errors()
        ]
        raw = error.errors()
        if raw and raw[0].get("type") == "json_invalid":
            reason = (raw[0].get("ctx") or {}).get("error", "invalid JSON")
            return problem_response(422, f"The body is not valid JSON: {reason}.", errors=errors)
        first = errors[0] if errors else {"location": [], "message": "invalid request"}
        where = ".".join(first["location"][1:]) or "body"
        detail = f"{where}: {first['message']}"
        return problem_response(422, detail, errors=errors)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> JSONResponse:
        detail = (
            error.detail if isinstance(error.detail, str) else HTTPStatus(error.status_code).phrase
        )
        if error.status_code == 404 and detail == "Not Found":
            detail = f"There is nothing at {request.url.path}."
        if error.status_code == 400 and "parsing the body" in detail:
            return problem_response(422, "The body could not be read: send UTF-8 JSON.")
        return problem_response(error.status_code, detail)

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        return problem_response(500, "Something went wrong on our side. It has been logged.")
