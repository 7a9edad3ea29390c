"""Anonymous learners: a random id, signed, in an HttpOnly cookie or a bearer token.

A forged or tampered bearer token is refused (401). A tampered cookie is never trusted: the
browser is given a fresh identity instead, as if it had none.
"""

from __future__ import annotations

import secrets

from itsdangerous import BadSignature, URLSafeSerializer

COOKIE_NAME = "gradebox_learner"
COOKIE_MAX_AGE = 400 * 24 * 3600  # the longest browsers keep a cookie


class Identities:
    def __init__(self, secret: str) -> None:
        self._serializer = URLSafeSerializer(secret, salt="gradebox.learner")

    def new(self) -> tuple[str, str]:
        """A fresh learner id and its signed token."""
        learner_id = secrets.token_urlsafe(16)
        return learner_id, self.sign(learner_id)

    def sign(self, learner_id: str) -> str:
        return str(self._serializer.dumps(learner_id))

    def verify(self, token: str) -> str | None:
        """The learner id inside a genuine token, else None."""
        try:
            value = self._serializer.loads(token)
        except BadSignature:
            return None
        return value if isinstance(value, str) and 0 < len(value) <= 64 else None
