"""Webhooks (docs/api.md, "Webhooks"): a club's organisers register URLs that are told of
the club's events, signed, retried with backoff, each attempt kept.

The outbox: `emit` writes the event and its deliveries in the transaction of the change it
reports, so a change that rolls back leaves nothing to send, and a committed one always has
its deliveries. Sending starts once the change commits (a task per delivery, see
scorekeeper/tasks.py); a delivery whose task was lost (a crash between the commit and the
enqueue, a worker killed mid-attempt) is still pending in the database, and the periodic
sweep finds it. Receivers may therefore get an event twice: they dedupe by its id.

An attempt holds no transaction while it waits for the receiver: a delivery is claimed by
moving its next attempt a lease ahead, so the sweep and the deferred retry never send it at
the same moment, and one that was claimed by a worker that died is due again after the lease.
"""

import hashlib
import hmac
import ipaddress
import json
import logging
import secrets
import socket
import time
import urllib.error
import urllib.request
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from http.client import HTTPException
from urllib.parse import urlsplit

from django.conf import settings
from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

from ..models import Webhook, WebhookAttempt, WebhookDelivery, WebhookEvent
from ..rules import GameStatus, format_money
from .errors import NotFound, ServiceError
from .reading import GameView, UndoneRebuy
from .summaries import session_summary

logger = logging.getLogger(__name__)

ROUND_RECORDED = "round.recorded"
ROUND_CORRECTED = "round.corrected"
REBUY_TAKEN = "rebuy.taken"
REBUY_UNDONE = "rebuy.undone"
GAME_FINISHED = "game.finished"
GAME_VOIDED = "game.voided"
SESSION_SETTLED = "session.settled"
EVENTS = (ROUND_RECORDED, ROUND_CORRECTED, REBUY_TAKEN, REBUY_UNDONE, GAME_FINISHED,
          GAME_VOIDED, SESSION_SETTLED)

# The wait after each failed attempt; after the last one the delivery is given up (failed).
BACKOFF = (timedelta(minutes=1), timedelta(minutes=5), timedelta(minutes=30),
           timedelta(hours=2), timedelta(hours=12))
MAX_ATTEMPTS = len(BACKOFF) + 1
TIMEOUT = 5  # seconds for the receiver to answer
# Longer than any attempt can take (connect and read each within TIMEOUT): a claimed
# delivery is only due again when its worker surely died.
LEASE = timedelta(minutes=2)
MAX_PER_CLUB = 20
MAX_URL = 500
USER_AGENT = "Scorekeeper-Webhooks/1.0"
SIGNATURE_HEADER = "Scorekeeper-Signature"


# --- Registering ---------------------------------------------------------------------------


def create_webhook(*, club_id: int, url, events=None, user=None) -> Webhook:
    """A new webhook of the club with a fresh secret; `events` None or [] means all."""
    url = checked_url(url)
    events = checked_events(events or [])
    with transaction.atomic():
        if Webhook.objects.filter(club_id=club_id).count() >= MAX_PER_CLUB:
            raise ServiceError(f"A club has at most {MAX_PER_CLUB} webhooks: delete one first",
                               field="url", code="too_many_webhooks")
        return Webhook.objects.create(club_id=club_id, url=url, events=events,
                                      secret=secrets.token_urlsafe(32), created_by=user)


def checked_url(url) -> str:
    """The URL if deliveries can be sent to it: http(s), with a host and a valid port."""
    text = url.strip() if isinstance(url, str) else ""
    if len(text) > MAX_URL:
        raise ServiceError(f"A webhook URL has at most {MAX_URL} characters", field="url",
                           code="too_long")
    parts = urlsplit(text)
    try:
        port_ok = parts.port is None or parts.port > 0
    except ValueError:
        port_ok = False
    if (parts.scheme not in ("http", "https") or not parts.hostname or not port_ok
            or any(char.isspace() or not char.isprintable() for char in text)):
        raise ServiceError("A webhook URL starts with http:// or https:// and names a host, "
                           "e.g. https://example.org/scorekeeper", field="url", code="invalid")
    return text


def checked_events(events) -> list[str]:
    """The event names, each once and in the order of EVENTS; unknown names are refused."""
    if not isinstance(events, list) or not all(isinstance(name, str) for name in events):
        raise ServiceError("events is a list of event names", field="events", code="invalid")
    unknown = [name for name in dict.fromkeys(events) if name not in EVENTS]
    if unknown:
        raise ServiceError(f"Unknown events: {', '.join(unknown)}; the events are "
                           f"{', '.join(EVENTS)}", field="events", code="unknown_event")
    return [name for name in EVENTS if name in events]


