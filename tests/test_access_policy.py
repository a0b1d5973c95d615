"""The one access policy (scorekeeper/services/policy.py, docs/security.md "Who may do what"):
its table is the documentation's, idempotent replays ask it again, and its answers for
every persona, including the API tokens limited to reading or to another club."""

import pytest
from django.core.management import call_command
from rest_framework.test import APIClient

from scorekeeper.models import ApiToken, Club, Membership, Webhook
from scorekeeper.services import policy
from scorekeeper.services.errors import Hidden, Refused
from tests.api_table import API, Table

HOOK = {"url": "http://127.0.0.1:9/hooks", "events": ["game.finished"]}


@pytest.fixture(autouse=True)
def private_hooks(settings):
    # The webhook here is a receiver on loopback, allowed for development only.
    settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = True


def test_the_table_in_docs_security_md_is_the_policy_s():
    call_command("accesstable", "--check")  # CommandError when the copy differs


def test_the_table_is_asked_of_check_itself():
    # A persona the table says may not, check refuses; one it says may, check lets through.
    viewer = next(p for p in policy.PERSONAS if p.name == "viewer")
    read_token = next(p for p in policy.PERSONAS if p.name == "organiser, read token")

    assert policy.outcome(viewer, "club.read") == policy.ALLOWED
    assert policy.outcome(viewer, "game.write") == "403"
    assert policy.outcome(read_token, "club.admin.read") == policy.ALLOWED
    assert policy.outcome(read_token, "club.admin") == "403"


def test_a_stranger_is_hidden_and_a_member_with_too_little_is_refused(alice, carol, mallory,
                                                                      club):
    with pytest.raises(Hidden):
        policy.check(mallory, "club.read", club.pk)
    with pytest.raises(Refused, match="Viewers can read"):
        policy.check(carol, "game.write", club.pk)
    assert policy.check(alice, "game.void", club.pk) == Membership.Role.ORGANISER
    with pytest.raises(Hidden):
        policy.check(None, "club.read", club.pk)  # nobody is allowed nothing


# --- Idempotent replays ---------------------------------------------------------------------


def test_a_removed_member_replaying_a_stored_webhook_post_gets_404_not_the_secret(
        as_alice, alice, bob, club):
    Membership.objects.filter(user=bob).update(role=Membership.Role.ORGANISER)
    as_bob = APIClient()
    as_bob.force_authenticate(bob)
    first = as_bob.post(f"{API}/clubs/{club.pk}/webhooks/", HOOK, format="json",
                        headers={"Idempotency-Key": "hook-1"})
    assert first.status_code == 201 and first.json()["secret"]

    Membership.objects.filter(user=bob).delete()  # bob leaves the club
    again = as_bob.post(f"{API}/clubs/{club.pk}/webhooks/", HOOK, format="json",
                        headers={"Idempotency-Key": "hook-1"})

    assert again.status_code == 404, again.content
    assert "secret" not in again.content.decode()
    assert again.json()["errors"][0]["code"] == "not_found"
    assert Webhook.objects.count() == 1


def test_a_demoted_organiser_replaying_gets_403(bob, club):
    Membership.objects.filter(user=bob).update(role=Membership.Role.ORGANISER)
    as_bob = APIClient()
    as_bob.force_authenticate(bob)
    first = as_bob.post(f"{API}/clubs/{club.pk}/webhooks/", HOOK, format="json",
                        headers={"Idempotency-Key": "hook-2"})
    assert first.status_code == 201

    Membership.objects.filter(user=bob).update(role=Membership.Role.VIEWER)
    again = as_bob.post(f"{API}/clubs/{club.pk}/webhooks/", HOOK, format="json",
                        headers={"Idempotency-Key": "hook-2"})

    assert again.status_code == 403
    assert "secret" not in again.content.decode()


def test_a_member_who_still_may_gets_the_replay(as_alice, club):
    first = as_alice.post(f"{API}/clubs/{club.pk}/webhooks/", HOOK, format="json",
                          headers={"Idempotency-Key": "hook-3"})
    again = as_alice.post(f"{API}/clubs/{club.pk}/webhooks/", HOOK, format="json",
                          headers={"Idempotency-Key": "hook-3"})

    assert (again.status_code, again["Idempotent-Replayed"]) == (201, "true")
    assert again.json() == first.json()


def test_a_removed_scorekeeper_replaying_a_round_gets_404(as_alice, bob, club):
    table = Table.start(as_alice, ["Anna", "Ben"])
    as_bob = APIClient()
    as_bob.force_authenticate(bob)
    body = {"number": 1, "ender": table.ids["Anna"],
            "hands": [{"player": table.ids["Anna"], "deadwood": 0},
                      {"player": table.ids["Ben"], "deadwood": 20}]}
    first = as_bob.post(f"{table.url}rounds/", body, format="json",
                        headers={"Idempotency-Key": "round-1"})
    assert first.status_code == 201

    Membership.objects.filter(user=bob).delete()
    again = as_bob.post(f"{table.url}rounds/", body, format="json",
                        headers={"Idempotency-Key": "round-1"})

    assert again.status_code == 404
    assert "Anna" not in again.content.decode()


# --- Tokens as the policy reads them --------------------------------------------------------


def _token_client(user, **fields) -> APIClient:
    _row, secret = ApiToken.objects.create(user=user, **fields)
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {secret}")
    return client


def test_a_token_of_another_club_finds_nothing_here_and_a_read_token_writes_nothing(
        as_alice, alice, club):
    table = Table.start(as_alice, ["Anna", "Ben"])
    hernals = Club.objects.create(name="Hernals")
    Membership.objects.create(club=hernals, user=alice, role=Membership.Role.ORGANISER)
    elsewhere = _token_client(alice, club=hernals)
    reading = _token_client(alice, scope=ApiToken.Scope.READ)

    assert elsewhere.get(table.url).status_code == 404
    assert [c["name"] for c in elsewhere.get(f"{API}/clubs/").json()] == ["Hernals"]
    assert table.id not in {g["id"] for g in elsewhere.get(f"{API}/games/").json()["results"]}
    assert elsewhere.post(f"{API}/clubs/", {"name": "X"}, format="json").status_code == 403

    assert reading.get(table.url).status_code == 200
    refused = reading.post(f"{table.url}close/", format="json")
    assert refused.status_code == 403
    assert refused.json()["errors"][0]["message"] == policy.READ_ONLY_TOKEN


# --- Commands ask too -----------------------------------------------------------------------


def test_a_command_asks_the_policy_with_the_user_it_is_given(alice, carol, mallory, club):
    from scorekeeper import services
    from scorekeeper.models import Game

    with pytest.raises(Hidden):
        services.start_game(club=club, name="X", preset="wiener", players=["A", "B"],
                            user=mallory)
    with pytest.raises(Refused):
        services.start_game(club=club, name="X", preset="wiener", players=["A", "B"],
                            user=carol)
    assert not Game.objects.exists()
    view = services.start_game(club=club, name="X", preset="wiener", players=["A", "B"],
                               user=alice)
    with pytest.raises(Refused, match="organisers void"):
        Membership.objects.filter(user=alice).update(role=Membership.Role.SCOREKEEPER)
        services.void_game(game_id=view.game.pk, reason="test", user=alice)
    # The operator (management commands) is trusted; nobody at all is not.
    with pytest.raises(Hidden):
        services.delete_game(game_id=view.game.pk, user=None)
    assert services.delete_game(game_id=view.game.pk, user=policy.OPERATOR).void
