"""Undoing through the REST API (docs/api.md, "Undoing"): a re-buy taken back until the next
round, a correction that leaves a re-buy impossible, a game deleted or voided. Every write
is checked against the books (tests/api_table.py): the ledger reverses, never deletes."""

from ledger.models import Entry
from scorekeeper.models import Game, Rebuy
from tests.api_table import API, Table, errors

THREE = ["Anna", "Ben", "Cem"]


def _rebought_table(client) -> Table:
    """Round 1 leaves Cem at 85, in the re-buy window; Cem re-buys."""
    table = Table.start(client, THREE)
    table.knock("Anna", Anna=3, Ben=40, Cem=85)
    table.rebuy("Cem")
    return table


def _undo(table: Table, name: str, headers=None):
    return table.client.delete(f"{table.url}rebuys/{table.ids[name]}/", headers=headers or {})


def _reversed(table: Table) -> list[tuple]:
    """The ledger's reversals as (kind, round, from, to, amount), players by name."""
    ledger = table.ledger()
    return [flow for flow, entry in zip(table.flows(ledger), ledger, strict=True)
            if entry["reverses"]]


# --- Undoing a re-buy ---------------------------------------------------------------------------


def test_a_rebuy_undone_before_the_next_round_gives_the_pot_and_the_total_back(as_bob):
    # given Cem at 85 who re-bought
    table = Table.start(as_bob, THREE)
    table.knock("Anna", Anna=3, Ben=40, Cem=85)
    before = table.refresh()
    table.rebuy("Cem")
    assert table.by_name("rebought")["Cem"] is True
    cost = next(flow for flow in table.flows() if flow[0] == "rebuy")[-1]

    # when the scorekeeper undoes it
    response = _undo(table, "Cem")

    # then the game is as before the re-buy, the ledger reverses the re-buy's entry
    assert response.status_code == 200, response.json()
    assert response.headers["ETag"] == f'"{response.json()["version"]}"'
    table.check_books()
    game = table.game
    assert (table.by_name("total")["Cem"], table.by_name("rebought")["Cem"]) == (85, False)
    assert (game["pot"], game["players"]) == (before["pot"], before["players"])
    assert _reversed(table) == [("rebuy", 1, "pot", "Cem", cost)]
    assert len(table.ledger()) == 3 + 2 + 1 + 1  # buy-ins, premiums, re-buy, its reversal
    # and the re-buy is kept as a record, marked undone
    (row,) = Rebuy.objects.filter(game_id=table.id)
    assert (row.undone_at is not None, row.undone_by.username, row.undo_reason) == (
        True, "bob", "undone")


def test_an_undone_rebuy_can_be_taken_again_and_undone_again(as_alice):
    table = _rebought_table(as_alice)
    assert _undo(table, "Cem").status_code == 200

    table.rebuy("Cem")
    assert table.by_name("rebought")["Cem"] is True
    assert _undo(table, "Cem").status_code == 200
    table.check_books()

    assert Rebuy.objects.filter(game_id=table.id, undone_at__isnull=False).count() == 2
    assert table.refresh()["players"][2]["rebuy"]["eligible"] is True


def test_a_rebuy_cannot_be_undone_once_the_next_round_is_saved(as_alice):
    # given Cem re-bought after round 1, then round 2 was saved
    table = _rebought_table(as_alice)
    table.knock("Ben", Anna=20, Ben=0, Cem=10)
    before = table.snapshot()

    response = _undo(table, "Cem")

    assert (response.status_code, errors(response)) == (409, [(
        "player", "rebuy_not_undoable",
        "Cem's re-buy after round 1 can no longer be undone: round 2 has been saved since. "
        "Correct a round instead")])
    assert table.snapshot() == before


