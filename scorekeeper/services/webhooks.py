"""Webhooks (docs/api.md, "Webhooks"): a club's organisers register URLs that are told of
the club's events; this module keeps the register and the outbox. Sending, signed and
retried with backoff, each attempt kept: services/webhook_sending.py, run by the worker's
tasks (scorekeeper/tasks.py).

The outbox: `emit` writes the event and its deliveries in the transaction of the change it
reports, so a change that rolls back leaves nothing to send, and a committed one always has
its deliveries. Sending starts once the change commits (a task per delivery); a delivery
whose task was lost (a crash between the commit and the enqueue, a worker killed
mid-attempt) is still pending in the database, and the periodic sweep finds it. Receivers
may therefore get an event twice: they dedupe by its id.

A target is checked when it is registered, and again at every attempt (services/
webhook_targets.py). Every event carries a `sequence` to order by: a game's version for its
events, a sum of versions for an evening's (services/webhook_events.py). The signature and
rotating the secret: services/webhook_signing.py.
"""

from urllib.parse import urlsplit

from django.db import transaction
from django.db.models import Prefetch
from django.utils import timezone

from ledger.statements import Objects

from ..models import Webhook, WebhookAttempt, WebhookDelivery, WebhookEvent
from . import webhook_signing as signing
from .errors import NotFound, ServiceError
from .webhook_targets import resolved_target

GAME_CREATED = "game.created"
ROUND_RECORDED = "round.recorded"
ROUND_CORRECTED = "round.corrected"
ROUND_UNDONE = "round.undone"
REBUY_TAKEN = "rebuy.taken"
REBUY_UNDONE = "rebuy.undone"
GAME_FINISHED = "game.finished"
GAME_VOIDED = "game.voided"
SESSION_SETTLED = "session.settled"
# A club tournament's (services.tournaments emits them).
TOURNAMENT_MATCH_FINISHED = "tournament.match_finished"
TOURNAMENT_FINISHED = "tournament.finished"
EVENTS = (GAME_CREATED, ROUND_RECORDED, ROUND_CORRECTED, ROUND_UNDONE, REBUY_TAKEN,
          REBUY_UNDONE, GAME_FINISHED, GAME_VOIDED, SESSION_SETTLED, TOURNAMENT_MATCH_FINISHED,
          TOURNAMENT_FINISHED)
# Sent to one webhook when an organiser asks (`ping`), whatever events it takes: no event
# a webhook subscribes to.
PING = "ping"
EVENT_TYPES = (*EVENTS, PING)
MAX_PER_CLUB = 20
MAX_URL = 500


class WebhookPaused(ServiceError):
    """A ping of a paused webhook: it would only wait, unsent, until the webhook resumes."""

    code = "webhook_paused"
    status = 409


# --- Registering ---------------------------------------------------------------------------


def create_webhook(*, club_id: int, url, events=None, user=None) -> Webhook:
    """A new webhook of the club with a fresh secret; `events` None or [] means all."""
    url = checked_url(url)
    events = checked_events(events or [])
    resolved_target(url)  # refused unless its host is public (a lookup: outside the transaction)
    with transaction.atomic():
        if Webhook.objects.filter(club_id=club_id).count() >= MAX_PER_CLUB:
            raise ServiceError(f"A club has at most {MAX_PER_CLUB} webhooks: delete one first",
                               field="url", code="too_many_webhooks")
        return Webhook.objects.create(club_id=club_id, url=url, events=events,
                                      secret=signing.new_secret(), created_by=user)


def change_webhook(*, club_id: int, webhook_id: int, url=None, events=None,
                   active: bool | None = None) -> Webhook:
    """Change what is given (None: left as it is), checked as at registration. A new URL
    takes the pending deliveries along; new events count from the next event on."""
    webhook = webhook_of(club_id, webhook_id)
    changes = {}
    if url is not None:
        changes["url"] = checked_url(url)
        resolved_target(changes["url"])  # a lookup: outside any transaction, as registering
    if events is not None:
        changes["events"] = checked_events(events)
    if active is not None:
        changes["active"] = active
    if changes:
        Webhook.objects.filter(pk=webhook.pk).update(**changes)
        for name, value in changes.items():
            setattr(webhook, name, value)
    return webhook


def ping(*, club_id: int, webhook_id: int) -> WebhookDelivery:
    """A `ping` event for this webhook alone, sent at once as any event is (signed, retried,
    listed with its deliveries)."""
    with transaction.atomic():
        webhook = webhook_of(club_id, webhook_id)
        if not webhook.active:
            raise WebhookPaused("The webhook is paused: resume it (active: true) to ping it",
                                field="active")
        _event, (delivery,) = _record(club_id, PING, {"webhook": webhook.pk}, [webhook])
    return delivery


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


# Read in the transaction of every write that reports an event (a round's, under its lock):
# its SQL is made once per process.
_ACTIVE_WEBHOOKS = Objects(
    Webhook, lambda club_id: Webhook.objects.filter(club_id=club_id, active=True), int)


def emit(club_id: int, kind: str, data: dict) -> WebhookEvent | None:
    """Record the event and a delivery for each active webhook of the club that wants it, in
    the caller's transaction; they are sent once it commits. None when no webhook wants it
    (then nothing is written)."""
    if kind not in EVENTS:
        raise ValueError(f"Unknown webhook event {kind!r}")
    if not transaction.get_connection().in_atomic_block:
        raise RuntimeError("emit() belongs inside the transaction of the change it reports")
    webhooks = [webhook for webhook in _ACTIVE_WEBHOOKS.read(club_id)
                if not webhook.events or kind in webhook.events]
    if not webhooks:
        return None
    return _record(club_id, kind, data, webhooks)[0]


def _record(club_id: int, kind: str, data: dict, webhooks: list[Webhook]):
    """The event and a delivery of it to each webhook, sent once the transaction commits."""
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
    return event, deliveries


def _send_soon(delivery_ids: list[int]) -> None:
    # Imported when first needed: the tasks' module imports the services' package, which
    # imports this one (services/__init__.py, through commands and webhook_events).
    from ..tasks import deliver

    for delivery_id in delivery_ids:
        deliver.enqueue(delivery_id)


def ask_replay(delivery: WebhookDelivery, user) -> None:
    """Queue a replay of the delivery once the caller's transaction commits."""
    from ..tasks import replay as replay_task  # as _send_soon

    delivery_id, user_id = delivery.pk, getattr(user, "pk", None)
    transaction.on_commit(lambda: replay_task.enqueue(delivery_id, user_id))
