"""Sending a webhook's deliveries (docs/api.md, "Webhooks"): each attempt signed, kept,
and after a failure the next one scheduled with backoff; the worker's tasks run them
(scorekeeper/tasks.py). The outbox they send from: services/webhooks.py.

An attempt holds no transaction while it waits for the receiver: a delivery is claimed by
moving its next attempt a lease ahead, so the sweep and the deferred retry never send it at
the same moment. The claim also writes the attempt, "sending", before anything is sent: a
worker that dies mid-attempt leaves it so, and the sweep (`stopped_attempts`) records it as
stopped and schedules the delivery as after any failed attempt.

Targets (docs/api.md, "Webhooks"; docs/security.md): a club's organiser must not reach into
the server's own network. A target's host must resolve only to public addresses, checked
when it is registered and again at every attempt, and the attempt connects to the very
addresses it checked (no second lookup a rebinding name could answer differently), follows
no redirect and ends within TIMEOUT.
"""

import http.client
import json
import socket
import ssl
import threading
import time
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from http.client import HTTPException

from django.db import transaction
from django.utils import timezone

from ..models import WebhookAttempt, WebhookDelivery, WebhookEvent
from . import webhook_signing as signing
from .webhook_targets import Target, TargetRefused, resolved_target

# The wait after each failed attempt; after the last one the delivery is given up (failed).
BACKOFF = (timedelta(minutes=1), timedelta(minutes=5), timedelta(minutes=30),
           timedelta(hours=2), timedelta(hours=12))
MAX_ATTEMPTS = len(BACKOFF) + 1
TIMEOUT = 5  # seconds for the receiver to answer
# Far longer than any attempt can take (it is cut off after TIMEOUT): a claimed delivery is
# only due again, and an attempt still "sending" only swept as stopped, when its worker
# surely died.
LEASE = timedelta(minutes=2)
STALE_AFTER = LEASE
SENDING = "Sending: no answer yet"
WORKER_STOPPED = "The worker stopped during this attempt"
USER_AGENT = "Scorekeeper-Webhooks/1.0"


def envelope(event: WebhookEvent) -> dict:
    """The event as receivers get it: its id, type, time, club and data."""
    created = event.created_at.astimezone(UTC).isoformat().replace("+00:00", "Z")
    return {"id": event.pk, "type": event.kind, "created": created, "club": event.club_id,
            "data": event.payload}


def body_of(event: WebhookEvent) -> bytes:
    """What a delivery sends: the same bytes on every attempt of every webhook."""
    return json.dumps(envelope(event), separators=(",", ":"), ensure_ascii=False).encode()


def headers_for(delivery: WebhookDelivery, body: bytes, timestamp: int) -> dict[str, str]:
    return {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "Scorekeeper-Event": delivery.event.kind,
        "Scorekeeper-Delivery": str(delivery.pk),
        signing.SIGNATURE_HEADER: signing.signature_header(delivery.webhook, timestamp, body),
    }


@dataclass(frozen=True)
class Answer:
    """What one POST to a receiver came to."""

    status_code: int | None  # None: no HTTP answer at all
    error: str  # why it did not count as delivered; "" when it did
    duration_ms: int

    @property
    def delivered(self) -> bool:
        return not self.error


def attempt_due(delivery_id: int) -> datetime | None:
    """One scheduled attempt of the delivery, if it is due and nobody else has it: when the
    next attempt is due after a failure, else None (delivered, given up, not due, paused)."""
    now = timezone.now()
    with transaction.atomic():
        claimed = WebhookDelivery.objects.filter(
            pk=delivery_id, status=WebhookDelivery.Status.PENDING, next_attempt_at__lte=now,
            webhook__active=True,
        ).update(next_attempt_at=now + LEASE)
        if not claimed:
            return None
        attempt = _begin(delivery_id, at=now, replay=False)
    delivery = WebhookDelivery.objects.select_related("webhook", "event").get(pk=delivery_id)
    answer = _post(delivery)
    with transaction.atomic():
        if _locked(delivery_id) is None:
            return None  # the webhook was deleted meanwhile
        _finish(attempt, answer)
        if answer.delivered:
            status, next_at = WebhookDelivery.Status.DELIVERED, None
        else:
            status, next_at = _after_failure(delivery_id)
        # A replay that delivered it meanwhile stands.
        WebhookDelivery.objects.filter(pk=delivery_id).exclude(
            status=WebhookDelivery.Status.DELIVERED).update(status=status,
                                                           next_attempt_at=next_at)
    return next_at