def test_undoing_where_there_is_no_rebuy_is_refused_and_writes_nothing(as_alice):
    table = Table.start(as_alice, THREE)
    table.knock("Anna", Anna=3, Ben=40, Cem=85)
    before = table.snapshot()

    nothing = _undo(table, "Ben")
    stranger = as_alice.delete(f"{table.url}rebuys/999999/")

    assert (nothing.status_code, errors(nothing)) == (409, [
        ("player", "rebuy_not_undoable", "Ben has no re-buy to undo")])
    assert (stranger.status_code, errors(stranger)[0][1]) == (404, "not_found")
    assert table.snapshot() == before


def test_undoing_a_rebuy_honours_if_match(as_alice):
    table = _rebought_table(as_alice)
    before = table.snapshot()

    stale = _undo(table, "Cem", headers={"If-Match": f'"{table.game["version"] - 1}"'})
    assert (stale.status_code, errors(stale)[0][1]) == (412, "version_mismatch")
    assert table.snapshot() == before

    fresh = _undo(table, "Cem", headers={"If-Match": f'"{table.game["version"]}"'})
    assert fresh.status_code == 200, fresh.json()


def test_a_viewer_cannot_undo_a_rebuy(as_alice, as_carol):
    table = _rebought_table(as_alice)
    before = table.snapshot()

    response = as_carol.delete(f"{table.url}rebuys/{table.ids['Cem']}/")

    assert response.status_code == 403
    assert table.snapshot() == before


# --- A correction that leaves a re-buy impossible ------------------------------------------------


def test_a_correction_that_takes_away_a_rebuy_undoes_it_with_its_refund(as_alice):
    # given Cem re-bought after round 1 at 85, and round 2 was played
    table = _rebought_table(as_alice)
    cost = next(flow for flow in table.flows() if flow[0] == "rebuy")[-1]
    table.knock("Ben", Anna=20, Ben=0, Cem=10)

    # when round 1 is corrected so that Cem was never in the window
    response = table.correct(1, "Anna", Anna=3, Ben=40, Cem=30, reason="Cem had 30")

    # then the re-buy is undone, its cost back to Cem, and the answer says so
    assert response.status_code == 200, response.json()
    body = response.json()
    assert body["undone_rebuys"] == [{"player": table.ids["Cem"], "after_round": 1,
                                      "cost": cost}]
    table.check_books()
    round_two = {line["player"]: line["points"] for line in table.get("rounds/2/")["results"]}
    assert (table.by_name("total")["Cem"], table.by_name("rebought")["Cem"]) == (
        30 + round_two[table.ids["Cem"]], False)
    assert ("rebuy", 1, "pot", "Cem", cost) in _reversed(table)
    (row,) = Rebuy.objects.filter(game_id=table.id)
    assert row.undo_reason == "undone by the correction of round 1"
    # and the game plays on
    table.knock("Anna", Anna=2, Ben=10, Cem=10)


def test_a_correction_that_keeps_the_rebuys_names_none(as_alice):
    table = _rebought_table(as_alice)

    response = table.correct(1, "Anna", Anna=3, Ben=41, Cem=85, reason="Ben had 41")

    assert response.status_code == 200, response.json()
    assert response.json()["undone_rebuys"] == []
    assert table.refresh()["players"][2]["rebought"] is True
    table.check_books()


# --- Deleting a game started by mistake ----------------------------------------------------------


def test_a_game_without_rounds_is_deleted_its_buy_ins_reversed_and_it_leaves_the_list(as_bob):
    # given a game started by mistake and another one
    table = Table.start(as_bob, THREE)
    kept = Table.start(as_bob, ["Dora", "Emil"])

    # when the scorekeeper deletes it
    response = as_bob.delete(table.url)

    # then it is void, every buy-in reversed, and nothing was deleted
    assert response.status_code == 200, response.json()
    game = response.json()
    assert (game["status"], game["pot"]) == ("void", "0.00")
    assert game["voided"]["reason"] == "deleted: started by mistake"
    assert game["voided"]["by"] == "bob"
    table.check_books()
    assert sorted(_reversed(table)) == sorted(
        ("buy_in", None, "pot", name, "5.00") for name in THREE)
    assert Entry.objects.filter(game_id=table.id).count() == 6
    assert Game.objects.filter(pk=table.id).exists()
    # and the lists leave it out, unless void games are asked for
    listed = as_bob.get(f"{API}/games/").json()["results"]
    voided = as_bob.get(f"{API}/games/?status=void").json()["results"]
    assert [g["id"] for g in listed] == [kept.id]
    assert [(g["id"], g["status"]) for g in voided] == [(table.id, "void")]


