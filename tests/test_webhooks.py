"""Webhooks through the REST API (docs/api.md, "Webhooks"): registering, one event per
action, signed deliveries to a real receiver on 127.0.0.1, retries with backoff, replay,
the outbox (a refused change sends nothing), and who may manage them.

The tasks run at once in the tests (settings.TASKS); a delivery is enqueued when the
change commits, so every action whose deliveries matter runs inside `committing()`,
which runs the transaction's on-commit callbacks as a real commit would.
"""

import ast
import json
import os
import subprocess
import sys
from datetime import timedelta
from pathlib import Path

import pytest
from django.db.models import F
from django.utils import timezone

from scorekeeper import tasks
from scorekeeper.models import Webhook, WebhookAttempt, WebhookDelivery, WebhookEvent
from scorekeeper.services import webhook_sending, webhook_signing, webhooks
from tests.api_table import API, Table, errors
from tests.webhook_support import verify

# The fixtures `receiver`, `committing`, `private_targets` and `dns`.
pytest_plugins = ["tests.webhook_fixtures"]


@pytest.fixture(autouse=True)
def targets(private_targets, dns):
    """The receiver listens on 127.0.0.1, which the setting allows here (the refusals of
    private targets: tests/test_webhook_targets.py); example.org resolves to a public
    address without asking real DNS."""
    dns.answer("example.org", "93.184.215.14")

# --- Helpers -----------------------------------------------------------------------------------

ROUND = ["round.recorded"]  # a round is then one delivery, without its game's game.created