def _after_failure(delivery_id: int) -> tuple[str, datetime | None]:
    """The delivery's status and next attempt after a failed scheduled attempt: the backoff
    of its count, or given up after the last (replays do not count)."""
    tries = WebhookAttempt.objects.filter(delivery_id=delivery_id, replay=False).count()
    if tries >= MAX_ATTEMPTS:
        return WebhookDelivery.Status.FAILED, None
    return WebhookDelivery.Status.PENDING, timezone.now() + BACKOFF[tries - 1]


def replay(delivery_id: int, user_id: int | None = None) -> WebhookAttempt | None:
    """Send the delivery once more, as an organiser asked (whatever its status): an attempt
    marked replay. Delivered, it counts as delivered; failing, it changes nothing else."""
    delivery = (WebhookDelivery.objects.select_related("webhook", "event")
                .filter(pk=delivery_id).first())
    if delivery is None:
        return None
    with transaction.atomic():
        if _locked(delivery_id) is None:
            return None
        attempt = _begin(delivery_id, at=timezone.now(), replay=True, user_id=user_id)
    answer = _post(delivery)
    with transaction.atomic():
        if _locked(delivery_id) is None:
            return None
        _finish(attempt, answer)
        if answer.delivered:
            WebhookDelivery.objects.filter(pk=delivery_id).update(
                status=WebhookDelivery.Status.DELIVERED, next_attempt_at=None)
    attempt.refresh_from_db()
    return attempt


def stopped_attempts() -> list[tuple[int, datetime]]:
    """Attempts still "sending" long after any attempt ends: their worker died (killed, the
    machine lost). Each is recorded as stopped; a delivery that was still waiting for it is
    scheduled as after any failed attempt, or given up after the last. The deliveries to
    try again, with when."""
    retries = []
    stale = WebhookAttempt.objects.filter(error=SENDING, at__lt=timezone.now() - STALE_AFTER)
    for attempt in stale.order_by("at", "id"):
        with transaction.atomic():
            delivery = _locked(attempt.delivery_id)
            # Only once, by one sweep; and not if its worker answered after all.
            if delivery is None or not WebhookAttempt.objects.filter(
                    pk=attempt.pk, error=SENDING).update(error=WORKER_STOPPED):
                continue
            held = (delivery.status == WebhookDelivery.Status.PENDING
                    and delivery.next_attempt_at == attempt.at + LEASE)
            if attempt.replay or not held:
                continue  # a replay changes no schedule; a later attempt took the delivery
            status, next_at = _after_failure(delivery.pk)
            WebhookDelivery.objects.filter(pk=delivery.pk).update(status=status,
                                                                  next_attempt_at=next_at)
        if next_at is not None:
            retries.append((delivery.pk, next_at))
    return retries


def due_deliveries(limit: int = 500) -> list[int]:
    """Pending deliveries of active webhooks whose next attempt is due, oldest first."""
    return list(WebhookDelivery.objects.filter(
        status=WebhookDelivery.Status.PENDING, next_attempt_at__lte=timezone.now(),
        webhook__active=True,
    ).order_by("next_attempt_at", "id").values_list("pk", flat=True)[:limit])


def _locked(delivery_id: int) -> WebhookDelivery | None:
    return WebhookDelivery.objects.select_for_update().filter(pk=delivery_id).first()


def _begin(delivery_id: int, *, at: datetime, replay: bool,
           user_id: int | None = None) -> WebhookAttempt:
    """The attempt, written before anything is sent (inside the caller's transaction, with
    the delivery claimed or locked): a worker that dies leaves it "sending" for the sweep."""
    number = WebhookAttempt.objects.filter(delivery_id=delivery_id).count() + 1
    return WebhookAttempt.objects.create(delivery_id=delivery_id, number=number, at=at,
                                         error=SENDING, replay=replay, requested_by_id=user_id)