def club_webhooks(club_id: int):
    return Webhook.objects.filter(club_id=club_id).order_by("-created_at", "-id")


def webhook_of(club_id: int, webhook_id: int) -> Webhook:
    webhook = Webhook.objects.filter(club_id=club_id, pk=webhook_id).first()
    if webhook is None:
        raise NotFound("No such webhook")
    return webhook


def set_active(*, club_id: int, webhook_id: int, active: bool) -> Webhook:
    """Pause or resume a webhook: a paused one gets no new events and its pending deliveries
    wait; once resumed, the sweep sends those that are due."""
    webhook = webhook_of(club_id, webhook_id)
    Webhook.objects.filter(pk=webhook.pk).update(active=active)
    webhook.active = active
    return webhook


def delete_webhook(*, club_id: int, webhook_id: int) -> None:
    """The webhook goes, with its deliveries and their attempts."""
    webhook_of(club_id, webhook_id).delete()


def deliveries_of(webhook: Webhook):
    """The webhook's deliveries, newest first, with their events and attempts."""
    return (webhook.deliveries.select_related("event")
            .prefetch_related(Prefetch("attempts", WebhookAttempt.objects.order_by("number")))
            .order_by("-created_at", "-id"))


def delivery_of(club_id: int, webhook_id: int, delivery_id: int) -> WebhookDelivery:
    delivery = WebhookDelivery.objects.filter(
        pk=delivery_id, webhook_id=webhook_id, webhook__club_id=club_id,
    ).select_related("event").first()
    if delivery is None:
        raise NotFound("No such delivery")
    return delivery


# --- Emitting --------------------------------------------------------------------------------


def emit(club_id: int, kind: str, data: dict) -> WebhookEvent | None:
    """Record the event and a delivery for each active webhook of the club that wants it, in
    the caller's transaction; they are sent once it commits. None when no webhook wants it
    (then nothing is written)."""
    if kind not in EVENTS:
        raise ValueError(f"Unknown webhook event {kind!r}")
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("emit() belongs inside the transaction of the change it reports")
    webhooks = [webhook for webhook in Webhook.objects.filter(club_id=club_id, active=True)
                if not webhook.events or kind in webhook.events]
    if not webhooks:
        return None
    now = timezone.now()
    event = WebhookEvent.objects.create(club_id=club_id, kind=kind, payload=data,
                                        created_at=now)
    deliveries = WebhookDelivery.objects.bulk_create([
        WebhookDelivery(webhook=webhook, event=event, next_attempt_at=now, created_at=now)
        for webhook in webhooks])
    ids = [delivery.pk for delivery in deliveries]
    # robust: the change is committed whatever happens here; a delivery whose enqueue fails
    # stays pending and due, and the sweep sends it.
    transaction.on_commit(lambda: _send_soon(ids), robust=True)
    return event


def _send_soon(delivery_ids: list[int]) -> None:
    from ..tasks import deliver  # the tasks call this module: imported when first needed

    for delivery_id in delivery_ids:
        deliver.enqueue(delivery_id)


# What the services of scorekeeper/services/commands.py tell, each inside its transaction,
# after the change is stored (the game's version is then the new one).


def round_recorded(view: GameView, number: int) -> None:
    _emit_game(view, ROUND_RECORDED, round=number)
    if view.state.status.ended:
        game_finished(view)


def round_corrected(view: GameView, number: int, *, reason: str, ended_before: bool) -> None:
    """round.corrected, rebuy.undone for each re-buy the correction undid, game.finished when
    the correction ends the game, session.settled when the evening is (still) settled."""
    revision = view.rounds[number - 1].revision
    _emit_game(view, ROUND_CORRECTED, round=number, revision=revision, reason=reason)
    for rebuy in view.undone_rebuys or ():
        rebuy_undone(view, rebuy)
    if view.state.status.ended and not ended_before:
        game_finished(view)
    else:
        _session_settled(view)


def rebuy_taken(view: GameView, player: int, after_round: int) -> None:
    _emit_game(view, REBUY_TAKEN, player=player, after_round=after_round)


