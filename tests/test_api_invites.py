"""A club's invites through the API (docs/api.md, "Clubs and roles"): organisers make,
read and revoke the links that let people join; the link made here is the page's link."""

from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from scorekeeper.models import Invite
from tests.api_table import API, errors


@pytest.fixture
def invites_url(club):
    return f"{API}/clubs/{club.pk}/invites/"


def test_an_organiser_makes_an_invite_and_its_link_opens_the_join_page(as_alice, club,
                                                                        invites_url):
    before = timezone.now()
    response = as_alice.post(invites_url, {"role": "viewer", "days": 3, "uses": 2},
                             format="json")

    assert response.status_code == 201, response.content
    invite = response.json()
    stored = Invite.objects.get()
    assert response["Location"] == f"{invites_url}{stored.pk}/"
    assert invite["id"] == stored.pk
    assert (invite["role"], invite["state"], invite["uses"], invite["max_uses"],
            invite["uses_left"], invite["created_by"], invite["revoked_at"]) == (
        "viewer", "open", 0, 2, 2, "alice", None)
    assert timedelta(days=3) <= stored.expires_at - before < timedelta(days=3, minutes=1)
    assert invite["url"] == f"http://testserver/join/{stored.token}/"

    page = Client().get(invite["url"])
    assert page.status_code == 200
    assert "Ottakring" in page.content.decode()

    again = as_alice.get(response["Location"])
    assert again.status_code == 200
    assert again.json() == invite


def test_days_and_uses_have_the_pages_defaults(as_alice, invites_url):
    before = timezone.now()
    invite = as_alice.post(invites_url, {"role": "scorekeeper"}, format="json").json()
    assert (invite["max_uses"], invite["role"]) == (1, "scorekeeper")
    expires = Invite.objects.get().expires_at
    assert timedelta(days=7) <= expires - before < timedelta(days=7, minutes=1)


def test_the_link_uses_public_url_when_it_is_set(as_alice, invites_url, settings):
    settings.PUBLIC_URL = "http://192.168.1.23:8000"
    invite = as_alice.post(invites_url, {"role": "viewer"}, format="json").json()
    assert invite["url"].startswith("http://192.168.1.23:8000/join/")


@pytest.mark.parametrize("body, field", [
    ({}, "role"),
    ({"role": "boss"}, "role"),
    ({"role": "viewer", "days": 0}, "days"),
    ({"role": "viewer", "days": 31}, "days"),
    ({"role": "viewer", "days": "7"}, "days"),
    ({"role": "viewer", "uses": 0}, "uses"),
    ({"role": "viewer", "uses": 101}, "uses"),
    ({"role": "viewer", "uses": 1.5}, "uses"),
    ({"role": "viewer", "max_uses": 5}, "max_uses"),
])
def test_bad_input_is_a_400_naming_the_field_and_makes_no_invite(as_alice, invites_url,
                                                                  body, field):
    response = as_alice.post(invites_url, body, format="json")
    assert response.status_code == 400, response.content
    assert field in {f for f, _code, _message in errors(response)}
    assert not Invite.objects.exists()


def test_the_list_shows_every_invite_newest_first_with_links_only_while_open(
        as_alice, invites_url):
    first = as_alice.post(invites_url, {"role": "viewer"}, format="json").json()
    second = as_alice.post(invites_url, {"role": "organiser", "uses": 5}, format="json").json()
    as_alice.delete(f"{invites_url}{first['id']}/")

    listed = as_alice.get(invites_url).json()

    assert [i["id"] for i in listed] == [second["id"], first["id"]]
    assert [i["state"] for i in listed] == ["open", "revoked"]
    assert listed[0]["url"] == second["url"]
    assert listed[1]["url"] is None and listed[1]["revoked_at"]


def test_a_revoked_invite_lets_no_one_in_and_revoking_again_changes_nothing(
        as_alice, invites_url):
    invite = as_alice.post(invites_url, {"role": "viewer"}, format="json").json()

    response = as_alice.delete(f"{invites_url}{invite['id']}/")

    assert response.status_code == 204
    assert Client().get(invite["url"]).status_code == 410
    revoked_at = Invite.objects.get().revoked_at
    assert as_alice.delete(f"{invites_url}{invite['id']}/").status_code == 204
    assert Invite.objects.get().revoked_at == revoked_at


def test_an_invite_of_another_club_is_not_found(as_alice, as_mallory, invites_url,
                                                 other_club):
    theirs = as_mallory.post(f"{API}/clubs/{other_club.pk}/invites/", {"role": "viewer"},
                             format="json").json()

    assert as_alice.delete(f"{invites_url}{theirs['id']}/").status_code == 404
    assert as_alice.get(f"{invites_url}{theirs['id']}/").status_code == 404
    assert as_alice.delete(f"{invites_url}999999/").status_code == 404
    assert Invite.objects.get().revoked_at is None


@pytest.mark.parametrize("persona, status", [
    ("as_bob", 403), ("as_carol", 403), ("as_mallory", 404), ("anonymous", 401)])
def test_only_organisers_handle_invites(request, as_alice, invites_url, persona, status):
    invite = as_alice.post(invites_url, {"role": "viewer"}, format="json").json()
    client = request.getfixturevalue(persona)

    assert client.get(invites_url).status_code == status
    assert client.post(invites_url, {"role": "organiser"}, format="json").status_code == status
    assert client.get(f"{invites_url}{invite['id']}/").status_code == status
    assert client.delete(f"{invites_url}{invite['id']}/").status_code == status
    assert Invite.objects.count() == 1 and Invite.objects.get().revoked_at is None


def test_a_retried_post_with_its_idempotency_key_makes_one_invite(as_alice, invites_url):
    body = {"role": "viewer", "days": 2}
    first = as_alice.post(invites_url, body, format="json", HTTP_IDEMPOTENCY_KEY="inv-1")
    retry = as_alice.post(invites_url, body, format="json", HTTP_IDEMPOTENCY_KEY="inv-1")

    assert (first.status_code, retry.status_code) == (201, 201)
    assert retry.json() == first.json()
    assert retry["Location"] == first["Location"]
    assert retry["Idempotent-Replayed"] == "true"
    assert Invite.objects.count() == 1