def register(client, club, url, *, events=None) -> dict:
    body = {"url": url} if events is None else {"url": url, "events": events}
    response = client.post(f"{API}/clubs/{club.pk}/webhooks/", body, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def emitted(receiver, committing, action) -> list[tuple[str, dict]]:
    """The events `action` sends: (type, data) in order."""
    before = len(receiver.received)
    with committing():
        action()
    return receiver.events()[before:]


def due_now(delivery: WebhookDelivery) -> None:
    """Time passes until the delivery's next attempt is due."""
    WebhookDelivery.objects.filter(pk=delivery.pk).update(
        next_attempt_at=F("next_attempt_at") - timedelta(days=1))


# --- Registering -----------------------------------------------------------------------------


def test_registering_answers_the_secret_once_with_a_location(as_alice, club):
    response = as_alice.post(f"{API}/clubs/{club.pk}/webhooks/",
                             {"url": "https://example.org/hooks",
                              "events": ["game.finished", "round.recorded", "game.finished"]},
                             format="json")

    assert response.status_code == 201, response.json()
    created = response.json()
    assert response["Location"] == f"{API}/clubs/{club.pk}/webhooks/{created['id']}/"
    assert (created["url"], created["events"], created["active"], created["created_by"]) == (
        "https://example.org/hooks", ["round.recorded", "game.finished"], True, "alice")
    assert len(created["secret"]) >= 32
    # then never again: not in the webhook, not in the list
    shown = as_alice.get(response["Location"]).json()
    listed = as_alice.get(f"{API}/clubs/{club.pk}/webhooks/").json()
    assert "secret" not in shown and shown == {k: v for k, v in created.items() if k != "secret"}
    assert [each["id"] for each in listed] == [created["id"]]
    assert all("secret" not in each for each in listed)


@pytest.mark.parametrize(("body", "field", "code"), [
    ({"url": "ftp://example.org/hooks"}, "url", "invalid"),
    ({"url": "https://"}, "url", "invalid"),
    ({"url": "example.org/hooks"}, "url", "invalid"),
    ({"url": "https://example.org:99999/"}, "url", "invalid"),
    ({"url": "https://exa mple.org/"}, "url", "invalid"),
    ({"url": "https://example.org/" + "x" * 500}, "url", "max_length"),
    ({"url": 7}, "url", "invalid"),
    ({}, "url", "required"),
    ({"url": "https://example.org/", "events": "round.recorded"}, "events", "not_a_list"),
    ({"url": "https://example.org/", "events": ["round.recorded", "game.won"]}, "events[1]",
     "invalid_choice"),
    ({"url": "https://example.org/", "event": ["round.recorded"]}, "event", "unknown_field"),
])
def test_a_bad_webhook_is_a_400_naming_the_field_and_writes_nothing(as_alice, club, body, field,
                                                                    code):
    response = as_alice.post(f"{API}/clubs/{club.pk}/webhooks/", body, format="json")

    assert response.status_code == 400, response.json()
    assert [(f, c) for f, c, _ in errors(response)] == [(field, code)]
    assert not Webhook.objects.exists()


def test_an_unknown_event_is_named_in_the_message(as_alice, club):
    response = as_alice.post(f"{API}/clubs/{club.pk}/webhooks/",
                             {"url": "https://example.org/", "events": ["game.won"]},
                             format="json")

    (_field, _code, message), = errors(response)
    assert message.startswith('Unknown event "game.won"; the events are game.created, '
                              'round.recorded, ')


def test_deleting_a_webhook_takes_its_deliveries_along(as_alice, club, receiver, committing):
    hook = register(as_alice, club, receiver.url)
    with committing():
        Table.start(as_alice, ["Anna", "Ben"]).knock("Anna", Anna=0, Ben=20)
    assert WebhookDelivery.objects.count() == 2  # game.created, round.recorded

    url = f"{API}/clubs/{club.pk}/webhooks/{hook['id']}/"
    assert as_alice.delete(url).status_code == 204

    assert as_alice.get(url).status_code == 404
    assert (Webhook.objects.count(), WebhookDelivery.objects.count(),
            WebhookAttempt.objects.count()) == (0, 0, 0)


# --- Deliveries: signed, one event per action -------------------------------------------------


def test_a_round_is_delivered_signed_with_the_documented_headers(as_alice, club, receiver,
                                                                 committing):
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    hook = register(as_alice, club, receiver.url)

    with committing():
        answer = table.knock("Anna", Anna=3, Ben=40, Cem=10)

    (request,) = receiver.received
    delivery = WebhookDelivery.objects.get()
    assert request.path == "/hooks/"
    assert request.headers["content-type"] == "application/json"
    assert request.headers["user-agent"].startswith("Scorekeeper-Webhooks/")
    assert request.headers["scorekeeper-event"] == "round.recorded"
    assert request.headers["scorekeeper-delivery"] == str(delivery.pk)
    assert verify(hook["secret"], request.headers["scorekeeper-signature"], request.body)
    assert not verify("another secret", request.headers["scorekeeper-signature"], request.body)
    assert not verify(hook["secret"], request.headers["scorekeeper-signature"],
                      request.body.replace(b'"round":1', b'"round":2'))
    event = request.event
    assert set(event) == {"id", "type", "created", "club", "data"}
    assert (event["id"], event["type"], event["club"]) == (delivery.event_id, "round.recorded",
                                                           club.pk)
    assert event["created"].endswith("Z")
    version = answer["game"]["version"]
    assert event["data"] == {"game": table.id, "session": answer["game"]["session"],
                             "version": version, "sequence": version, "status": "running",
                             "round": 1}
    assert delivery.status == "delivered" and delivery.next_attempt_at is None
    assert list(delivery.attempts.values_list("number", "status_code", "error", "replay")) == [
        (1, 200, "", False)]


def test_an_old_signature_fails_the_documented_check(as_alice, club, receiver, committing):
    table = Table.start(as_alice, ["Anna", "Ben"])
    hook = register(as_alice, club, receiver.url)
    with committing():
        table.knock("Anna", Anna=0, Ben=20)
    (request,) = receiver.received
    stamp = int(request.headers["scorekeeper-signature"].split(",")[0].removeprefix("t="))
    old = stamp - 301
    replayed = f"t={old},v1={webhook_signing.signature(hook['secret'], old, request.body)}"

    assert verify(hook["secret"], request.headers["scorekeeper-signature"], request.body)
    assert not verify(hook["secret"], replayed, request.body)


def test_each_action_emits_its_event(as_alice, club, receiver, committing):
    register(as_alice, club, receiver.url)
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    cem = table.ids["Cem"]
    versions = []

    def then(action):
        sent = emitted(receiver, committing, action)
        versions.append(table.refresh()["version"])
        return sent

    recorded = then(lambda: table.knock("Anna", Anna=3, Ben=40, Cem=85))
    taken = then(lambda: table.rebuy("Cem"))
    undone = then(lambda: as_alice.delete(f"{table.url}rebuys/{cem}/"))
    table.rebuy("Cem")
    corrected = then(lambda: table.correct(1, "Anna", reason="Cem had 20", Anna=3, Ben=40,
                                           Cem=20))

    game = {"game": table.id, "session": table.game["session"], "status": "running"}
    # the game's events are ordered by its version: the sequence
    at = [{"version": version, "sequence": version} for version in versions]
    assert recorded == [("round.recorded", {**game, **at[0], "round": 1})]
    assert taken == [("rebuy.taken", {**game, **at[1], "player": cem, "after_round": 1})]
    assert undone == [("rebuy.undone", {**game, **at[2], "player": cem, "after_round": 1,
                                        "by_correction": None})]
    # the correction leaves Cem in the game: his second re-buy is undone with it
    assert corrected == [
        ("round.corrected", {**game, **at[3], "round": 1, "revision": 1,
                             "reason": "Cem had 20"}),
        ("rebuy.undone", {**game, **at[3], "player": cem, "after_round": 1, "by_correction": 1}),
    ]


def test_a_game_that_ends_alone_is_finished_and_its_evening_settled(as_alice, club, receiver,
                                                                    committing):
    register(as_alice, club, receiver.url)
    table = Table.start(as_alice, ["Anna", "Ben"], preset="romme")

    sent = emitted(receiver, committing, lambda: table.knock("Anna", Anna=0, Ben=101))

    game = table.refresh()
    session = as_alice.get(f"{API}/sessions/{game['session']}/").json()
    data = {"game": table.id, "session": game["session"], "version": game["version"],
            "sequence": game["version"], "status": "finished"}
    assert sent == [
        ("round.recorded", {**data, "round": 1}),
        ("game.finished", {**data, "winner": table.ids["Anna"]}),
        # the evening's only game: the evening's sequence is that game's version
        ("session.settled", {"session": game["session"], "sequence": game["version"],
                             "games": [table.id], "currency": "EUR", "net": session["net"],
                             "transfers": session["transfers"]}),
    ]
    assert session["transfers"] and all(
        isinstance(each["amount"], str) and "." in each["amount"] for each in session["net"])


def test_an_evening_is_settled_when_its_last_running_game_ends(as_alice, club, receiver,
                                                               committing):
    register(as_alice, club, receiver.url)
    evening = as_alice.post(f"{API}/sessions/", {"name": "Freitagabend"}, format="json").json()
    points = Table.start(as_alice, ["Anna", "Ben", "Cem"], preset="romme",
                         rules={"mode": "points"}, session=evening["id"])
    points.knock("Anna", Anna=0, Ben=23, Cem=12)
    pot = Table.start(as_alice, ["Anna", "Ben", "Cem"], session=evening["id"])
    pot.knock("Anna", Anna=3, Ben=40, Cem=85)
    mistake = Table.start(as_alice, ["Anna", "Ben"], session=evening["id"])

    closed = emitted(receiver, committing, lambda: as_alice.post(f"{points.url}close/"))
    deleted = emitted(receiver, committing, lambda: as_alice.delete(mistake.url))
    voided = emitted(receiver, committing, lambda: as_alice.post(
        f"{pot.url}void/", {"reason": "short deck"}, format="json"))

    # closing the first game ends it, but the pot game still runs
    assert [kind for kind, _ in closed] == ["game.finished"]
    assert closed[0][1]["status"] == "finished"
    version = mistake.refresh()["version"]
    assert deleted == [("game.voided", {
        "game": mistake.id, "session": evening["id"], "version": version, "sequence": version,
        "status": "void", "reason": "deleted: started by mistake", "deleted": True})]
    # voiding the last running game leaves the evening settled: the Punktespiel's money
    assert [kind for kind, _ in voided] == ["game.voided", "session.settled"]
    assert voided[0][1]["reason"] == "short deck" and voided[0][1]["deleted"] is False
    settled = voided[1][1]
    session = as_alice.get(f"{API}/sessions/{evening['id']}/").json()
    assert (settled["games"], settled["net"], settled["transfers"]) == (
        [points.id], session["net"], session["transfers"])
    assert sum(int(each["amount"].replace(".", "")) for each in settled["net"]) == 0


def test_a_webhook_gets_only_the_events_it_asked_for(as_alice, club, receiver, committing):
    register(as_alice, club, receiver.url, events=["game.finished"])
    table = Table.start(as_alice, ["Anna", "Ben"], preset="romme")

    sent = emitted(receiver, committing, lambda: (table.knock("Anna", Anna=0, Ben=30),
                                                  table.knock("Ben", Anna=101, Ben=0)))

    assert [kind for kind, _ in sent] == ["game.finished"]
    # only the event that was sent is kept
    assert list(WebhookEvent.objects.values_list("kind", flat=True)) == ["game.finished"]


def test_nothing_is_kept_or_sent_without_a_webhook_and_an_import_sends_nothing(
        as_alice, club, other_club, receiver, committing):
    table = Table.start(as_alice, ["Anna", "Ben"], preset="romme")
    with committing():
        table.knock("Anna", Anna=0, Ben=101)
    assert not WebhookEvent.objects.exists()

    # an imported game was played elsewhere: its rounds are not news
    register(as_alice, club, receiver.url)
    document = as_alice.get(f"{table.url}export/").json()
    with committing():
        imported = as_alice.post(f"{API}/clubs/{club.pk}/import/", document, format="json")

    assert imported.status_code == 201, imported.json()
    assert (receiver.received, WebhookEvent.objects.count()) == ([], 0)


# --- The outbox -------------------------------------------------------------------------------


def test_a_refused_change_sends_nothing_and_keeps_no_event(as_alice, club, receiver, committing):
    table = Table.start(as_alice, ["Anna", "Ben"])
    register(as_alice, club, receiver.url)
    with committing():
        table.knock("Anna", Anna=0, Ben=20)
    events = WebhookEvent.objects.count()

    with committing():
        stale = table.post_round("Anna", number=1, Anna=0, Ben=20)  # round 1 is taken
        stranger = table.post_round("Anna", hands=[{"player": 999999, "deadwood": 1}])
        stale_fix = table.correct(1, "Anna", version=1, reason="late", Anna=0, Ben=30)

    assert (stale.status_code, stranger.status_code, stale_fix.status_code) == (409, 400, 412)
    assert WebhookEvent.objects.count() == events == 1
    assert [kind for kind, _ in receiver.events()] == ["round.recorded"]  # the accepted one


@pytest.mark.django_db(transaction=True)
def test_an_event_is_only_written_inside_the_transaction_of_its_change(club):
    webhooks.create_webhook(club_id=club.pk, url="http://127.0.0.1:9/hooks")

    with pytest.raises(RuntimeError, match="inside the transaction of the change"):
        webhooks.emit(club.pk, webhooks.GAME_FINISHED, {"game": 1})

    assert not WebhookEvent.objects.exists()


def test_a_retried_post_with_its_idempotency_key_emits_once(as_alice, club, receiver,
                                                            committing):
    table = Table.start(as_alice, ["Anna", "Ben"])
    register(as_alice, club, receiver.url)
    key = {"Idempotency-Key": "round-1-from-phone-7"}

    with committing():
        first = table.post_round("Anna", number=1, Anna=0, Ben=20, headers=key)
        again = table.post_round("Anna", number=1, Anna=0, Ben=20, headers=key)

    assert (first.status_code, again.status_code, again["Idempotent-Replayed"]) == (
        201, 201, "true")
    assert [kind for kind, _ in receiver.events()] == ["round.recorded"]
    assert WebhookEvent.objects.count() == 1


def test_a_delivery_whose_task_was_lost_is_sent_by_the_sweep(as_alice, club, receiver,
                                                             django_capture_on_commit_callbacks):
    table = Table.start(as_alice, ["Anna", "Ben"])
    register(as_alice, club, receiver.url)
    # the change commits, but its on-commit callbacks never run: the process died there
    with django_capture_on_commit_callbacks(execute=False):
        table.knock("Anna", Anna=0, Ben=20)
    assert receiver.received == []
    delivery = WebhookDelivery.objects.get()
    assert delivery.status == "pending" and delivery.next_attempt_at <= timezone.now()

    assert tasks.sweep.enqueue().return_value == 1

    assert [kind for kind, _ in receiver.events()] == ["round.recorded"]
    delivery.refresh_from_db()
    assert delivery.status == "delivered"
    # and a second sweep finds nothing more to send
    assert tasks.sweep.enqueue().return_value == 0
    assert len(receiver.received) == 1


# --- Retries and replay -----------------------------------------------------------------------


def test_a_failed_delivery_is_tried_again_until_it_is_delivered(as_alice, club, receiver,
                                                                committing):
    table = Table.start(as_alice, ["Anna", "Ben"])
    register(as_alice, club, receiver.url)
    receiver.statuses = [500]

    with committing():
        table.knock("Anna", Anna=0, Ben=20)

    delivery = WebhookDelivery.objects.get()
    failed_at = delivery.attempts.get().at
    assert delivery.status == "pending"
    assert delivery.next_attempt_at - failed_at == pytest.approx(timedelta(minutes=1),
                                                                 abs=timedelta(seconds=2))
    assert tasks.sweep.enqueue().return_value == 0  # not due yet

    due_now(delivery)
    tasks.sweep.enqueue()

    delivery.refresh_from_db()
    assert delivery.status == "delivered" and delivery.next_attempt_at is None
    assert list(delivery.attempts.values_list("number", "status_code", "error")) == [
        (1, 500, "The receiver answered 500"), (2, 200, "")]
    first, second = receiver.received
    assert first.body == second.body  # the same event, id and all
    assert first.headers["scorekeeper-delivery"] == second.headers["scorekeeper-delivery"]


def test_the_backoff_grows_and_the_sixth_failure_gives_up(as_alice, club, receiver, committing):
    table = Table.start(as_alice, ["Anna", "Ben"])
    register(as_alice, club, receiver.url)
    receiver.statuses = [503] * 10
    with committing():
        table.knock("Anna", Anna=0, Ben=20)
    delivery = WebhookDelivery.objects.get()

    waits = []
    for _ in range(5):
        delivery.refresh_from_db()
        waits.append(delivery.next_attempt_at - delivery.attempts.last().at)
        due_now(delivery)
        tasks.sweep.enqueue()

    delivery.refresh_from_db()
    expected = [timedelta(minutes=1), timedelta(minutes=5), timedelta(minutes=30),
                timedelta(hours=2), timedelta(hours=12)]
    assert [round(wait.total_seconds()) for wait in waits] == [
        wait.total_seconds() for wait in expected]
    assert (delivery.status, delivery.next_attempt_at, delivery.attempts.count()) == (
        "failed", None, 6)
    assert tasks.sweep.enqueue().return_value == 0
    assert len(receiver.received) == 6


def test_a_redirect_is_not_followed(as_alice, club, receiver, committing):
    register(as_alice, club, receiver.url, events=ROUND)
    receiver.statuses = [302]
    with committing():
        Table.start(as_alice, ["Anna", "Ben"]).knock("Anna", Anna=0, Ben=20)

    attempt = WebhookAttempt.objects.get()
    assert attempt.status_code == 302
    assert attempt.error == (f"The receiver answered 302, a redirect to {receiver.url}elsewhere/: "
                             "redirects are not followed; register the final URL")
    assert [each.path for each in receiver.received] == ["/hooks/"]
    assert WebhookDelivery.objects.get().status == "pending"


def test_a_slow_receiver_times_out(as_alice, club, receiver, committing, monkeypatch):
    monkeypatch.setattr(webhook_sending, "TIMEOUT", 0.2)
    register(as_alice, club, receiver.url, events=ROUND)
    receiver.delay = 1.0
    with committing():
        Table.start(as_alice, ["Anna", "Ben"]).knock("Anna", Anna=0, Ben=20)

    attempt = WebhookAttempt.objects.get()
    assert (attempt.status_code, attempt.error) == (None, "No answer within 0.2 seconds")
    assert WebhookDelivery.objects.get().status == "pending"


def test_a_receiver_that_does_not_listen_is_an_error_attempt(as_alice, club, receiver,
                                                             committing):
    url = receiver.url
    receiver.stop()  # nothing listens on its port any more
    register(as_alice, club, url, events=ROUND)
    with committing():
        Table.start(as_alice, ["Anna", "Ben"]).knock("Anna", Anna=0, Ben=20)

    attempt = WebhookAttempt.objects.get()
    assert attempt.status_code is None and "refused" in attempt.error.lower()


def test_a_replay_is_one_more_attempt_marked_as_replay(as_alice, club, receiver, committing):
    hook = register(as_alice, club, receiver.url, events=ROUND)
    receiver.statuses = [500]
    with committing():
        Table.start(as_alice, ["Anna", "Ben"]).knock("Anna", Anna=0, Ben=20)
    delivery = WebhookDelivery.objects.get()
    replay = (f"{API}/clubs/{club.pk}/webhooks/{hook['id']}/deliveries/{delivery.pk}/"
              "replay/")

    with committing():
        response = as_alice.post(replay)

    assert response.status_code == 202, response.json()
    assert (response.json()["id"], response.json()["status"]) == (delivery.pk, "pending")
    delivery.refresh_from_db()
    assert delivery.status == "delivered"
    assert list(delivery.attempts.values_list("number", "status_code", "replay",
                                              "requested_by__username")) == [
        (1, 500, False, None), (2, 200, True, "alice")]
    # a delivered one may be replayed too; a failing replay leaves it delivered
    receiver.statuses = [500]
    with committing():
        assert as_alice.post(replay).status_code == 202
    delivery.refresh_from_db()
    assert (delivery.status, delivery.attempts.count()) == ("delivered", 3)
    assert len({each.body for each in receiver.received}) == 1


def test_the_deliveries_are_listed_newest_first_with_their_attempts(as_alice, club, receiver,
                                                                   committing):
    table = Table.start(as_alice, ["Anna", "Ben"])
    hook = register(as_alice, club, receiver.url)
    receiver.statuses = [500]
    with committing():
        table.knock("Anna", Anna=0, Ben=20)
        table.knock("Ben", Anna=20, Ben=0)
    url = f"{API}/clubs/{club.pk}/webhooks/{hook['id']}/deliveries/"

    page = as_alice.get(url).json()
    second = as_alice.get(url, {"page_size": 1, "page": 2})
    second_page = second.json()

    assert page["count"] == 2 and page["next"] is None
    newest, oldest = page["results"]
    assert (newest["event"]["data"]["round"], oldest["event"]["data"]["round"]) == (2, 1)
    assert (newest["status"], oldest["status"]) == ("delivered", "pending")
    assert oldest["next_attempt_at"] is not None
    assert [(a["number"], a["status_code"], a["error"], a["replay"])
            for a in oldest["attempts"]] == [(1, 500, "The receiver answered 500", False)]
    assert oldest["event"] == json.loads(receiver.received[0].body)
    assert [each["id"] for each in second_page["results"]] == [oldest["id"]]
    assert second["Link"] == (f'<http://testserver{url}?page_size=1>; rel="first", '
                              f'<http://testserver{url}?page_size=1>; rel="prev", '
                              f'<http://testserver{url}?page=2&page_size=1>; rel="last"')


# --- Who may manage webhooks ------------------------------------------------------------------


def test_only_the_clubs_organisers_manage_its_webhooks(as_alice, as_bob, as_carol, as_mallory,
                                                       anonymous, club, receiver, committing):
    hook = register(as_alice, club, receiver.url, events=ROUND)
    with committing():
        Table.start(as_alice, ["Anna", "Ben"]).knock("Anna", Anna=0, Ben=20)
    delivery = WebhookDelivery.objects.get()
    base = f"{API}/clubs/{club.pk}/webhooks/"
    uses = [("get", base, None), ("post", base, {"url": "https://example.org/"}),
            ("get", f"{base}{hook['id']}/", None), ("delete", f"{base}{hook['id']}/", None),
            ("get", f"{base}{hook['id']}/deliveries/", None),
            ("post", f"{base}{hook['id']}/deliveries/{delivery.pk}/replay/", None)]

    for client, status in ((as_bob, 403), (as_carol, 403), (as_mallory, 404), (anonymous, 401)):
        for method, url, body in uses:
            with committing():
                response = getattr(client, method)(url, body, format="json")
            assert response.status_code == status, (method, url, response.content)
            assert response.json()["errors"]

    assert (Webhook.objects.count(), WebhookAttempt.objects.count()) == (1, 1)
    assert len(receiver.received) == 1


def test_another_clubs_webhook_and_delivery_do_not_exist_here(as_alice, as_mallory, club,
                                                              other_club, receiver, committing):
    hook = register(as_alice, club, receiver.url, events=ROUND)
    with committing():
        Table.start(as_alice, ["Anna", "Ben"]).knock("Anna", Anna=0, Ben=20)
    delivery = WebhookDelivery.objects.get()
    theirs = f"{API}/clubs/{other_club.pk}/webhooks/{hook['id']}/"

    assert as_mallory.get(theirs).status_code == 404
    assert as_mallory.post(f"{theirs}deliveries/{delivery.pk}/replay/").status_code == 404
    assert as_alice.post(f"{API}/clubs/{club.pk}/webhooks/{hook['id']}/deliveries/999/replay/"
                         ).status_code == 404


# --- The database queue and its worker, as `make run` runs them ---------------------------------

BASE_DIR = Path(__file__).resolve().parent.parent
# Run by `manage.py shell` in a process of its own, on a database of its own; it prints the
# secret, then what the queue and the delivery look like after each step.
WORKER_SCRIPT = """
from datetime import timedelta

from django.conf import settings
from django.core.management import call_command
from django.utils import timezone
from django_tasks_db.models import DBTaskResult, get_date_max

from scorekeeper.models import Club, WebhookDelivery
from scorekeeper.services import HandInput, record_round, start_game, webhooks
from scorekeeper.services.policy import OPERATOR


def work():
    call_command("db_worker", batch=True, startup_delay=False, interval=0, verbosity=0)


def queue():
    # (task, status, whether it waits for a time still to come)
    return sorted((row.task_path.rsplit(".", 1)[1], row.status,
                   timezone.now() < row.run_after < get_date_max())
                  for row in DBTaskResult.objects.all())


call_command("migrate", verbosity=0)
settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = True  # the receiver listens on 127.0.0.1
club = Club.objects.create(name="Ottakring")
hook = webhooks.create_webhook(club_id=club.pk, url="{url}", events=["round.recorded"])
view = start_game(club=club, name="Freitag", preset="wiener", players=["Anna", "Ben"],
                  user=OPERATOR)
ids = {{seat.player.name: seat.player_id for seat in view.seats}}
record_round(game_id=view.game.pk, number=1, ender=ids["Anna"], user=OPERATOR,
             hands=[HandInput(ids["Anna"], deadwood=0), HandInput(ids["Ben"], deadwood=20)])
work()
print(hook.secret)
print(queue())
# a minute and more passes: the retry is due
due = timezone.now() - timedelta(seconds=1)
WebhookDelivery.objects.update(next_attempt_at=due)
DBTaskResult.objects.filter(status="READY").update(run_after=due)
work()
print(WebhookDelivery.objects.get().status)
# the sweep is queued at every start of `make run`
call_command("sweepwebhooks")
work()
call_command("sweepwebhooks")
work()
print([row for row in queue() if row[0] == "sweep"])
"""


def test_the_database_queue_delivers_retries_and_sweeps_once(tmp_path, receiver):
    """Outside the tests' immediate backend: django-tasks-db's queue in the database, run by
    its worker (`manage.py db_worker`, here in batches)."""
    env = {**{key: value for key, value in os.environ.items()
              if key not in ("PYTEST_VERSION", "DEBUG")},
           "DATABASE_URL": f"sqlite:///{tmp_path / 'tasks.sqlite3'}",
           # its signing key file (scorekeeper/keyfile.py) here, not in the home folder
           "XDG_STATE_HOME": str(tmp_path)}
    receiver.statuses = [500]

    done = subprocess.run(
        [sys.executable, "manage.py", "shell", "--no-imports", "-c",
         WORKER_SCRIPT.format(url=receiver.url)],
        cwd=BASE_DIR, env=env, capture_output=True, text=True, timeout=180)

    assert done.returncode == 0, done.stderr
    secret, after_failure, after_retry, sweeps = done.stdout.strip().splitlines()
    first, second = receiver.received
    assert verify(secret, first.headers["scorekeeper-signature"], first.body)
    assert second.body == first.body
    # the failed attempt left its retry waiting in the queue for its time
    assert ast.literal_eval(after_failure) == [("deliver", "READY", True),
                                               ("deliver", "SUCCESSFUL", False)]
    assert after_retry == "delivered"
    # two starts, two sweeps run, one waiting: never two
    assert ast.literal_eval(sweeps) == [("sweep", "READY", True), ("sweep", "SUCCESSFUL", False),
                                        ("sweep", "SUCCESSFUL", False)]
