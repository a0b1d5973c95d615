"""One lock order for membership changes (docs/security.md): two organisers taking each
other's role, or both leaving, at the same moment. Each request runs in its own thread
with its own connection and commits for real (as tests/test_api_concurrency.py does), so
the database's locks are what keeps them apart: exactly one succeeds, the other gets a
clear 409, and the club keeps an organiser. On PostgreSQL, locking the two members' rows
in opposite orders was a deadlock."""

import time

import pytest
from django.contrib.auth import get_user_model
from rest_framework.test import APIClient

from scorekeeper.models import Club, Membership
from scorekeeper.services import clubs as club_services
from tests.concurrency import together

pytestmark = pytest.mark.django_db(transaction=True)

User = get_user_model()


@pytest.fixture
def slow_count(monkeypatch):
    """Each change waits a moment after taking its member's row and before counting the
    organisers: the other change surely holds its own row by then."""
    original = club_services._keeps_an_organiser

    def slow(*args, **kwargs):
        time.sleep(0.3)
        return original(*args, **kwargs)

    monkeypatch.setattr(club_services, "_keeps_an_organiser", slow)


@pytest.fixture
def two_organisers():
    club = Club.objects.create(name="Ottakring")
    people = [User.objects.create_user(name) for name in ("alice", "bob")]
    for person in people:
        Membership.objects.create(club=club, user=person, role=Membership.Role.ORGANISER)
    return club, people


def _together(calls):
    """Each (user, call(client)) with a client of that user's, at the same moment."""
    return together([lambda user=user, call=call: call(_client(user)) for user, call in calls])


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _demote(club, other):
    return lambda client: client.post(f"/api/v1/clubs/{club.pk}/members/",
                                      {"username": other.username, "role": "viewer"},
                                      format="json")


def _leave(club):
    return lambda client: client.delete(f"/api/v1/clubs/{club.pk}/members/me/")


def _one_won_one_was_told(responses, success: int):
    assert sorted(r.status_code for r in responses) == [success, 409], [
        r.content for r in responses]
    lost = next(r for r in responses if r.status_code == 409)
    assert [e["code"] for e in lost.json()["errors"]] == ["last_organiser"]


def test_two_organisers_demoting_each_other_at_once_leave_one_organiser(two_organisers,
                                                                         slow_count):
    club, (alice, bob) = two_organisers

    responses = _together([(alice, _demote(club, bob)), (bob, _demote(club, alice))])

    _one_won_one_was_told(responses, 201)
    roles = dict(Membership.objects.filter(club=club).values_list("user__username", "role"))
    assert sorted(roles.values()) == ["organiser", "viewer"]


def test_two_organisers_leaving_at_once_leave_one_organiser(two_organisers, slow_count):
    club, (alice, bob) = two_organisers

    responses = _together([(alice, _leave(club)), (bob, _leave(club))])

    _one_won_one_was_told(responses, 204)
    assert list(Membership.objects.filter(club=club).values_list("role", flat=True)) == [
        "organiser"]