def rebuy_undone(view: GameView, rebuy: UndoneRebuy) -> None:
    _emit_game(view, REBUY_UNDONE, player=rebuy.player, after_round=rebuy.after_round,
               by_correction=rebuy.by_round)


def game_finished(view: GameView) -> None:
    """The game ended (won, its pot carried over, or closed); the evening may be settled."""
    _emit_game(view, GAME_FINISHED, winner=view.state.winner)
    _session_settled(view)


def game_voided(view: GameView, *, deleted: bool) -> None:
    game = view.game
    _emit_game(view, GAME_VOIDED, reason=game.void_reason, deleted=deleted)
    _session_settled(view)


def _emit_game(view: GameView, kind: str, **data) -> None:
    game = view.game
    emit(game.club_id, kind, {"game": game.pk, "session": game.session_id,
                              "version": game.version, "status": str(game.status), **data})


def _session_settled(view: GameView) -> None:
    """session.settled when the game's evening is final (every game ended or void, no pot
    left standing) and some game of it counts: its nets and the payments that settle it."""
    game = view.game
    if not (GameStatus(game.status).ended or game.status == GameStatus.VOID):
        return  # a running game: the evening is not settled
    summary = session_summary(game.session)
    counting = [each for each in summary.games if each.status != GameStatus.VOID]
    if not summary.final or not counting:
        return
    emit(game.club_id, SESSION_SETTLED, {
        "session": game.session_id, "games": [each.pk for each in counting],
        "currency": counting[0].currency,
        "net": [{"player": player, "amount": format_money(amount)}
                for player, amount in summary.nets.items()],
        "transfers": [{"from": payment.debtor, "to": payment.creditor,
                       "amount": format_money(payment.amount)}
                      for payment in summary.payments],
    })


# --- Sending ---------------------------------------------------------------------------------


def envelope(event: WebhookEvent) -> dict:
    """The event as receivers get it: its id, type, time, club and data."""
    created = event.created_at.astimezone(UTC).isoformat().replace("+00:00", "Z")
    return {"id": event.pk, "type": event.kind, "created": created, "club": event.club_id,
            "data": event.payload}


def body_of(event: WebhookEvent) -> bytes:
    """What a delivery sends: the same bytes on every attempt of every webhook."""
    return json.dumps(envelope(event), separators=(",", ":"), ensure_ascii=False).encode()


def signature(secret: str, timestamp: int, body: bytes) -> str:
    """HMAC-SHA256 of "<timestamp>.<body>" with the webhook's secret, in hex."""
    return hmac.new(secret.encode(), f"{timestamp}.".encode() + body, hashlib.sha256).hexdigest()


