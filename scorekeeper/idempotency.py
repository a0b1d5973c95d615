"""Once per key: a retried write (a resent API request, a double tap on a form) counts once.

The key, a fingerprint of the request and the answer (status, body, and the headers a
client needs again: Location, ETag) are stored in the transaction that writes, so
either both land or neither does (docs/reliability.md 7-10). A key is kept for
settings.IDEMPOTENCY_KEY_TTL (24 hours unless the environment says otherwise): a request
with an expired key is a new request, and `sweep_expired` (the task worker's sweep,
`manage.py sweepidempotencykeys`) deletes expired keys.

A retry runs the write again inside that transaction, access check first: a caller the
policy now refuses gets the refusal, not the stored answer. Otherwise it fails (the round
is taken, the re-buy made; also when it overtook the first request and waited for the
game's lock) or meets the unique key; either way it rolls back and answers as the first
one did, or 422 when the key came with another request.

One implementation for the REST API (the Idempotency-Key header, docs/api.md
"Idempotency") and the pages (a key the server puts into each form).
"""

import hashlib
import json
from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from ledger import statements

from .models import IdempotencyKey
from .rules import RulesError
from .services.errors import AccessDenied

MAX_KEY = 255
_KEY_INSERT = statements.Insert(IdempotencyKey, "user", "key", "fingerprint", "response_status",
                                "response_body", "response_headers")


class KeyReused(RulesError):
    """The key came before with another request."""

    code = "idempotency_key_reused"
    status = 422


@dataclass(frozen=True)
class Answer:
    """What a write answered: given again to a retry with the same key."""

    status: int
    body: Any
    headers: dict[str, str] = field(default_factory=dict)


def fingerprint(*parts: str) -> str:
    """What tells one request from another under the same key (sha256 hex)."""
    return hashlib.sha256("\n".join(parts).encode()).hexdigest()


def body_fingerprint(method: str, path: str, body) -> str:
    """The fingerprint of a JSON request: method, path and the body (keys sorted)."""
    return fingerprint(f"{method} {path}", json.dumps(body, sort_keys=True, default=str))


def once[P, T](
    *, user, key: str, fingerprint: str, write: Callable[..., T],
    answer: Callable[[T], Answer], prepare: Callable[[], P] | None = None,
) -> tuple[T | None, Answer | None]:
    """Run `write()` once per (user, key): (its result, None), or (None, the first answer).

    `key` as the client sent it (MAX_KEY characters at most; the spaces around it do not
    count). `answer(result)` gives what to store for a retry. Without a key the write
    simply runs. KeyReused when the key came with another request. The answer's body is
    stored as JSON, encoded once, as DRF encodes an answer (IdempotencyKey.response_body).

    `prepare()`, when given, runs first and outside the key's transaction (it reads and
    asks, it writes nothing: a round worked out before the lock, docs/reliability.md);
    `write` then takes what it gave. What `prepare` refuses is answered as a refused write
    is: with the first answer when the key was stored before.
    """
    if len(key) > MAX_KEY:
        raise RulesError(f"Idempotency-Key has at most {MAX_KEY} characters",
                         field="Idempotency-Key", code="invalid")
    key = key.strip()
    if not key:
        return (write(prepare()) if prepare else write()), None
    # No look-up first: a retry is rare, and when it comes the write fails (the round is
    # taken) or its key meets the first one's, and is rolled back either way.
    try:
        prepared = prepare() if prepare else None
        with transaction.atomic():
            result = write(prepared) if prepare else write()
            first = answer(result)
            # Its INSERT made without Model.save()'s machinery: a round POST holds the write
            # lock here.
            _KEY_INSERT.rows([{
                "user": user, "key": key, "fingerprint": fingerprint,
                "response_status": first.status, "response_body": first.body,
                "response_headers": first.headers,
            }])[0].run()
            return result, None
    except AccessDenied:
        # A retry asks the access policy again, like any request: a member removed since
        # must not get the first answer (a webhook's secret, say) back.
        raise
    except Exception:
        # Whatever stopped the write (the unique key, a round already taken, a club made
        # already), a stored key means that this is a retry.
        stored = _stored(user, key)
        if stored is None:
            raise
        if _expired(stored):
            # Kept past its time and not swept yet: the request is a new one.
            stored.delete()
            return once(user=user, key=key, fingerprint=fingerprint, write=write,
                        answer=answer, prepare=prepare)
        return None, _replay(stored, fingerprint)


def sweep_expired() -> int:
    """Delete the keys kept longer than settings.IDEMPOTENCY_KEY_TTL; how many."""
    deleted, _ = IdempotencyKey.objects.filter(
        created_at__lt=timezone.now() - settings.IDEMPOTENCY_KEY_TTL).delete()
    return deleted


def _expired(stored: IdempotencyKey) -> bool:
    return stored.created_at < timezone.now() - settings.IDEMPOTENCY_KEY_TTL


def _stored(user, key: str) -> IdempotencyKey | None:
    return IdempotencyKey.objects.filter(user=user, key=key).first()


def _replay(stored: IdempotencyKey, fingerprint: str) -> Answer:
    if stored.fingerprint != fingerprint:
        raise KeyReused("This Idempotency-Key was used for another request; use a new key "
                        "for a new request", field="Idempotency-Key")
    return Answer(stored.response_status, stored.response_body, stored.response_headers or {})
