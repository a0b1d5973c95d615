"""Membership by consent (docs/api.md, "Clubs and roles"; docs/organisers.md, "Members and
invites"): an organiser's request to add someone by user name is an invitation that the
person accepts or declines; known and unknown names get the same answer; a member may
leave. Through the API and the pages alike."""

import re
from datetime import timedelta

import pytest
from django.contrib.auth import get_user_model
from django.test import Client
from django.utils import timezone
from django.utils.dateparse import parse_datetime
from rest_framework.test import APIClient

from scorekeeper.models import Invite, Membership
from scorekeeper.services import clubs as club_services
from tests.api_table import API, errors

User = get_user_model()


def role_of(club, username: str) -> str | None:
    return (Membership.objects.filter(club=club, user__username=username)
            .values_list("role", flat=True).first())


@pytest.fixture
def vic(db):
    return User.objects.create_user("vic", password="vic-secret-42")


@pytest.fixture
def as_vic(vic):
    client = APIClient()
    client.force_authenticate(vic)
    return client


@pytest.fixture
def vic_page(vic):
    client = Client()
    client.force_login(vic)
    return client


def add(client, club, username, role="viewer", **extra):
    return client.post(f"{API}/clubs/{club.pk}/members/", {"username": username, "role": role},
                       format="json", **extra)


# --- Asking, not adding -----------------------------------------------------------------------


def test_adding_someone_by_name_invites_them_and_adds_nobody(as_alice, alice, club, vic):
    response = add(as_alice, club, "vic")

    assert response.status_code == 202, response.content
    assert response.json() == {"username": "vic", "role": "viewer", "status": "invited"}
    assert role_of(club, "vic") is None
    invite = Invite.objects.get(club=club)
    assert (invite.invitee, invite.role, invite.max_uses, invite.uses, invite.created_by) == (
        vic, "viewer", 1, 0, alice)
    assert invite.expires_at - timezone.now() > timedelta(days=6)


def test_a_known_and_an_unknown_name_get_the_same_answer(as_alice, club, vic):
    known = add(as_alice, club, "vic")
    unknown = add(as_alice, club, "nobody-here")
    unknown_again = add(as_alice, club, "vic", role="organiser")

    assert known.status_code == unknown.status_code == 202
    assert unknown.json() == {"username": "nobody-here", "role": "viewer", "status": "invited"}
    assert set(known.json()) == set(unknown.json())
    assert not known.has_header("Location") and not unknown.has_header("Location")
    # nothing was written for the unknown name; the repeat keeps vic's one invitation
    assert unknown_again.status_code == 202
    invite = Invite.objects.get(club=club)
    assert (invite.invitee.username, invite.role) == ("vic", "organiser")


def test_a_members_role_is_still_changed_by_the_same_request(as_alice, club, carol):
    response = add(as_alice, club, "carol", role="scorekeeper")

    assert response.status_code == 201
    assert response.json() == {"username": "carol", "role": "scorekeeper"}
    assert role_of(club, "carol") == "scorekeeper"
    assert not Invite.objects.exists()


def test_only_organisers_invite_by_name(as_bob, as_carol, as_mallory, club, vic):
    assert add(as_bob, club, "vic").status_code == 403
    assert add(as_carol, club, "vic").status_code == 403
    assert add(as_mallory, club, "vic").status_code == 404
    assert not Invite.objects.exists()


# --- The invited person answers ---------------------------------------------------------------


