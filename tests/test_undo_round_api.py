"""Undoing the last round through the REST API (docs/api.md, "Undoing"; issue 25, item 3):
`DELETE /api/v1/games/{id}/rounds/{n}/` while round n is the last, as the sheet's "Undo
round N". Every write is checked against the books (tests/api_table.py): the ledger
reverses the round's money, never deletes it, and the next round takes its number again;
the club's webhooks are told (round.undone)."""

from scorekeeper.models import Round
from tests.api_table import API, Table, errors
from tests.export_support import organised_by_alice, seen

# The fixtures `receiver` and `committing` (a webhook's receiving end, commits in a test).
pytest_plugins = ["tests.webhook_fixtures"]

THREE = ["Anna", "Ben", "Cem"]


def _two_rounds(client) -> tuple[Table, dict]:
    """Two rounds; the game object as it was after the first."""
    table = Table.start(client, THREE)
    table.knock("Anna", Anna=3, Ben=20, Cem=25)
    after_one = table.refresh()
    table.knock("Ben", Anna=30, Ben=0, Cem=12)
    return table, after_one


def _undo(table: Table, number: int, headers=None):
    return table.client.delete(f"{table.url}rounds/{number}/", headers=headers or {})


def _reversed(table: Table) -> list[tuple]:
    ledger = table.ledger()
    return [flow for flow, entry in zip(table.flows(ledger), ledger, strict=True)
            if entry["reverses"]]


def test_the_last_round_undone_gives_its_money_back_and_its_number_is_entered_again(as_bob):
    # given two rounds, Ben winning the second
    table, after_one = _two_rounds(as_bob)
    round_two = [flow for flow in table.flows() if flow[1] == 2]
    assert round_two

    # when the scorekeeper undoes round 2
    response = _undo(table, 2)

    # then the game is as after round 1, and the ledger reverses each entry of round 2
    assert response.status_code == 200, response.json()
    assert response.headers["ETag"] == f'"{response.json()["version"]}"'
    table.check_books()
    game = table.game
    assert game["next_round"] == 2
    assert (game["players"], game["pot"]) == (after_one["players"], after_one["pot"])
    assert sorted(_reversed(table)) == sorted(
        (kind, number, to, source, amount) for kind, number, source, to, amount in round_two)
    assert [line["number"] for line in table.get("rounds/")] == [1]
    assert table.client.get(f"{table.url}rounds/2/").status_code == 404

    # and round 2 entered again is round 2, with revision 0
    body = table.knock("Cem", Anna=14, Ben=9, Cem=0)
    assert (body["number"], body["revision"], body["game"]["next_round"]) == (2, 0, 3)
    assert Round.objects.filter(game_id=table.id, number=2).count() == 2
    assert Round.objects.get(game_id=table.id, number=2, undone_at__isnull=False
                             ).undo_reason == "undone at the table"


def test_only_the_last_round_is_undone(as_bob):
    table, _after_one = _two_rounds(as_bob)
    before = table.snapshot()

    earlier = _undo(table, 1)
    missing = _undo(table, 3)

    assert (earlier.status_code, errors(earlier)[0][:2]) == (409, ("number",
                                                                   "round_not_undoable"))
    assert missing.status_code == 404
    assert table.snapshot() == before


def test_an_old_version_in_if_match_is_refused_and_nothing_is_undone(as_bob):
    table, _after_one = _two_rounds(as_bob)
    before = table.snapshot()

    response = _undo(table, 2, {"If-Match": f'"{table.game["version"] - 1}"'})

    assert response.status_code == 412
    assert response.headers["ETag"] == f'"{table.game["version"]}"'
    assert table.snapshot() == before


def test_a_repeated_request_with_its_idempotency_key_undoes_once(as_bob):
    table, _after_one = _two_rounds(as_bob)
    key = {"Idempotency-Key": "undo-round-2"}

    first = _undo(table, 2, key)
    second = _undo(table, 2, key)

    assert (first.status_code, second.status_code) == (200, 200)
    assert second.json() == first.json()
    assert table.refresh()["next_round"] == 2
    assert Round.objects.filter(game_id=table.id, undone_at__isnull=False).count() == 1
    assert Round.objects.get(game_id=table.id, number=1).undone_at is None


def test_a_rebuy_after_the_round_is_undone_first(as_bob):
    table = Table.start(as_bob, THREE)
    table.knock("Anna", Anna=3, Ben=40, Cem=85)
    table.rebuy("Cem")
    before = table.snapshot()

    refused = _undo(table, 1)

    assert (refused.status_code, errors(refused)[0][1]) == (409, "round_not_undoable")
    assert "Cem re-bought after round 1: undo the re-buy first" in errors(refused)[0][2]
    assert table.snapshot() == before
    # once the re-buy is undone, so is the round
    assert table.client.delete(f"{table.url}rebuys/{table.ids['Cem']}/").status_code == 200
    assert _undo(table, 1).status_code == 200
    table.check_books()


def test_a_viewer_may_not_undo(as_bob, as_carol):
    table, _after_one = _two_rounds(as_bob)

    response = as_carol.delete(f"{table.url}rounds/2/")

    assert response.status_code == 403
    assert table.refresh()["next_round"] == 3


def test_undoing_the_last_round_tells_the_clubs_webhooks(as_alice, club, receiver,
                                                         committing, settings):
    settings.WEBHOOK_ALLOW_PRIVATE_TARGETS = True  # the receiver listens on 127.0.0.1
    hook = as_alice.post(f"{API}/clubs/{club.pk}/webhooks/", {"url": receiver.url},
                         format="json")
    assert hook.status_code == 201, hook.json()
    table, _after_one = _two_rounds(as_alice)
    before = len(receiver.received)

    with committing():
        assert _undo(table, 2).status_code == 200

    game = table.refresh()
    assert receiver.events()[before:] == [("round.undone", {
        "game": table.id, "session": game["session"], "status": "running",
        "version": game["version"], "sequence": game["version"], "round": 2,
        "reason": "undone at the table"})]


def test_a_game_with_an_undone_round_exports_and_imports_as_it_stands(as_alice, club, alice,
                                                                     other_club):
    # given round 2 undone and entered again
    table, _after_one = _two_rounds(as_alice)
    assert _undo(table, 2).status_code == 200
    table.refresh()
    table.knock("Cem", Anna=14, Ben=9, Cem=0)
    before = seen(as_alice, table.id)

    # when it is exported and imported into another club
    document = as_alice.get(f"{table.url}export/").json()
    imported = as_alice.post(f"{API}/clubs/{organised_by_alice(other_club, alice).pk}/import/",
                             document, format="json")

    # then the document holds the rounds that count, and the copy is the same game: its
    # ledger (the undone round's entries and their reversals) verifies against them
    assert [(r["number"], r["ender"]) for r in document["game"]["rounds"]] == [
        (1, "Anna"), (2, "Cem")]
    assert imported.status_code == 201, imported.json()
    assert seen(as_alice, imported.json()["id"]) == before
