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


# --- A game is voided, never deleted (docs/security.md, "The ledger cannot be orphaned") ---
# Its ledger entries name it by id: deleting the row would leave money no game accounts for.


def _game_left(table) -> bool:
    return Game.objects.filter(pk=table.id).exists()


def test_the_admin_offers_no_way_to_delete_a_game(as_alice, staff, client):
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    client.force_login(staff)

    # neither the game's delete page nor its confirmation deletes it
    assert client.get(f"/admin/scorekeeper/game/{table.id}/delete/").status_code == 403
    assert client.post(f"/admin/scorekeeper/game/{table.id}/delete/",
                       {"post": "yes"}).status_code == 403
    # nor does the list's bulk action, which is not offered at all
    listing = client.get("/admin/scorekeeper/game/")
    assert "delete_selected" not in listing.content.decode()
    client.post("/admin/scorekeeper/game/", {"action": "delete_selected", "post": "yes",
                                             "_selected_action": [table.id]})
    assert _game_left(table)


def test_deleting_a_club_with_games_in_the_admin_is_refused(as_alice, staff, client, club):
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    # A game of no table session (the field may be empty) is not held by its session's
    # protection: only the club's own check keeps it.
    Game.objects.filter(pk=table.id).update(session=None)
    client.force_login(staff)

    # the confirmation page says why, and confirming deletes nothing
    page = client.get(f"/admin/scorekeeper/club/{club.pk}/delete/")
    assert "void" in page.content.decode()
    client.post(f"/admin/scorekeeper/club/{club.pk}/delete/", {"post": "yes"})
    client.post("/admin/scorekeeper/club/", {"action": "delete_selected", "post": "yes",
                                             "_selected_action": [club.pk]})
    assert _game_left(table)


def test_deleting_an_evening_or_a_player_of_a_game_in_the_admin_is_refused(
        as_alice, staff, client):
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    game = Game.objects.get(pk=table.id)
    client.force_login(staff)

    client.post(f"/admin/scorekeeper/tablesession/{game.session_id}/delete/", {"post": "yes"})
    client.post(f"/admin/scorekeeper/player/{table.ids['Anna']}/delete/", {"post": "yes"})
    client.post("/admin/scorekeeper/tablesession/", {"action": "delete_selected", "post": "yes",
                                                     "_selected_action": [game.session_id]})
    assert _game_left(table)
    assert game.session.__class__.objects.filter(pk=game.session_id).exists()


def test_a_club_without_games_can_still_be_deleted_in_the_admin(staff, client, other_club):
    client.force_login(staff)
    response = client.post(f"/admin/scorekeeper/club/{other_club.pk}/delete/", {"post": "yes"})
    assert response.status_code == 302
    assert not type(other_club).objects.filter(pk=other_club.pk).exists()


@pytest.mark.parametrize(("name", "says"), [
    ("\u0410nna", "\u0410nna looks like Anna, a player of this club"),
    ("An\u200bna", "A name cannot hold format characters"),
    ("BEN", "BEN is a player of this club already"),
])
def test_the_admin_refuses_to_rename_a_player_to_a_look_alike(as_alice, staff, client, name,
                                                              says):
    # given Anna, Ben and Cem of one club
    table = Table.start(as_alice, ["Anna", "Ben", "Cem"])
    client.force_login(staff)
    cem = table.ids["Cem"]

    # when Cem is renamed to a name that passes for another player's
    response = client.post(f"/admin/scorekeeper/player/{cem}/change/", {
        "name": name, "club": Game.objects.get(pk=table.id).club_id, "_save": "Save"})

    # then the form says so and the name stays
    assert response.status_code == 200
    assert says in response.content.decode()
    assert as_alice.get(table.url).json()["players"][2]["name"] == "Cem"