def test_the_invited_person_sees_and_accepts_the_invitation(as_alice, as_vic, club, vic):
    add(as_alice, club, "vic", role="scorekeeper")

    listed = as_vic.get(f"{API}/invitations/")
    assert listed.status_code == 200
    (invitation,) = listed.json()
    invite = Invite.objects.get()
    assert parse_datetime(invitation.pop("expires_at")) == invite.expires_at
    assert invitation == {"id": invite.pk, "club": {"id": club.pk, "name": "Ottakring"},
                          "role": "scorekeeper", "invited_by": "alice"}

    accepted = as_vic.post(f"{API}/invitations/{invite.pk}/accept/")

    assert accepted.status_code == 201, accepted.content
    assert accepted.json() == {"id": club.pk, "name": "Ottakring", "role": "scorekeeper"}
    assert accepted["Location"] == f"{API}/clubs/{club.pk}/"
    assert role_of(club, "vic") == "scorekeeper"
    invite.refresh_from_db()
    assert invite.uses == 1
    assert as_vic.get(f"{API}/invitations/").json() == []
    # the invitation is used: accepting again lets nobody in twice
    again = as_vic.post(f"{API}/invitations/{invite.pk}/accept/")
    assert again.status_code == 200 and Membership.objects.filter(user=vic).count() == 1


def test_the_invited_person_declines_and_stays_out(as_alice, as_vic, club):
    add(as_alice, club, "vic")
    invite = Invite.objects.get()

    declined = as_vic.post(f"{API}/invitations/{invite.pk}/decline/")

    assert declined.status_code == 204
    assert role_of(club, "vic") is None
    invite.refresh_from_db()
    assert invite.declined_at is not None
    assert as_vic.get(f"{API}/invitations/").json() == []
    refused = as_vic.post(f"{API}/invitations/{invite.pk}/accept/")
    assert refused.status_code == 410
    assert errors(refused)[0][1] == "invite_declined"
    assert role_of(club, "vic") is None
    # the organiser sees the answer in the invites list
    (listed,) = as_alice.get(f"{API}/clubs/{club.pk}/invites/").json()
    assert (listed["invitee"], listed["state"], listed["url"]) == ("vic", "declined", None)


def test_someone_elses_invitation_does_not_exist_for_them(as_alice, as_bob, as_mallory,
                                                           club, vic):
    add(as_alice, club, "vic")
    invite = Invite.objects.get()

    for client in (as_alice, as_bob, as_mallory):
        assert client.get(f"{API}/invitations/").json() == []
        assert client.post(f"{API}/invitations/{invite.pk}/accept/").status_code == 404
        assert client.post(f"{API}/invitations/{invite.pk}/decline/").status_code == 404
    assert APIClient().get(f"{API}/invitations/").status_code == 401
    invite.refresh_from_db()
    assert (invite.uses, invite.declined_at) == (0, None)
    assert not Membership.objects.filter(club=club, user__username="mallory").exists()


def test_an_addressed_invite_cannot_be_used_through_a_join_link(as_alice, club, vic,
                                                                mallory_page, vic_page):
    add(as_alice, club, "vic")
    invite = Invite.objects.get()

    assert mallory_page.get(f"/join/{invite.token}/").status_code == 404
    assert mallory_page.post(f"/join/{invite.token}/").status_code == 404
    assert Client().post(f"/join/{invite.token}/", {
        "username": "dora", "password1": "Kartenglück-2024",
        "password2": "Kartenglück-2024"}).status_code == 404
    with pytest.raises(club_services.NotFound):
        club_services.accept_invite(token=invite.token, user=User.objects.get(username="mallory"))
    assert role_of(club, "mallory") is None and not User.objects.filter(username="dora").exists()
    invite.refresh_from_db()
    assert invite.uses == 0


def test_the_organisers_see_who_is_invited_and_revoke_it(as_alice, as_vic, club, alice_page):
    add(as_alice, club, "vic", role="scorekeeper")
    invite = Invite.objects.get()

    (listed,) = as_alice.get(f"{API}/clubs/{club.pk}/invites/").json()
    page = alice_page.get(f"/clubs/{club.pk}/invites/").content.decode()

    assert (listed["invitee"], listed["state"], listed["url"]) == ("vic", "open", None)
    assert "invited: vic, waiting" in page
    assert invite.token not in page  # an addressed invite has no link to pass on
    assert as_alice.delete(f"{API}/clubs/{club.pk}/invites/{invite.pk}/").status_code == 204
    assert as_vic.get(f"{API}/invitations/").json() == []
    assert as_vic.post(f"{API}/invitations/{invite.pk}/accept/").status_code == 410
    assert role_of(club, "vic") is None