def test_a_game_with_rounds_cannot_be_deleted(as_alice):
    table = Table.start(as_alice, THREE)
    table.knock("Anna", Anna=3, Ben=40, Cem=22)
    before = table.snapshot()

    response = as_alice.delete(table.url)

    assert (response.status_code, errors(response)) == (409, [(
        None, "game_has_rounds", "This game has rounds, so it cannot be deleted: an organiser "
                                 "can void it, with a reason")])
    assert table.snapshot() == before


def test_nothing_more_is_entered_into_a_deleted_game(as_alice):
    table = Table.start(as_alice, THREE)
    assert as_alice.delete(table.url).status_code == 200
    before = table.snapshot()

    answers = [table.post_round("Anna", Anna=3, Ben=40, Cem=22),
               as_alice.post(f"{table.url}rebuys/", {"player": table.ids["Cem"]},
                             format="json"),
               as_alice.delete(table.url),
               as_alice.post(f"{table.url}void/", {"reason": "twice"}, format="json")]

    assert [(r.status_code, errors(r)[0][1]) for r in answers] == [(409, "game_void")] * 4
    assert table.snapshot() == before


# --- Voiding a game -----------------------------------------------------------------------------


def test_an_organiser_voids_a_game_and_every_movement_is_reversed(as_alice):
    # given a game with rounds, a re-buy and premiums
    table = _rebought_table(as_alice)
    table.knock("Ben", Anna=20, Ben=0, Cem=10)
    live = [flow for flow, entry in zip(table.flows(), table.ledger(), strict=True)
            if not entry["reverses"]]

    # when the organiser voids it
    response = as_alice.post(f"{table.url}void/", {"reason": "played with a short deck"},
                             format="json")

    # then every movement is reversed, the money is all back, the facts stay
    assert response.status_code == 200, response.json()
    game = response.json()
    assert (game["status"], game["pot"], game["round_count"]) == ("void", "0.00", 2)
    assert {p["balance"] for p in game["players"]} == {"0.00"}
    assert (game["voided"]["reason"], game["voided"]["by"]) == (
        "played with a short deck", "alice")
    table.check_books()
    assert sorted(_reversed(table)) == sorted(
        (kind, round_, target, source, amount) for kind, round_, source, target, amount in live)
    assert len(table.get("rounds/")) == 2
    # and nothing more can be entered
    refused = table.post_round("Anna", Anna=3, Ben=40, Cem=22)
    assert (refused.status_code, errors(refused)[0][1]) == (409, "game_void")
    correction = table.correct(1, "Anna", Anna=3, Ben=40, Cem=30)
    assert (correction.status_code, errors(correction)[0][1]) == (409, "game_void")


def test_a_scorekeeper_cannot_void_and_a_reason_is_required(as_alice, as_bob):
    table = Table.start(as_alice, THREE)
    table.knock("Anna", Anna=3, Ben=40, Cem=22)
    before = table.snapshot()

    by_bob = as_bob.post(f"{table.url}void/", {"reason": "wrong"}, format="json")
    blank = as_alice.post(f"{table.url}void/", {"reason": "  "}, format="json")
    missing = as_alice.post(f"{table.url}void/", {}, format="json")

    assert by_bob.status_code == 403
    assert (blank.status_code, errors(blank)[0][:2]) == (400, ("reason", "blank"))
    assert (missing.status_code, errors(missing)[0][:2]) == (400, ("reason", "required"))
    assert table.snapshot() == before