def headers_for(delivery: WebhookDelivery, body: bytes, timestamp: int) -> dict[str, str]:
    return {
        "Content-Type": "application/json",
        "User-Agent": USER_AGENT,
        "Scorekeeper-Event": delivery.event.kind,
        "Scorekeeper-Delivery": str(delivery.pk),
        SIGNATURE_HEADER: f"t={timestamp},v1={signature(delivery.webhook.secret, timestamp, body)}",
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
    claimed = WebhookDelivery.objects.filter(
        pk=delivery_id, status=WebhookDelivery.Status.PENDING, next_attempt_at__lte=now,
        webhook__active=True,
    ).update(next_attempt_at=now + LEASE)
    if not claimed:
        return None
    delivery = WebhookDelivery.objects.select_related("webhook", "event").get(pk=delivery_id)
    answer = _post(delivery)
    with transaction.atomic():
        if _locked(delivery_id) is None:
            return None  # the webhook was deleted meanwhile
        tries = delivery.attempts.filter(replay=False).count() + 1
        _record(delivery, answer, replay=False)
        if answer.delivered:
            status, next_at = WebhookDelivery.Status.DELIVERED, None
        elif tries >= MAX_ATTEMPTS:
            status, next_at = WebhookDelivery.Status.FAILED, None
        else:
            status, next_at = WebhookDelivery.Status.PENDING, timezone.now() + BACKOFF[tries - 1]
        # A replay that delivered it meanwhile stands.
        WebhookDelivery.objects.filter(pk=delivery_id).exclude(
            status=WebhookDelivery.Status.DELIVERED).update(status=status,
                                                           next_attempt_at=next_at)
    return next_at


def replay(delivery_id: int, user_id: int | None = None) -> WebhookAttempt | None:
    """Send the delivery once more, as an organiser asked (whatever its status): an attempt
    marked replay. Delivered, it counts as delivered; failing, it changes nothing else."""
    delivery = (WebhookDelivery.objects.select_related("webhook", "event")
                .filter(pk=delivery_id).first())
    if delivery is None:
        return None
    answer = _post(delivery)
    with transaction.atomic():
        if _locked(delivery_id) is None:
            return None
        attempt = _record(delivery, answer, replay=True, user_id=user_id)
        if answer.delivered:
            WebhookDelivery.objects.filter(pk=delivery_id).update(
                status=WebhookDelivery.Status.DELIVERED, next_attempt_at=None)
    return attempt


def ask_replay(delivery: WebhookDelivery, user) -> None:
    """Queue a replay of the delivery once the caller's transaction commits."""
    from ..tasks import replay as replay_task

    delivery_id, user_id = delivery.pk, getattr(user, "pk", None)
    transaction.on_commit(lambda: replay_task.enqueue(delivery_id, user_id))


def due_deliveries(limit: int = 500) -> list[int]:
    """Pending deliveries of active webhooks whose next attempt is due, oldest first."""
    return list(WebhookDelivery.objects.filter(
        status=WebhookDelivery.Status.PENDING, next_attempt_at__lte=timezone.now(),
        webhook__active=True,
    ).order_by("next_attempt_at", "id").values_list("pk", flat=True)[:limit])


def _locked(delivery_id: int) -> WebhookDelivery | None:
    return WebhookDelivery.objects.select_for_update().filter(pk=delivery_id).first()


def _record(delivery: WebhookDelivery, answer: Answer, *, replay: bool,
            user_id: int | None = None) -> WebhookAttempt:
    number = delivery.attempts.count() + 1
    return WebhookAttempt.objects.create(
        delivery_id=delivery.pk, number=number, status_code=answer.status_code,
        error=answer.error[:500], duration_ms=answer.duration_ms, replay=replay,
        requested_by_id=user_id)


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    """A redirect is answered, not followed: urllib then raises HTTPError with its 3xx."""

    def redirect_request(self, req, fp, code, msg, headers, newurl):
        return None


# Straight to the receiver: no proxy from the environment, no redirects.
_OPENER = urllib.request.build_opener(urllib.request.ProxyHandler({}), _NoRedirects())


def _post(delivery: WebhookDelivery) -> Answer:
    """One signed POST of the delivery's event to its webhook."""
    url = delivery.webhook.url
    started = time.monotonic()

    def answer(status_code, error) -> Answer:
        return Answer(status_code, error, round((time.monotonic() - started) * 1000))

    refusal = _private_address(url)
    if refusal:
        return answer(None, refusal)
    body = body_of(delivery.event)
    request = urllib.request.Request(
        url, data=body, method="POST", headers=headers_for(delivery, body, int(time.time())))
    try:
        with _OPENER.open(request, timeout=TIMEOUT) as response:
            response.read(65536)  # the answer's body is not kept; reading lets it finish
            return answer(response.status, "")
    except urllib.error.HTTPError as error:
        error.close()
        if 300 <= error.code < 400:
            return answer(error.code, f"Redirect to {error.headers.get('Location', '?')} "
                                      "not followed: register the final URL")
        return answer(error.code, f"The receiver answered {error.code}")
    except urllib.error.URLError as error:
        return answer(None, _reason(error.reason))
    except (OSError, HTTPException, ValueError) as error:
        return answer(None, _reason(error))


def _reason(error) -> str:
    if isinstance(error, TimeoutError):
        return f"No answer within {TIMEOUT} seconds"
    return str(error) or type(error).__name__


def _private_address(url: str) -> str:
    """Why the URL may not be called: its host is a loopback, private or link-local address
    (a club's organiser must not reach into the server's own network), unless settings
    allow it (WEBHOOKS_PRIVATE_ADDRESSES: on with DEBUG and in the tests). "" when it may."""
    if settings.WEBHOOKS_PRIVATE_ADDRESSES:
        return ""
    host = urlsplit(url).hostname or ""
    try:
        addresses = {info[4][0] for info in socket.getaddrinfo(host, None)}
    except OSError:
        return ""  # the POST itself will say that the host is unknown
    for address in sorted(addresses):
        if not ipaddress.ip_address(address.split("%")[0]).is_global:
            return (f"Not sent: {host} is a private address ({address}); set "
                    f"WEBHOOKS_PRIVATE_ADDRESSES=1 to allow it")
    return ""
