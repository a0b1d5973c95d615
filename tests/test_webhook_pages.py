"""The webhooks page (docs/organisers.md, "Webhooks"): an organiser registers a URL with the
events ticked and sees its secret once; per webhook, each delivery with its attempts, a
Replay button, pausing and deleting. Deliveries go to a receiver on 127.0.0.1, which the
setting for private targets allows here (their refusal: tests/test_webhook_targets.py). (Who
may open each page: tests/test_pages_access.py.)"""

import pytest
from django.utils import timezone

from scorekeeper import services, tasks
from scorekeeper.models import Webhook, WebhookDelivery, WebhookEvent
from scorekeeper.services import HandInput
from scorekeeper.services.policy import OPERATOR
from tests.webhook_support import verify

# The fixtures `receiver`, `committing` and `private_targets`.
pytest_plugins = ["tests.webhook_fixtures"]
pytestmark = pytest.mark.usefixtures("private_targets")


def play_a_round(club, committing):
    """A game of Anna and Ben with round 1 entered (and its deliveries sent)."""
    view = services.start_game(club=club, name="Freitag", preset="wiener",
                               players=["Anna", "Ben"], user=OPERATOR)
    ids = {seat.player.name: seat.player_id for seat in view.seats}
    with committing():
        services.record_round(game_id=view.game.pk, number=1, ender=ids["Anna"],
                              hands=[HandInput(ids["Anna"], deadwood=0),
                                     HandInput(ids["Ben"], deadwood=20)], user=OPERATOR)


def test_an_organiser_registers_a_webhook_and_sees_its_secret_once(alice_page, club, receiver,
                                                                   committing):
    page = f"/clubs/{club.pk}/webhooks/"
    assert 'name="events" value="round.recorded"' in alice_page.get(page).content.decode()

    response = alice_page.post(page, {"url": receiver.url,
                                      "events": ["round.recorded", "game.finished"]})

    assert response.status_code == 200
    webhook = Webhook.objects.get()
    html = response.content.decode()
    assert (webhook.url, webhook.events, webhook.club_id) == (
        receiver.url, ["round.recorded", "game.finished"], club.pk)
    assert f'value="{webhook.secret}"' in html and "shown only this once" in html
    assert "round.recorded, game.finished" in html
    # never again
    assert webhook.secret not in alice_page.get(page).content.decode()
    # and the secret it showed signs what is sent
    play_a_round(club, committing)
    (request,) = receiver.received
    assert verify(webhook.secret, request.headers["scorekeeper-signature"], request.body)


def test_a_bad_address_is_refused_in_words_and_writes_nothing(alice_page, club):
    response = alice_page.post(f"/clubs/{club.pk}/webhooks/", {"url": "example.org/hooks"})

    assert response.status_code == 422
    assert "Enter an address that starts with http:// or https://" in response.content.decode()
    assert 'value="example.org/hooks"' in response.content.decode()  # kept for correcting
    assert not Webhook.objects.exists()


def test_the_webhook_page_shows_each_delivery_with_its_attempts_and_replays_one(
        alice_page, club, receiver, committing):
    alice_page.post(f"/clubs/{club.pk}/webhooks/",
                    {"url": receiver.url, "events": ["round.recorded"]})  # one delivery a round
    webhook = Webhook.objects.get()
    receiver.statuses = [500]
    play_a_round(club, committing)
    delivery = WebhookDelivery.objects.get()
    page = f"/clubs/{club.pk}/webhooks/{webhook.pk}/"

    html = alice_page.get(page).content.decode()

    assert f'id="delivery-{delivery.pk}"' in html
    assert "round.recorded" in html and "The receiver answered 500" in html
    assert "Waiting" in html and "next attempt" in html

    with committing():
        replayed = alice_page.post(f"{page}deliveries/{delivery.pk}/replay/")

    assert (replayed.status_code, replayed["Location"]) == (302, f"{page}#delivery-{delivery.pk}")
    delivery.refresh_from_db()
    assert delivery.status == "delivered"
    assert [(a.status_code, a.replay) for a in delivery.attempts.all()] == [(500, False),
                                                                            (200, True)]
    html = alice_page.get(page).content.decode()
    assert "Delivered" in html and "replay" in html


def test_a_paused_webhook_is_sent_nothing_until_it_is_resumed(alice_page, club, receiver,
                                                              committing):
    alice_page.post(f"/clubs/{club.pk}/webhooks/", {"url": receiver.url})
    webhook = Webhook.objects.get()
    page = f"/clubs/{club.pk}/webhooks/{webhook.pk}/"

    paused = alice_page.post(f"{page}active/", {"active": "0"})
    play_a_round(club, committing)

    assert paused.status_code == 302 and not Webhook.objects.get().active
    assert (receiver.received, WebhookEvent.objects.count()) == ([], 0)
    assert "Resume" in alice_page.get(page).content.decode()

    alice_page.post(f"{page}active/", {"active": "1"})
    play_a_round(club, committing)
    assert [each.event["type"] for each in receiver.received] == ["round.recorded"]


def test_a_paused_webhooks_waiting_deliveries_go_out_once_it_is_resumed(
        alice_page, club, receiver, committing):
    alice_page.post(f"/clubs/{club.pk}/webhooks/",
                    {"url": receiver.url, "events": ["round.recorded"]})  # one delivery a round
    webhook = Webhook.objects.get()
    receiver.statuses = [500]
    play_a_round(club, committing)  # the first attempt fails: the delivery waits
    alice_page.post(f"/clubs/{club.pk}/webhooks/{webhook.pk}/active/", {"active": "0"})
    WebhookDelivery.objects.update(next_attempt_at=timezone.now())  # and is due

    assert tasks.sweep.enqueue().return_value == 0
    assert len(receiver.received) == 1

    alice_page.post(f"/clubs/{club.pk}/webhooks/{webhook.pk}/active/", {"active": "1"})
    assert tasks.sweep.enqueue().return_value == 1
    assert len(receiver.received) == 2 and WebhookDelivery.objects.get().status == "delivered"


def test_deleting_a_webhook_asks_first(alice_page, club, receiver, committing):
    alice_page.post(f"/clubs/{club.pk}/webhooks/", {"url": receiver.url})
    webhook = Webhook.objects.get()
    play_a_round(club, committing)
    delete = f"/clubs/{club.pk}/webhooks/{webhook.pk}/delete/"

    asked = alice_page.get(delete)
    assert asked.status_code == 200 and Webhook.objects.exists()
    assert receiver.url in asked.content.decode()

    deleted = alice_page.post(delete)

    assert (deleted.status_code, deleted["Location"]) == (302, f"/clubs/{club.pk}/webhooks/")
    assert (Webhook.objects.count(), WebhookDelivery.objects.count()) == (0, 0)
    assert "nothing more is sent to" in alice_page.get(deleted["Location"]).content.decode()


def test_the_home_page_links_the_webhooks_for_organisers_only(alice_page, bob_page, club):
    link = f'href="/clubs/{club.pk}/webhooks/"'

    assert link in alice_page.get("/").content.decode()
    assert link not in bob_page.get("/").content.decode()
