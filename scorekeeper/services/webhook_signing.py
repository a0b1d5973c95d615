"""A webhook's secrets and the signature every attempt carries (docs/api.md, "Checking the
signature" and "Rotating the secret").

A rotation makes a new secret; the one before keeps signing beside it for the overlap
(settings.WEBHOOK_SECRET_OVERLAP_HOURS), so that a receiver still holding the old secret
verifies every request until it has switched. During the overlap the header carries one
`v1` per secret, the newest first, as Stripe's does. Only one earlier secret is kept: a
second rotation ends the first one's overlap at once (how a leaked secret is retired).
"""

import hashlib
import hmac
import secrets
from datetime import datetime, timedelta

from django.conf import settings
from django.db import transaction
from django.utils import timezone

from ..models import Webhook
from .errors import NotFound

SIGNATURE_HEADER = "Scorekeeper-Signature"


def new_secret() -> str:
    return secrets.token_urlsafe(32)


def overlap() -> timedelta:
    """How long the secret before a rotation still signs (never less than nothing)."""
    return timedelta(hours=max(getattr(settings, "WEBHOOK_SECRET_OVERLAP_HOURS", 24), 0))


def rotate_secret(*, club_id: int, webhook_id: int) -> Webhook:
    """The club's webhook with a new secret; the one it replaces signs beside it for the
    overlap, and an earlier one no more."""
    with transaction.atomic():
        webhook = (Webhook.objects.select_for_update()
                   .filter(club_id=club_id, pk=webhook_id).first())
        if webhook is None:
            raise NotFound("No such webhook")
        webhook.previous_secret = webhook.secret
        webhook.previous_secret_expires_at = timezone.now() + overlap()
        webhook.secret = new_secret()
        webhook.save(update_fields=["secret", "previous_secret", "previous_secret_expires_at"])
    return webhook


def previous_until(webhook: Webhook) -> datetime | None:
    """When the secret before the last rotation stops signing; None once it has."""
    until = webhook.previous_secret_expires_at
    if not webhook.previous_secret or until is None or until <= timezone.now():
        return None
    return until


def signing_secrets(webhook: Webhook) -> list[str]:
    """The secrets an attempt made now is signed with, newest first."""
    return [webhook.secret, *([webhook.previous_secret] if previous_until(webhook) else [])]


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """HMAC-SHA256 of "<timestamp>.<body>" with the secret, in hex."""
    return hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()


def signature_header(webhook: Webhook, timestamp: int, body: bytes) -> str:
    """`t=<timestamp>,v1=<hex>`, with one more `v1` while an earlier secret still signs
    (`timestamp`: now, as the attempt is made)."""
    signed = ",".join(f"v1={signature(secret, timestamp, body)}"
                      for secret in signing_secrets(webhook))
    return f"t={timestamp},{signed}"
