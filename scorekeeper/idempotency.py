"""Once per key: a retried write (a resent API request, a double tap on a form) counts once.

The key, a fingerprint of the request and the answer are stored in the transaction
that writes, so either both land or neither does (docs/reliability.md 7-10). A retry
runs the write again inside that transaction: it fails (the round is taken, the re-buy
made; also when it overtook the first request and waited for the game's lock) or meets
the unique key; either way it rolls back and answers as the first one did.

One implementation for the REST API (the Idempotency-Key header) and the pages (a
key the server puts into each form).
"""

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from django.db import IntegrityError, transaction

from .models import IdempotencyKey
from .rules import RulesError

MAX_KEY = 255


class KeyReused(RulesError):
    """The key came before with another request."""

    code = "idempotency_key_reused"
    status = 422


@dataclass(frozen=True)
class Replay:
    """The answer first given to a key, to give again."""

    status: int
    body: Any


def fingerprint(*parts: str) -> str:
    """What tells one request from another under the same key (sha256 hex)."""
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def body_fingerprint(method: str, path: str, body) -> str:
    """The fingerprint of a JSON request: method, path and the body (keys sorted)."""
    return fingerprint(f"{method} {path}", json.dumps(body, sort_keys=True, default=str))


def once[T](
    *, user, key: str, fingerprint: str, write: Callable[[], T],
    answer: Callable[[T], tuple[int, Any]],
) -> tuple[T | None, Replay | None]:
    """Run `write()` once per (user, key): (its result, None), or (None, the first answer).

    `answer(result)` gives the status and JSON body to store for a retry. Without a
    key the write simply runs. KeyReused when the key came with another request.
    """
    if not key:
        return write(), None
    if len(key) > MAX_KEY:
        raise RulesError(f"Idempotency-Key has at most {MAX_KEY} characters",
                         field="Idempotency-Key", code="invalid")
    # No look-up first: a retry is rare, and when it comes the write fails (the round is
    # taken) or its key meets the first one's, and is rolled back either way.
    try:
        with transaction.atomic():
            result = write()
            status, body = answer(result)
            IdempotencyKey.objects.create(
                user=user, key=key, fingerprint=fingerprint, response_status=status,
                response_body=json.loads(json.dumps(body, default=str)),
            )
            return result, None
    except (IntegrityError, RulesError):
        stored = _stored(user, key)
        if stored is None:
            raise
        return None, _replay(stored, fingerprint)


def _stored(user, key: str) -> IdempotencyKey | None:
    return IdempotencyKey.objects.filter(user=user, key=key).first()


def _replay(stored: IdempotencyKey, fingerprint: str) -> Replay:
    if stored.fingerprint != fingerprint:
        raise KeyReused("This Idempotency-Key was used for another request; use a new key "
                        "for a new request", field="Idempotency-Key")
    return Replay(stored.response_status, stored.response_body)
