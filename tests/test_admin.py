"""The admin edits names only; whatever a game shows follows at once (a new version)."""

import pytest

from scorekeeper.models import Game

from .api_table import Table

pytestmark = pytest.mark.django_db


@pytest.fixture
def staff(alice):
    alice.is_staff = alice.is_superuser = True
    alice.save()
    return alice


def test_renaming_a_game_in_the_admin_gives_it_a_new_version(as_alice, staff, client):
    # given a game whose object a phone has polled (it holds the ETag)
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    table.knock("Anna", Anna=2, Ben=30, Cem=40)
    polled = as_alice.get(table.url)

    # when an organiser renames it in the admin
    client.force_login(staff)
    response = client.post(f"/admin/scorekeeper/game/{table.id}/change/",
                           {"name": "Freitag, Tisch 2", "seats-TOTAL_FORMS": "0",
                            "seats-INITIAL_FORMS": "3", "seats-MIN_NUM_FORMS": "0",
                            "seats-MAX_NUM_FORMS": "1000", "_save": "Save"})
    assert response.status_code == 302, response.content.decode()[:3000]

    # then the phone's poll gets the new name, not a 304, and nothing else changed
    again = as_alice.get(table.url, HTTP_IF_NONE_MATCH=polled["ETag"])
    assert again.status_code == 200
    assert again.json()["name"] == "Freitag, Tisch 2"
    assert {**again.json(), "name": "Freitag", "version": 0} == {
        **polled.json(), "version": 0}
    assert again["ETag"] != polled["ETag"]


def test_renaming_a_player_in_the_admin_shows_at_once_in_their_games(as_alice, staff, client):
    # given a game whose object is kept for its version
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    before = as_alice.get(table.url)

    # when an organiser corrects a player's name in the admin
    client.force_login(staff)
    anna = table.ids["Anna"]
    response = client.post(f"/admin/scorekeeper/player/{anna}/change/",
                           {"name": "Anna B.", "club": Game.objects.get(pk=table.id).club_id,
                            "_save": "Save"})
    assert response.status_code == 302, response.content.decode()[:3000]

    # then the game answers with the new name under a new ETag
    after = as_alice.get(table.url)
    assert after.json()["players"][0]["name"] == "Anna B."
    assert after["ETag"] != before["ETag"]


def test_the_admin_keeps_what_a_round_wrote_while_its_form_was_open(as_alice, staff, client):
    # given an admin form loaded before a round is entered
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    client.force_login(staff)
    assert client.get(f"/admin/scorekeeper/game/{table.id}/change/").status_code == 200
    table.knock("Anna", Anna=2, Ben=30, Cem=40)
    version = Game.objects.get(pk=table.id).version

    # when the form is saved afterwards
    client.post(f"/admin/scorekeeper/game/{table.id}/change/",
                {"name": "Renamed", "seats-TOTAL_FORMS": "0", "seats-INITIAL_FORMS": "3",
                 "seats-MIN_NUM_FORMS": "0", "seats-MAX_NUM_FORMS": "1000", "_save": "Save"})

    # then the round and its state stand; only the name and the version moved on
    game = Game.objects.get(pk=table.id)
    assert (game.name, game.version, game.status) == ("Renamed", version + 1, "running")
    assert as_alice.get(table.url).json()["round_count"] == 1
