"""A token's club and scope, enforced on requests (docs/api.md, "Tokens"; docs/security.md):
a token scoped to one club acts as an outsider in every other club (404), and a read token
is refused every write (403 "This token may only read"). The access policy
(scorekeeper.services.policy) decides; these tests ask the API."""

import pytest
from rest_framework.test import APIClient

from scorekeeper.models import Club, Game, Membership
from tests.api_table import API, Table, errors

READ_ONLY = "This token may only read"


@pytest.fixture
def two_clubs(alice, club, other_club):
    """Alice organises both clubs; a game is on in each."""
    Membership.objects.create(user=alice, club=other_club, role=Membership.Role.ORGANISER)
    session = APIClient()
    session.force_authenticate(alice)
    ours = Table.start(session, ["Anna", "Ben"], club=club.pk)
    theirs = Table.start(session, ["Cem", "Dora"], club=other_club.pk)
    return ours, theirs


def token_client(club=None, scope="write") -> APIClient:
    body = {"username": "alice", "password": "alice-secret-42", "scope": scope}
    if club is not None:
        body["club"] = club.pk
    made = APIClient().post(f"{API}/auth/token/", body, format="json")
    assert made.status_code == 200, made.content
    client = APIClient()
    client.credentials(HTTP_AUTHORIZATION=f"Bearer {made.json()['token']}")
    return client


def post_round(client, table, ender, **deadwood):
    return client.post(f"{table.url}rounds/", {
        "number": table.game["next_round"], "ender": table.ids[ender],
        "hands": table.hands(**deadwood)}, format="json")


def test_a_personal_token_reaches_every_club_of_its_user(two_clubs):
    ours, theirs = two_clubs
    client = token_client()
    assert client.get(ours.url).status_code == 200
    assert client.get(theirs.url).status_code == 200
    assert len(client.get(f"{API}/clubs/").json()) == 2


def test_a_club_token_reads_and_writes_in_its_club(two_clubs, club):
    ours, _theirs = two_clubs
    client = token_client(club)
    assert client.get(ours.url).status_code == 200
    assert client.get(f"{API}/clubs/{club.pk}/").status_code == 200
    assert post_round(client, ours, "Anna", Anna=0, Ben=25).status_code == 201


def test_a_club_token_is_an_outsider_in_the_other_club(two_clubs, club, other_club):
    _ours, theirs = two_clubs
    client = token_client(club)

    assert client.get(theirs.url).status_code == 404
    assert client.get(f"{API}/clubs/{other_club.pk}/").status_code == 404
    assert client.get(f"{API}/clubs/{other_club.pk}/members/").status_code == 404
    response = post_round(client, theirs, "Cem", Cem=0, Dora=25)
    assert response.status_code == 404
    assert Game.objects.get(pk=theirs.id).rounds.count() == 0


def test_a_club_token_lists_only_its_club_and_its_games(two_clubs, club):
    ours, _theirs = two_clubs
    client = token_client(club)

    assert [c["id"] for c in client.get(f"{API}/clubs/").json()] == [club.pk]
    listed = client.get(f"{API}/games/").json()
    games = listed["results"] if isinstance(listed, dict) else listed
    assert [g["id"] for g in games] == [ours.id]


def test_a_club_token_makes_no_club(two_clubs, club):
    response = token_client(club).post(f"{API}/clubs/", {"name": "Hernals"}, format="json")
    assert response.status_code == 403
    assert not Club.objects.filter(name="Hernals").exists()


@pytest.mark.parametrize("scoped", [False, True])
def test_a_read_token_reads_but_every_write_is_a_403(two_clubs, club, scoped):
    ours, _theirs = two_clubs
    client = token_client(club if scoped else None, scope="read")

    assert client.get(ours.url).status_code == 200
    assert client.get(f"{ours.url}ledger/").status_code == 200
    response = post_round(client, ours, "Anna", Anna=0, Ben=25)
    assert response.status_code == 403
    assert errors(response)[0][2] == READ_ONLY
    assert Game.objects.get(pk=ours.id).rounds.count() == 0
    response = client.post(f"{API}/clubs/", {"name": "Hernals"}, format="json")
    assert response.status_code == 403
    assert not Club.objects.filter(name="Hernals").exists()


def test_a_club_read_token_in_the_other_club_is_a_404_not_a_403(two_clubs, club):
    _ours, theirs = two_clubs
    response = post_round(token_client(club, scope="read"), theirs, "Cem", Cem=0, Dora=25)
    assert response.status_code == 404