def test_an_expired_invitation_is_not_listed_and_lets_nobody_in(as_alice, as_vic, club):
    add(as_alice, club, "vic")
    Invite.objects.update(expires_at=timezone.now() - timedelta(seconds=1))
    invite = Invite.objects.get()

    assert as_vic.get(f"{API}/invitations/").json() == []
    refused = as_vic.post(f"{API}/invitations/{invite.pk}/accept/")
    assert refused.status_code == 410 and errors(refused)[0][1] == "invite_expired"
    assert role_of(club, "vic") is None


def test_asking_again_after_an_answer_asks_anew(as_alice, as_vic, club):
    add(as_alice, club, "vic")
    first = Invite.objects.get()
    as_vic.post(f"{API}/invitations/{first.pk}/decline/")

    add(as_alice, club, "vic")

    assert Invite.objects.filter(invitee__username="vic").count() == 2
    assert len(as_vic.get(f"{API}/invitations/").json()) == 1


# --- Leaving ----------------------------------------------------------------------------------


def test_a_member_leaves_a_club_and_its_open_invites_are_revoked(as_carol, as_alice, club):
    invite = club_services.create_invite(club_id=club.pk, role="organiser")

    response = as_carol.delete(f"{API}/clubs/{club.pk}/members/me/")

    assert response.status_code == 204
    assert role_of(club, "carol") is None
    assert as_carol.get(f"{API}/clubs/{club.pk}/").status_code == 404
    invite.refresh_from_db()
    assert invite.revoked_at is not None
    assert as_carol.delete(f"{API}/clubs/{club.pk}/members/me/").status_code == 404


def test_the_last_organiser_may_not_leave(as_alice, club, bob):
    response = as_alice.delete(f"{API}/clubs/{club.pk}/members/me/")

    assert response.status_code == 409
    assert errors(response)[0][1:] == (
        "last_organiser", "A club needs an organiser: make someone else organiser first")
    assert role_of(club, "alice") == "organiser"


def test_a_stranger_cannot_leave_a_club_they_are_not_in(as_mallory, anonymous, club, alice):
    assert as_mallory.delete(f"{API}/clubs/{club.pk}/members/me/").status_code == 404
    assert anonymous.delete(f"{API}/clubs/{club.pk}/members/me/").status_code == 401
    assert Membership.objects.filter(club=club).count() == 1


# --- The pages --------------------------------------------------------------------------------


def test_the_home_page_lists_an_invitation_and_accepting_joins(as_alice, club, vic_page):
    add(as_alice, club, "vic", role="scorekeeper")
    invite = Invite.objects.get()

    home = vic_page.get("/").content.decode()

    assert "Invitations" in home
    assert "alice invites you to Ottakring as scorekeeper." in home
    assert f'action="/invitations/{invite.pk}/accept/"' in home
    assert f'action="/invitations/{invite.pk}/decline/"' in home
    response = vic_page.post(f"/invitations/{invite.pk}/accept/", follow=True)
    assert response.redirect_chain == [("/", 302)]
    assert "You joined Ottakring as scorekeeper." in response.content.decode()
    assert role_of(club, "vic") == "scorekeeper"
    assert f"/invitations/{invite.pk}/" not in response.content.decode()


def test_declining_on_the_home_page_keeps_them_out(as_alice, club, vic_page):
    add(as_alice, club, "vic")
    invite = Invite.objects.get()

    response = vic_page.post(f"/invitations/{invite.pk}/decline/", follow=True)

    assert response.redirect_chain == [("/", 302)]
    assert "You declined the invitation to Ottakring." in response.content.decode()
    assert role_of(club, "vic") is None
    invite.refresh_from_db()
    assert invite.declined_at is not None