def _carried_session(client) -> tuple[dict, Table]:
    """A session whose first game carried its pot (15.00) and kitty (5.00) over."""
    session = client.post(f"{API}/sessions/", {"name": "Abend"}, format="json").json()
    first = Table.start(client, THREE, preset="romme", session=session["id"],
                        rules={"dead_play_on": True, "rummy_kitty": True})
    first.knock("Anna", Anna=5, Ben=101, Cem=20)
    first.knock("Ben", Anna=96, Ben=3, Cem=81)
    assert (first.game["status"], first.game["carried_out"]) == ("carried_over", "20.00")
    return session, first


def test_a_deleted_game_gives_its_carried_in_pot_back_to_the_session(as_alice):
    # given the next game of the session took the carried 20.00
    session, _ = _carried_session(as_alice)
    second = Table.start(as_alice, THREE, preset="romme", session=session["id"])
    carried = as_alice.get(f"{API}/sessions/{session['id']}/").json()["carried_pot"]
    assert (second.game["carried_in"], carried) == ("20.00", "0.00")

    # when it is deleted, having been started by mistake
    assert as_alice.delete(second.url).status_code == 200

    # then the session holds the carried pot again, for the game that follows
    second.check_books()
    shown = as_alice.get(f"{API}/sessions/{session['id']}/").json()
    assert shown["carried_pot"] == "20.00"
    third = Table.start(as_alice, THREE, preset="romme", session=session["id"])
    assert third.game["carried_in"] == "20.00"


def test_a_game_whose_pot_a_later_game_took_cannot_be_voided(as_alice):
    session, first = _carried_session(as_alice)
    Table.start(as_alice, THREE, preset="romme", session=session["id"])
    before = first.snapshot()

    response = as_alice.post(f"{first.url}void/", {"reason": "mistake"}, format="json")

    assert (response.status_code, errors(response)[0][1]) == (409, "game_finished")
    assert first.snapshot() == before


def test_a_game_paid_out_normally_can_be_voided_though_a_later_game_took_another_pot(as_alice):
    # given a session whose second game took the first game's carried pot, and a third game
    session, _first = _carried_session(as_alice)
    second = Table.start(as_alice, THREE, preset="romme", session=session["id"])
    second.knock("Anna", Anna=3, Ben=40, Cem=22)
    third = Table.start(as_alice, THREE, preset="romme", session=session["id"])
    third.knock("Ben", Anna=30, Ben=2, Cem=22)

    # when the organiser voids the third game, whose pot went nowhere
    response = as_alice.post(f"{third.url}void/", {"reason": "wrong players"}, format="json")

    # then it is voided: only a game whose own pot a later game took is kept
    assert response.status_code == 200, response.json()
    third.check_books()


def test_a_game_without_rounds_is_deleted_not_voided(as_alice):
    table = Table.start(as_alice, THREE)
    before = table.snapshot()

    response = as_alice.post(f"{table.url}void/", {"reason": "mistake"}, format="json")

    assert (response.status_code, errors(response)[0][1]) == (409, "game_has_no_rounds")
    assert table.snapshot() == before


def test_a_void_game_is_exported_and_imported_as_void(as_alice):
    # given a voided game
    table = _rebought_table(as_alice)
    as_alice.post(f"{table.url}void/", {"reason": "played with a short deck"}, format="json")
    document = as_alice.get(f"{table.url}export/").json()
    assert document["game"]["voided"]["reason"] == "played with a short deck"

    # when it is imported (into the same club, as a new document)
    document["export_id"] = "5f0c6a52-4a7e-4c43-9d1c-6b0e7e1a9a01"
    club = Game.objects.get(pk=table.game["id"]).club_id
    response = as_alice.post(f"{API}/clubs/{club}/import/", document, format="json")

    # then the copy is void too, with its reason, and its books agree
    assert response.status_code == 201, response.json()
    copy = Game.objects.exclude(pk=table.game["id"]).get(name=table.game["name"])
    assert (copy.status, copy.void_reason) == ("void", "played with a short deck")
    verify = as_alice.get(f"{API}/games/{copy.pk}/verify/").json()
    assert (verify["verified"], verify["differences"]) == (True, []), verify