def _finish(attempt: WebhookAttempt, answer: Answer) -> None:
    WebhookAttempt.objects.filter(pk=attempt.pk).update(
        status_code=answer.status_code, error=answer.error[:500],
        duration_ms=answer.duration_ms)


def tls_context() -> ssl.SSLContext:
    """Certificates verified against the URL's host name, as any https client does."""
    return ssl.create_default_context()


class _CheckedHTTPConnection(http.client.HTTPConnection):
    """HTTP to the addresses that were checked: the Host header names the URL's host, but
    the name is not looked up again (a rebinding name could answer otherwise the second
    time). No proxy: http.client reads none from the environment."""

    def __init__(self, target: Target, deadline: float):
        super().__init__(target.host, target.port, timeout=TIMEOUT)
        self.target, self.deadline = target, deadline

    def connect(self):
        self.sock = _connected(self.target, self.deadline)


class _CheckedHTTPSConnection(http.client.HTTPSConnection):
    """HTTPS to the addresses that were checked, with SNI and the certificate checked
    against the URL's host name."""

    def __init__(self, target: Target, deadline: float):
        self.tls = tls_context()
        super().__init__(target.host, target.port, timeout=TIMEOUT, context=self.tls)
        self.target, self.deadline = target, deadline

    def connect(self):
        self.sock = self.tls.wrap_socket(_connected(self.target, self.deadline),
                                         server_hostname=self.target.host)


def _connected(target: Target, deadline: float) -> socket.socket:
    """A socket connected to the first of the target's checked addresses that answers."""
    error: OSError = ConnectionError(f"No address to connect to for {target.host}")
    for family, sockaddr in target.addresses:
        sock = socket.socket(family, socket.SOCK_STREAM)
        try:
            sock.settimeout(max(deadline - time.monotonic(), 0.001))
            sock.connect(sockaddr)
        except OSError as failed:
            sock.close()
            error = failed
            continue
        sock.settimeout(TIMEOUT)
        return sock
    raise error


def _cut(connection: http.client.HTTPConnection) -> None:
    """The attempt's time is up: a receiver that answers a byte at a time ends here too."""
    sock = connection.sock
    if sock is not None:
        try:
            sock.shutdown(socket.SHUT_RDWR)
        except OSError:
            pass


def _post(delivery: WebhookDelivery) -> Answer:
    """One signed POST of the delivery's event to its webhook: to the addresses checked just
    now, within TIMEOUT for all of it, no redirect followed."""
    started = time.monotonic()

    def answer(status_code, error) -> Answer:
        return Answer(status_code, error, round((time.monotonic() - started) * 1000))

    try:
        target = resolved_target(delivery.webhook.url)
    except TargetRefused as refused:
        return answer(None, f"Not sent: {refused.message}")
    body = body_of(delivery.event)
    headers = headers_for(delivery, body, int(time.time()))
    kind = _CheckedHTTPSConnection if target.scheme == "https" else _CheckedHTTPConnection
    connection = kind(target, started + TIMEOUT)
    watchdog = threading.Timer(TIMEOUT, _cut, [connection])
    watchdog.start()
    try:
        connection.request("POST", target.path, body=body, headers=headers)
        response = connection.getresponse()
        response.read(65536)  # the answer's body is not kept; reading lets it finish
        status, location = response.status, response.getheader("Location", "?")
    except (OSError, HTTPException, ValueError) as error:
        if isinstance(error, TimeoutError) or time.monotonic() - started >= TIMEOUT:
            return answer(None, f"No answer within {TIMEOUT} seconds")
        return answer(None, str(error) or type(error).__name__)
    finally:
        watchdog.cancel()
        connection.close()
    if 200 <= status < 300:
        return answer(status, "")
    if 300 <= status < 400:
        return answer(status, f"The receiver answered {status}, a redirect to {location}: "
                              "redirects are not followed; register the final URL")
    return answer(status, f"The receiver answered {status}")
