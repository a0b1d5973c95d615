"""Managing webhooks through the REST API (docs/api.md, "Webhooks"): a ping sent at once,
PATCH of the URL, the events and whether it is active, rotating the secret with its
overlap (both signatures meanwhile, the new one alone after), the game.created event and
the sequence every event carries to order by; and that only the club's organisers may.

The tasks run at once in the tests (settings.TASKS); a delivery is sent when the change
commits, so every action whose deliveries matter runs inside `committing()`.
"""

import time
from datetime import datetime, timedelta

import pytest
from django.db.models import F
from django.utils import timezone
from rest_framework.test import APIClient

from ledger import services as ledger_services
from scorekeeper import tasks
from scorekeeper.models import Webhook, WebhookDelivery, WebhookEvent
from scorekeeper.services.webhook_signing import signature
from tests.api_table import API, Table, errors, start
from tests.concurrency import together
from tests.webhook_support import Receiver, verify

# The fixtures `receiver`, `committing`, `private_targets` and `dns`.
pytest_plugins = ["tests.webhook_fixtures"]


@pytest.fixture(autouse=True)
def targets(private_targets, dns):
    """The receiver listens on 127.0.0.1, which the setting allows here; example.org
    resolves to a public address without asking real DNS."""
    dns.answer("example.org", "93.184.215.14")


