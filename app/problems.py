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

Every problem names what it says by a stable `code` (an extension member, beside `type`,
`title`, `status` and `detail`): a client branches on the code, never on the wording of
`detail`. The codes are catalogued in CODES below (what docs/api-errors.md documents);
tests/api/test_problem_codes.py checks that every problem app/ makes names a catalogued one.
"""

from __future__ import annotations

import logging
from http import HTTPStatus
from typing import Any

from fastapi import FastAPI, Request
from fastapi.exceptions import RequestValidationError
from fastapi.responses import JSONResponse
from starlette.exceptions import HTTPException as StarletteHTTPException
from starlette.routing import Match, Mount

log = logging.getLogger("gradebox.api")
PROBLEM_JSON = "application/problem+json"


# Every problem's stable code, with what it means. HTTP errors the framework raises itself (a
# method not allowed, ...) take the slug of their status phrase (`method-not-allowed`).
CODES: dict[str, str] = {
    # 400, 408, 413, 431: the edge, before the app (app.edge, app.protocol)
    "host-not-allowed": "400: the Host header is not one of ALLOWED_HOSTS (`setting` names it)",
    "not-http": "400: the request is not valid HTTP/1.1",
    "head-too-slow": "408: the request line and headers did not arrive in time",
    "body-too-slow": "408: the request body paused for too long",
    "body-too-large": "413: the request body is over max_body_bytes",
    "head-too-large": "431: the request line and headers are over max_header_bytes",
    # 401, 403
    "invalid-token": "401: the bearer token is not one of ours",
    "cross-site": "403: a cookie-authenticated request from another origin",
    "editorial-locked": "403: the editorial before the exercise is passed",
    # 404
    "no-route": "404: nothing at this path",
    "unknown-exercise": "404: no exercise has this slug",
    "unknown-submission": "404: no submission of yours has this id",
    "no-editorial": "404: the exercise has no editorial",
    "unknown-image": "404: the exercise has no image of this name",
    # 409
    "hints-all-revealed": "409: every hint of the exercise is already revealed",
    "no-scratch": "409: the exercise takes no calls of the learner's own",
    # 413
    "code-too-large": "413: the code is over the exercise's limits.code_bytes",
    # 422
    "invalid-json": "422: the body is not valid JSON",
    "invalid-request": "422: the body or a parameter has the wrong shape (`errors` lists where)",
    "unreadable-body": "422: the body could not be read",
    "not-utf-8": "422: the code is not valid UTF-8 text",
    "nul-byte": "422: the code or the call contains a NUL byte",
    "invalid-idempotency-key": "422: the Idempotency-Key is not 1 to 255 printable ASCII characters",
    "idempotency-key-reused": "422: the Idempotency-Key was used for another submission",
    # 429 (Retry-After)
    "rate-limited": "429: over the learner's submissions (or scratch runs) a minute",
    "address-rate-limited": "429: over the address's submissions (or scratch runs) a minute",
    "new-learners-limited": "429: over the new learners a minute from one address",
    "address-connections": "429: too many open connections from one address",
    "learner-share": "429: this learner already has its share of the queue",
    "address-share": "429: this address already has its share of the queue",
    # 500
    "our-fault": "500: an error of ours, logged",
    # 503 (Retry-After)
    "too-many-connections": "503: the server has too many open connections",
    "queue-full": "503: the grading queue is full",
    "queue-down": "503: the grading queue (Redis) is not answering",
    "overloaded": "503: the graders are overloaded (waiting for a CPU)",
    "sandbox-refusing": "503: the sandbox refuses to run code on this host",
    "database-down": "503: the database is not answering",
    "try-again": "503: a concurrent retry with the same Idempotency-Key is being stored",
}


class Problem(Exception):
    status = 500

    def __init__(
        self, detail: str, *, code: str, retry_after: int | None = None, **extra: Any
    ) -> None:
        super().__init__(detail)
        if code not in CODES:
            raise ValueError(f"problem code {code!r} is not in app.problems.CODES")
        self.detail, self.code, self.retry_after, self.extra = detail, code, retry_after, extra


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


def phrase_code(status: int) -> str:
    """The code of an HTTP error the framework raises itself: its phrase's slug."""
    return HTTPStatus(status).phrase.lower().replace(" ", "-")


def problem_response(
    status: int, detail: str, retry_after: int | None = None, *, code: str, **extra: Any
) -> JSONResponse:
    phrase = HTTPStatus(status).phrase
    body = {
        "type": f"https://gradebox.dev/problems/{phrase_code(status)}",
        "title": phrase,
        "status": status,
        "detail": detail,
        "code": code,
        **extra,
    }
    headers = {"Retry-After": str(retry_after)} if retry_after is not None else None
    return JSONResponse(body, status_code=status, media_type=PROBLEM_JSON, headers=headers)


# The methods a 405's `Allow` may name (RFC 9110 15.5.6), in this order.
METHODS = ("GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS")


def allowed_methods(request: Request) -> list[str]:
    """The methods some route takes at this request's path: a 405's `Allow`.

    Starlette's own 405 names only the first route that matched the path, and one path may have
    a route per method (GET and POST on .../submissions): every route is asked. A mount serves
    static files, which take GET and HEAD.
    """
    allowed: set[str] = set()
    # Inside a mount the scope's root_path has grown by the mount's path: match from the top.
    root_path = request.scope.get("app_root_path", request.scope.get("root_path", ""))
    for method in METHODS:
        scope = {**request.scope, "method": method, "root_path": root_path}
        for route in request.app.router.routes:
            if route.matches(scope)[0] is Match.FULL:
                allowed |= {"GET", "HEAD"} if isinstance(route, Mount) else {method}
                break
    return [method for method in METHODS if method in allowed]


def install(app: FastAPI) -> None:
    @app.exception_handler(Problem)
    async def _problem(request: Request, error: Problem) -> JSONResponse:
        return problem_response(
            error.status, error.detail, error.retry_after, code=error.code, **error.extra
        )

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
            detail = f"The body is not valid JSON: {reason}."
            return problem_response(422, detail, code="invalid-json", errors=errors)
        first = errors[0] if errors else {"location": [], "message": "invalid request"}
        where = ".".join(first["location"][1:]) or "body"
        detail = f"{where}: {first['message']}"
        return problem_response(422, detail, code="invalid-request", errors=errors)

    @app.exception_handler(StarletteHTTPException)
    async def _http(request: Request, error: StarletteHTTPException) -> JSONResponse:
        detail = (
            error.detail if isinstance(error.detail, str) else HTTPStatus(error.status_code).phrase
        )
        code = phrase_code(error.status_code)
        if error.status_code == 404 and detail == "Not Found":
            detail, code = f"There is nothing at {request.url.path}.", "no-route"
        if error.status_code == 400 and "parsing the body" in detail:
            detail = "The body could not be read: send UTF-8 JSON."
            return problem_response(422, detail, code="unreadable-body")
        response = problem_response(error.status_code, detail, code=code)
        if error.status_code == 405:
            response.headers["Allow"] = ", ".join(allowed_methods(request))
        return response

    @app.exception_handler(Exception)
    async def _unexpected(request: Request, error: Exception) -> JSONResponse:
        log.exception("unexpected error on %s %s", request.method, request.url.path)
        detail = "Something went wrong on our side. It has been logged."
        return problem_response(500, detail, code="our-fault")