def test_another_persons_invitation_is_a_404_on_the_pages(as_alice, club, vic_page, carol_page,
                                                         mallory_page):
    add(as_alice, club, "vic")
    invite = Invite.objects.get()

    for client in (carol_page, mallory_page):
        assert client.post(f"/invitations/{invite.pk}/accept/").status_code == 404
        assert client.post(f"/invitations/{invite.pk}/decline/").status_code == 404
    assert Client().post(f"/invitations/{invite.pk}/accept/").status_code == 302  # sign in
    assert vic_page.get(f"/invitations/{invite.pk}/accept/").status_code == 405
    invite.refresh_from_db()
    assert (invite.uses, invite.declined_at) == (0, None)


def test_a_member_leaves_from_the_members_page_after_confirming(club, carol_page, alice):
    members = carol_page.get(f"/clubs/{club.pk}/members/").content.decode()
    assert f'href="/clubs/{club.pk}/leave/"' in members
    assert "Leave this club" in members

    confirm = carol_page.get(f"/clubs/{club.pk}/leave/")
    assert confirm.status_code == 200
    assert "Leave Ottakring?" in confirm.content.decode()
    assert role_of(club, "carol") == "viewer"  # opening the page changes nothing

    response = carol_page.post(f"/clubs/{club.pk}/leave/", follow=True)

    assert response.redirect_chain == [("/", 302)]
    assert "You left Ottakring." in response.content.decode()
    assert role_of(club, "carol") is None


def test_the_last_organiser_is_told_why_they_cannot_leave(club, alice_page, mallory_page):
    response = alice_page.post(f"/clubs/{club.pk}/leave/")

    assert response.status_code == 409
    assert "A club needs an organiser: make someone else organiser first." in (
        response.content.decode())
    assert role_of(club, "alice") == "organiser"
    assert mallory_page.get(f"/clubs/{club.pk}/leave/").status_code == 404


def test_the_invites_page_invites_by_user_name_with_the_same_answer(club, alice_page, vic):
    known = alice_page.post(f"/clubs/{club.pk}/invites/", {"username": "vic", "role": "viewer"},
                            follow=True)
    unknown = alice_page.post(f"/clubs/{club.pk}/invites/",
                              {"username": "nobody-here", "role": "viewer"}, follow=True)

    said = "If %s has an account, they see the invitation when they sign in."
    assert said % "vic" in known.content.decode()
    assert said % "nobody-here" in unknown.content.decode()
    assert re.search(r"invited: vic, waiting", unknown.content.decode())
    assert list(Invite.objects.values_list("invitee__username", flat=True)) == ["vic"]
    assert role_of(club, "vic") is None


def test_a_blank_name_or_a_wrong_role_is_refused_next_to_its_field(club, alice_page, vic):
    blank = alice_page.post(f"/clubs/{club.pk}/invites/", {"username": " ", "role": "viewer"})
    king = alice_page.post(f"/clubs/{club.pk}/invites/", {"username": "vic", "role": "king"})

    assert blank.status_code == 422
    assert '<p class="error" id="username-error">Write the user name of the person to invite.' in (
        blank.content.decode())
    assert king.status_code == 422
    assert '<p class="error" id="invite-role-error">Choose a role.' in king.content.decode()
    assert not Invite.objects.exists()


def test_the_invitation_pages_speak_german(as_alice, club, vic_page):
    add(as_alice, club, "vic", role="scorekeeper")
    vic_page.cookies["django_language"] = "de"

    home = vic_page.get("/", HTTP_ACCEPT_LANGUAGE="de").content.decode()

    assert "alice lädt dich als Schreiber in Ottakring ein." in home
    assert "Annehmen" in home and "Ablehnen" in home