def register(client, club, url, *, events=None) -> dict:
    body = {"url": url} if events is None else {"url": url, "events": events}
    response = client.post(f"{API}/clubs/{club.pk}/webhooks/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def address(club, hook: dict, action: str = "") -> str:
    return f"{API}/clubs/{club.pk}/webhooks/{hook['id']}/{action}"


def signatures(request) -> list[str]:
    """The v1 values of a request's Scorekeeper-Signature, in order."""
    header = request.headers["scorekeeper-signature"]
    return [part.removeprefix("v1=") for part in header.split(",") if part.startswith("v1=")]


def a_round_sent(client, committing):
    """A round of a new game, sent to the webhooks once it commits (the start is not)."""
    table = Table.start(client, ["Anna", "Ben"])
    with committing():
        table.knock("Anna", Anna=0, Ben=20)
    return table


# --- Ping ------------------------------------------------------------------------------------


def test_a_ping_is_sent_at_once_signed_and_listed_as_a_delivery(as_alice, club, receiver,
                                                                committing):
    # a webhook that takes only game.finished is pinged all the same
    hook = register(as_alice, club, receiver.url, events=["game.finished"])

    with committing():
        response = as_alice.post(address(club, hook, "ping/"))

    assert response.status_code == 202, response.json()
    answered = response.json()
    assert (answered["status"], answered["event"]["type"], answered["event"]["data"]) == (
        "pending", "ping", {"webhook": hook["id"]})
    (request,) = receiver.received
    assert request.headers["scorekeeper-event"] == "ping"
    assert request.headers["scorekeeper-delivery"] == str(answered["id"])
    assert verify(hook["secret"], request.headers["scorekeeper-signature"], request.body)
    assert request.event == answered["event"]
    listed = as_alice.get(address(club, hook, "deliveries/")).json()["results"]
    assert [(each["id"], each["status"], [a["status_code"] for a in each["attempts"]])
            for each in listed] == [(answered["id"], "delivered", [200])]


def test_a_failed_ping_is_tried_again_like_any_delivery(as_alice, club, receiver, committing):
    hook = register(as_alice, club, receiver.url)
    receiver.statuses = [500]

    with committing():
        as_alice.post(address(club, hook, "ping/"))

    delivery = WebhookDelivery.objects.get()
    assert delivery.status == "pending" and delivery.next_attempt_at > timezone.now()
    WebhookDelivery.objects.update(next_attempt_at=timezone.now())
    tasks.sweep.enqueue()
    delivery.refresh_from_db()
    assert delivery.status == "delivered" and len(receiver.received) == 2


def test_a_paused_webhook_is_not_pinged(as_alice, club, receiver, committing):
    hook = register(as_alice, club, receiver.url)
    as_alice.patch(address(club, hook), {"active": False}, format="json")

    with committing():
        response = as_alice.post(address(club, hook, "ping/"))

    assert response.status_code == 409
    assert [(field, code) for field, code, _ in errors(response)] == [
        ("active", "webhook_paused")]
    assert (receiver.received, WebhookEvent.objects.count()) == ([], 0)


# --- PATCH -----------------------------------------------------------------------------------


def test_patch_changes_the_events_and_pauses_and_resumes(as_alice, club, receiver, committing):
    hook = register(as_alice, club, receiver.url)
    table = Table.start(as_alice, ["Anna", "Ben"], preset="romme")

    changed = as_alice.patch(address(club, hook), {"events": ["game.finished"]}, format="json")
    with committing():
        table.knock("Anna", Anna=0, Ben=30)
    paused = as_alice.patch(address(club, hook), {"active": False}, format="json")
    with committing():
        Table.start(as_alice, ["Anna", "Ben"], preset="romme").knock("Anna", Anna=0, Ben=101)
    as_alice.patch(address(club, hook), {"active": True}, format="json")
    with committing():
        table.knock("Ben", Anna=101, Ben=0)

    assert changed.status_code == 200, changed.json()
    assert (changed.json()["events"], changed.json()["url"], changed.json()["active"]) == (
        ["game.finished"], receiver.url, True)
    assert paused.json()["active"] is False
    # round.recorded no more; nothing while paused; the first game's end once resumed
    assert [(kind, data["game"]) for kind, data in receiver.events()] == [
        ("game.finished", table.id)]
    assert as_alice.get(address(club, hook)).json() == {**changed.json(), "active": True}


def test_patch_moves_waiting_deliveries_to_the_new_url(as_alice, club, receiver, committing):
    hook = register(as_alice, club, receiver.url, events=["round.recorded"])
    receiver.statuses = [500]
    a_round_sent(as_alice, committing)
    elsewhere = Receiver()
    try:
        response = as_alice.patch(address(club, hook), {"url": elsewhere.url}, format="json")
        WebhookDelivery.objects.update(next_attempt_at=F("next_attempt_at") - timedelta(days=1))
        tasks.sweep.enqueue()
    finally:
        elsewhere.stop()

    assert (response.status_code, response.json()["url"]) == (200, elsewhere.url)
    assert [kind for kind, _ in elsewhere.events()] == ["round.recorded"]
    assert [kind for kind, _ in receiver.events()] == ["round.recorded"]  # the failed one
    assert verify(hook["secret"], elsewhere.received[0].headers["scorekeeper-signature"],
                  elsewhere.received[0].body)


def test_an_empty_events_list_is_every_event_again(as_alice, club, receiver):
    hook = register(as_alice, club, receiver.url, events=["game.finished"])

    response = as_alice.patch(address(club, hook), {"events": []}, format="json")

    assert response.json()["events"] == [] and Webhook.objects.get().events == []


@pytest.mark.parametrize(("body", "field", "code"), [
    ({"url": "ftp://example.org/hooks"}, "url", "invalid"),
    ({"url": "example.org/hooks"}, "url", "invalid"),
    ({"url": "https://example.org/" + "x" * 500}, "url", "max_length"),
    ({"url": "https://hooks.invalid/"}, "url", "unresolvable"),
    ({"url": None}, "url", "null"),
    ({"url": 7}, "url", "invalid"),
    ({"events": ["round.recorded", "game.won"]}, "events[1]", "invalid_choice"),
    ({"events": "round.recorded"}, "events", "not_a_list"),
    ({"events": ["ping"]}, "events[0]", "invalid_choice"),  # a ping is only sent when asked
    ({"active": "false"}, "active", "invalid"),
    ({"active": 0}, "active", "invalid"),
    ({"secret": "mine"}, "secret", "unknown_field"),
])
def test_a_bad_patch_is_a_400_naming_the_field_and_changes_nothing(as_alice, club, body, field,
                                                                   code):
    hook = register(as_alice, club, "https://example.org/hooks", events=["game.finished"])
    before = as_alice.get(address(club, hook)).json()

    response = as_alice.patch(address(club, hook), {**body}, format="json")

    assert response.status_code == 400, response.json()
    assert [(f, c) for f, c, _ in errors(response)] == [(field, code)]
    assert as_alice.get(address(club, hook)).json() == before


def test_a_patch_to_a_private_address_is_refused_as_at_registration(as_alice, club, settings):
    hook = register(as_alice, club, "https://example.org/hooks")
    settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = False

    response = as_alice.patch(address(club, hook), {"url": "http://localhost/", "active": False},
                              format="json")

    assert response.status_code == 400
    assert errors(response) == [("url", "private_address", "localhost resolves to 127.0.0.1, a "
                                 "loopback address: webhook targets must be public")]
    webhook = Webhook.objects.get()
    assert (webhook.url, webhook.active) == ("https://example.org/hooks", True)


# --- Rotating the secret -----------------------------------------------------------------------


def rotate(client, club, hook) -> dict:
    response = client.post(address(club, hook, "rotate/"))
    assert response.status_code == 200, response.json()
    return response.json()


def test_a_rotation_answers_the_new_secret_once_and_both_sign_during_the_overlap(
        as_alice, club, receiver, committing):
    hook = register(as_alice, club, receiver.url, events=["round.recorded"])

    rotated = rotate(as_alice, club, hook)
    a_round_sent(as_alice, committing)

    new, old = rotated["secret"], hook["secret"]
    assert new != old and len(new) >= 32
    expires = rotated["previous_secret_expires_at"]
    assert datetime.fromisoformat(expires) - timezone.now() == pytest.approx(
        timedelta(hours=24), abs=timedelta(minutes=1))
    shown = as_alice.get(address(club, hook)).json()
    assert "secret" not in shown and shown["previous_secret_expires_at"] == expires
    (request,) = receiver.received
    header = request.headers["scorekeeper-signature"]
    # one v1 per secret, the newest first: a receiver holding either one verifies
    assert len(signatures(request)) == 2
    assert verify(new, header, request.body) and verify(old, header, request.body)
    assert not verify("another secret", header, request.body)
    stamp = int(header.split(",")[0].removeprefix("t="))
    assert signatures(request) == [signature(new, stamp, request.body),
                                   signature(old, stamp, request.body)]


def test_after_the_overlap_only_the_new_secret_signs(as_alice, club, receiver, committing):
    hook = register(as_alice, club, receiver.url, events=["round.recorded"])
    new = rotate(as_alice, club, hook)["secret"]
    # a day passes
    Webhook.objects.update(previous_secret_expires_at=timezone.now() - timedelta(seconds=1))

    a_round_sent(as_alice, committing)

    (request,) = receiver.received
    header = request.headers["scorekeeper-signature"]
    assert len(signatures(request)) == 1
    assert verify(new, header, request.body) and not verify(hook["secret"], header, request.body)
    assert as_alice.get(address(club, hook)).json()["previous_secret_expires_at"] is None


def test_a_retry_after_the_overlap_is_signed_with_the_new_secret_alone(as_alice, club, receiver,
                                                                      committing):
    hook = register(as_alice, club, receiver.url, events=["round.recorded"])
    new = rotate(as_alice, club, hook)["secret"]
    receiver.statuses = [500]
    a_round_sent(as_alice, committing)
    Webhook.objects.update(previous_secret_expires_at=timezone.now() - timedelta(seconds=1))
    WebhookDelivery.objects.update(next_attempt_at=timezone.now())

    tasks.sweep.enqueue()

    during, after = receiver.received
    assert during.body == after.body
    assert (len(signatures(during)), len(signatures(after))) == (2, 1)
    assert verify(hook["secret"], during.headers["scorekeeper-signature"], during.body)
    assert not verify(hook["secret"], after.headers["scorekeeper-signature"], after.body)
    assert verify(new, after.headers["scorekeeper-signature"], after.body)


@pytest.mark.parametrize("hours", [2, 0])
def test_the_overlap_is_the_servers_setting(as_alice, club, receiver, committing, settings,
                                            hours):
    settings.WEBHOOK_SECRET_OVERLAP_HOURS = hours
    hook = register(as_alice, club, receiver.url, events=["round.recorded"])

    rotated = rotate(as_alice, club, hook)
    a_round_sent(as_alice, committing)

    (request,) = receiver.received
    if hours:
        expires = datetime.fromisoformat(rotated["previous_secret_expires_at"])
        assert expires - timezone.now() == pytest.approx(timedelta(hours=hours),
                                                         abs=timedelta(minutes=1))
        assert verify(hook["secret"], request.headers["scorekeeper-signature"], request.body)
    else:  # no overlap: the old secret ends at once
        assert rotated["previous_secret_expires_at"] is None
        assert signatures(request) and len(signatures(request)) == 1
        assert not verify(hook["secret"], request.headers["scorekeeper-signature"],
                          request.body)


def test_a_second_rotation_retires_the_first_secret_at_once(as_alice, club, receiver,
                                                            committing):
    hook = register(as_alice, club, receiver.url, events=["round.recorded"])
    first = rotate(as_alice, club, hook)["secret"]
    second = rotate(as_alice, club, hook)["secret"]

    a_round_sent(as_alice, committing)

    (request,) = receiver.received
    header = request.headers["scorekeeper-signature"]
    assert verify(second, header, request.body) and verify(first, header, request.body)
    assert not verify(hook["secret"], header, request.body)  # the leaked one, say


# --- game.created and the order of events --------------------------------------------------------


def test_starting_a_game_sends_game_created(as_alice, club, receiver, committing):
    register(as_alice, club, receiver.url)

    with committing():
        game = start(as_alice, ["Anna", "Ben"], preset="gin").json()
        start(as_alice, ["Anna", "Anna"], status=400)  # refused: sends nothing

    assert receiver.events() == [("game.created", {
        "game": game["id"], "session": game["session"], "version": game["version"],
        "sequence": game["version"], "status": "running", "preset": "gin",
        "players": [player["id"] for player in game["players"]]})]
    assert WebhookEvent.objects.count() == 1


def test_an_evenings_events_are_ordered_by_its_sequence(as_alice, club, receiver, committing):
    register(as_alice, club, receiver.url, events=["session.settled"])
    evening = as_alice.post(f"{API}/sessions/", {"name": "Freitagabend"}, format="json").json()
    first, second = (Table.start(as_alice, ["Anna", "Ben"], preset="romme",
                                 rules={"mode": "points"}, session=evening["id"])
                     for _ in range(2))
    first.knock("Anna", Anna=0, Ben=23)
    second.knock("Ben", Anna=40, Ben=0)

    with committing():
        as_alice.post(f"{first.url}close/")  # the evening is not final yet: nothing
        as_alice.post(f"{second.url}close/")
    settled_at = first.refresh()["version"] + second.refresh()["version"]
    with committing():
        as_alice.post(f"{first.url}void/", {"reason": "short deck"}, format="json")

    earlier, later = (data for _, data in receiver.events())
    # the sum of the evening's games' versions: every change of one of them raises it
    assert earlier["sequence"] == settled_at
    assert later["sequence"] == first.refresh()["version"] + second.refresh()["version"]
    assert later["sequence"] > earlier["sequence"]
    assert later["games"] == [second.id] and earlier["games"] == [first.id, second.id]


@pytest.mark.django_db(transaction=True)
def test_two_games_of_an_evening_ending_at_once_settle_it_once(alice, as_alice, club, receiver,
                                                                monkeypatch):
    """Each close in a transaction and a connection of its own, both under way at once: the
    second to settle waits for the first (the evening's lock), so it sees the evening final
    and numbers it after the first's change."""
    register(as_alice, club, receiver.url, events=["session.settled"])
    evening = as_alice.post(f"{API}/sessions/", {"name": "Freitagabend"}, format="json").json()
    tables = [Table.start(as_alice, ["Anna", "Ben"], preset="romme", rules={"mode": "points"},
                          session=evening["id"]) for _ in range(2)]
    for table in tables:
        table.knock("Anna", Anna=0, Ben=23)
    original = ledger_services.sync

    def slow(*args, **kwargs):  # both closes are surely inside their transactions together
        time.sleep(0.3)
        return original(*args, **kwargs)

    monkeypatch.setattr(ledger_services, "sync", slow)

    def close(table):
        client = APIClient()
        client.force_authenticate(alice)
        return client.post(f"{table.url}close/").status_code

    assert together([lambda table=table: close(table) for table in tables]) == [200, 200]

    (settled,) = WebhookEvent.objects.filter(kind="session.settled")
    assert settled.payload["games"] == [table.id for table in tables]
    assert settled.payload["sequence"] == sum(table.refresh()["version"] for table in tables)
    assert [kind for kind, _ in receiver.events()] == ["session.settled"]


# --- Who may manage webhooks ------------------------------------------------------------------


def test_only_the_clubs_organisers_ping_change_and_rotate(as_alice, as_bob, as_carol, as_mallory,
                                                         anonymous, club, receiver, committing):
    hook = register(as_alice, club, receiver.url)
    uses = [("post", address(club, hook, "ping/"), None),
            ("patch", address(club, hook), {"url": "https://example.org/", "active": False}),
            ("post", address(club, hook, "rotate/"), None)]

    for client, status in ((as_bob, 403), (as_carol, 403), (as_mallory, 404), (anonymous, 401)):
        for method, url, body in uses:
            with committing():
                response = getattr(client, method)(url, body, format="json")
            assert response.status_code == status, (method, url, response.content)
            assert response.json()["errors"]

    webhook = Webhook.objects.get()
    assert (webhook.url, webhook.active, webhook.secret, webhook.previous_secret) == (
        receiver.url, True, hook["secret"], "")
    assert (receiver.received, WebhookEvent.objects.count()) == ([], 0)


def test_another_clubs_webhook_cannot_be_pinged_changed_or_rotated(as_alice, as_mallory, club,
                                                                   other_club, receiver):
    hook = register(as_alice, club, receiver.url)
    theirs = f"{API}/clubs/{other_club.pk}/webhooks/{hook['id']}/"

    assert as_mallory.post(f"{theirs}ping/").status_code == 404
    assert as_mallory.post(f"{theirs}rotate/").status_code == 404
    assert as_mallory.patch(theirs, {"active": False}, format="json").status_code == 404
    # alice's own address of a webhook that is not there
    assert as_alice.post(f"{API}/clubs/{club.pk}/webhooks/999/rotate/").status_code == 404
    assert Webhook.objects.get().secret == hook["secret"]
