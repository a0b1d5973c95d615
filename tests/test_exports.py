"""Export and import (scorekeeper/services/exports.py, documents.py, api/exports.py, the
exportgame/importgame commands).

A game or a session exported and imported again, through the API and through the
commands, reproduces every standing and every ledger entry (compared through the
API, player ids replaced by names); a second import writes nothing. The refusals are
in tests/test_import_refusals.py, the club report in tests/test_report.py.
"""

import io
import json

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from ledger.models import Entry
from scorekeeper import services
from scorekeeper.models import Club, Game, GameImport, Hand, Player, Rebuy, Round, TableSession
from scorekeeper.services import exports
from tests.api_table import API, errors
from tests.export_support import (
    EMIL_CARDS,
    FIVE,
    carried_session,
    corrected_game,
    counts,
    named,
    organised_by_alice,
    seen,
    seen_session,
)


@pytest.fixture
def favoriten(alice, other_club, mallory):
    """Mallory's club, where alice organises too: the target of the imports."""
    return organised_by_alice(other_club, alice)


# --- Round trips ----------------------------------------------------------------------------


def test_a_game_round_trips_through_the_api_with_every_standing_and_ledger_entry(
    as_alice, club, favoriten,
):
    # given a finished game with a re-buy, a correction (reversals) and a hand of cards
    table = corrected_game(as_alice, club)
    before = seen(as_alice, table.id)
    assert before["verify"]["verified"] is True

    # when it is exported and imported into another club
    exported = as_alice.get(f"{table.url}export/")
    assert exported.status_code == 200, exported.json()
    document = exported.json()
    assert (document["format"], document["version"]) == ("scorekeeper-game", 1)
    imported = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")

    # then the new game, in the other club, is the same game in every detail but its ids
    assert imported.status_code == 201, imported.json()
    copy_id = imported.json()["id"]
    assert copy_id != table.id
    assert imported["Location"] == f"{API}/games/{copy_id}/"
    assert imported.json()["club"] == favoriten.pk
    assert seen(as_alice, copy_id) == before
    # and the facts came along: every revision with its reason, the cards, the re-buy
    history = list(Round.objects.filter(game_id=copy_id).values_list("number", "revision",
                                                                      "reason"))
    assert history == [(1, 0, ""), (2, 0, ""), (2, 1, "Dora knocked"), (3, 0, ""), (4, 0, "")]
    assert Hand.objects.filter(round__game_id=copy_id, cards=EMIL_CARDS).count() == 1
    assert Rebuy.objects.filter(game_id=copy_id, player__name="Emil", after_round=1).exists()
    # and the new club got the players by name
    assert sorted(Player.objects.filter(club=favoriten).values_list("name", flat=True)) == FIVE

    # when the same document is imported again
    again = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")

    # then it is a no-op answering the first import's game
    before_counts = counts()
    assert (again.status_code, again["Idempotent-Replayed"], again.json()["id"]) == (
        200, "true", copy_id)
    assert counts() == before_counts

    # and the copy exports to the same document, but for its ids and the export's own header
    second = as_alice.get(f"{API}/games/{copy_id}/export/").json()
    assert second["export_id"] != document["export_id"]
    assert named(second["game"]) == named(document["game"])



def test_a_session_with_a_carried_pot_round_trips_through_the_api(as_alice, club, favoriten):
    # given an evening whose first game carried its pot into the second
    session, first, second = carried_session(as_alice, club)
    before = seen_session(as_alice, session["id"])
    assert before["carried_pot"] == "0.00" and before["transfers"]

    # when the session is exported and imported into another club
    document = as_alice.get(f"{API}/sessions/{session['id']}/export/").json()
    assert document["format"] == "scorekeeper-session"
    assert [game["carried_in"] for game in document["games"]] == ["0.00", "20.00"]
    imported = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")

    # then the new session holds the same two games and the same evening
    assert imported.status_code == 201, imported.json()
    new_session = imported.json()["id"]
    assert imported["Location"] == f"{API}/sessions/{new_session}/"
    assert seen_session(as_alice, new_session) == before
    assert services.session_summary(TableSession.objects.get(pk=new_session)).carried == 0

    # and importing it again changes nothing
    before_counts = counts()
    again = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")
    assert (again.status_code, again.json()["id"]) == (200, new_session)
    assert counts() == before_counts


def test_the_commands_export_and_import_a_game_and_a_session(as_alice, alice, club,
                                                             tmp_path):
    # given a finished game and an evening in Ottakring, and an empty club of alice's
    table = corrected_game(as_alice, club)
    session, _, _ = carried_session(as_alice, club)
    empty = services.create_club(name="Backup", user=alice)
    game_file, session_file = tmp_path / "game.json", tmp_path / "session.json"

    # when both are exported with exportgame and imported with importgame
    for target, args in ((game_file, [str(table.id)]),
                         (session_file, [str(session["id"]), "--session"])):
        out = io.StringIO()
        call_command("exportgame", *args, stdout=out)
        target.write_text(out.getvalue(), encoding="utf-8")
    outputs = []
    for source in (game_file, session_file, game_file):
        out = io.StringIO()
        call_command("importgame", str(source), "--club", str(empty.pk), "--user", "alice",
                     stdout=out)
        outputs.append(out.getvalue())

    # then the copies are the originals but for their ids, and the third run is a no-op
    games = list(Game.objects.filter(club=empty).order_by("id"))
    assert len(games) == 3
    assert outputs[0] == f"Imported game {games[0].pk} into club {empty.pk}\n"
    assert outputs[1].startswith(f"Imported session {games[1].session_id} with games ")
    assert outputs[2] == f"Already imported as game {games[0].pk}: nothing changed\n"
    assert seen(as_alice, games[0].pk) == seen(as_alice, table.id)
    assert seen_session(as_alice, games[1].session_id) == seen_session(as_alice, session["id"])
    assert GameImport.objects.get(game=games[0]).created_by == alice


def test_importgame_says_why_it_refuses_and_writes_nothing(as_alice, club, tmp_path):
    table = corrected_game(as_alice, club)
    document = exports.export_game(Game.objects.get(pk=table.id))
    document["version"] = 2
    path = tmp_path / "bad.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    before = counts()
    with pytest.raises(CommandError, match=r"Refused \[unsupported_version\] \(at version\): "
                                           "Version 2 of the format cannot be read here"):
        call_command("importgame", str(path), "--club", str(club.pk))
    assert counts() == before
    with pytest.raises(CommandError, match="There is no game 987654"):
        call_command("exportgame", "987654")


# --- Who wrote an imported entry (docs/security.md) -----------------------------------------


def _claiming(document: dict, actor: str) -> dict:
    """The document with every ledger entry claiming to be written by `actor`."""
    for entry in document["game"]["ledger"]:
        entry["actor"] = actor
    return document


def test_an_imported_ledger_names_the_importer_and_keeps_the_documents_claim(
    as_alice, club, favoriten,
):
    # given a document whose entries claim that "admin" wrote them
    table = corrected_game(as_alice, club)
    document = _claiming(as_alice.get(f"{table.url}export/").json(), "admin")

    # when alice imports it
    imported = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")
    assert imported.status_code == 201, imported.json()

    # then she is the actor of every entry, and "admin" is kept only as the claim
    rows = Entry.objects.filter(game_id=imported.json()["id"])
    assert set(rows.values_list("actor", "imported_actor")) == {("alice", "admin")}
    assert rows.count() == len(document["game"]["ledger"])
    # and entries written here are no import
    assert set(Entry.objects.filter(game_id=table.id).values_list("imported_actor",
                                                                  flat=True)) == {None}


def test_importgame_records_its_user_as_the_actor_or_nobody(as_alice, club, tmp_path):
    table = corrected_game(as_alice, club)
    document = _claiming(exports.export_game(Game.objects.get(pk=table.id)), "admin")
    path = tmp_path / "game.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    backup, another = Club.objects.create(name="Backup"), Club.objects.create(name="Archiv")

    call_command("importgame", str(path), "--club", str(backup.pk), "--user", "alice",
                 stdout=io.StringIO())
    call_command("importgame", str(path), "--club", str(another.pk), stdout=io.StringIO())

    def actors(target):
        game = Game.objects.get(club=target)
        return set(Entry.objects.filter(game_id=game.pk).values_list("actor", "imported_actor"))

    assert actors(backup) == {("alice", "admin")}
    # no user given: the entries name nobody rather than the document's "admin"
    assert actors(another) == {("", "admin")}


# --- Access -----------------------------------------------------------------------------------


def test_access_to_export_import_and_report(as_alice, as_bob, as_carol, as_mallory, anonymous,
                                            club):
    table = corrected_game(as_alice, club)
    session_id = table.game["session"]
    document = as_alice.get(f"{table.url}export/").json()
    reads = [f"{table.url}export/", f"{API}/sessions/{session_id}/export/"]
    report = f"{API}/clubs/{club.pk}/report/"
    imports = f"{API}/clubs/{club.pk}/import/"

    # members read the exports; others' clubs do not exist; anonymous callers are 401
    assert [as_carol.get(url).status_code for url in reads] == [200, 200]
    assert [as_bob.get(url).status_code for url in reads] == [200, 200]
    assert [as_mallory.get(url).status_code for url in [*reads, report]] == [404, 404, 404]
    assert as_mallory.post(imports, document, format="json").status_code == 404
    assert [anonymous.get(url).status_code for url in [*reads, report]] == [401, 401, 401]
    assert anonymous.post(imports, document, format="json").status_code == 401
    # only organisers import; every member reads the report, as on the pages
    before = counts()
    for client in (as_carol, as_bob):
        refused = client.post(imports, document, format="json")
        assert (refused.status_code, errors(refused)[0][1]) == (403, "permission_denied")
        assert client.get(report).status_code == 200
        assert client.get(f"{report}?format=csv").status_code == 200
    assert counts() == before
    assert as_alice.get(report).status_code == 200


def test_two_imports_of_one_document_at_once_make_one_game(as_alice, club, favoriten,
                                                           monkeypatch):
    # given a document, and an import that does not see the one committed meanwhile
    table = corrected_game(as_alice, club)
    document = as_alice.get(f"{table.url}export/").json()
    first = exports.import_game(document, club=favoriten)
    real, calls = exports.earlier_import, []

    def late(*args):
        calls.append(args)
        return None if len(calls) == 1 else real(*args)

    monkeypatch.setattr(exports, "earlier_import", late)
    before = counts()

    # when it writes all the same, it meets the unique export id and answers the first game
    again = exports.import_document(document, club=favoriten)

    assert (again.created, again.game) == (False, first)
    assert counts() == before


def test_a_rami_meld_with_a_card_taken_from_the_table_round_trips(as_alice, club, favoriten):
    # given a Rami round where Anna laid 4♦, taken from Ben's run, with 4♥ 4♣ of her own
    # (docs/rules.md 10.6: the card from the table is written in brackets and scores nothing)
    from tests.api_table import Table

    table = Table.start(as_alice, ["Anna", "Ben", "Cem"], preset="rami", club=club.pk,
                        rules={"point_value": "0.10"})
    ids = table.ids
    response = as_alice.post(f"{table.url}rounds/", {
        "number": 1, "ender": ids["Anna"], "finish": "none", "hands": [
            {"player": ids["Anna"], "laid_melds": [["QH", "KH", "AH"], "[4♦] 4h 4c"]},
            {"player": ids["Ben"], "laid_melds": [["4D", "5D", "6D", "7D"], ["KS", "KH", "KD"]],
             "cards": ["9S"]},
            {"player": ids["Cem"], "laid": 0, "deadwood": 10}]}, format="json")
    assert response.status_code == 201, response.json()
    closed = as_alice.post(f"{table.url}close/")
    assert closed.status_code == 200, closed.json()
    before = seen(as_alice, table.id)
    # the meld is stored as canonical card texts, the mark kept
    stored = Hand.objects.get(round__game_id=table.id, player__name="Anna").laid_melds
    assert stored == [["QH", "KH", "AH"], ["[4D]", "4H", "4C"]]

    # when it is exported and imported into another club
    document = as_alice.get(f"{table.url}export/").json()
    imported = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")

    # then the document holds the marked meld, and the copy scores it the same: 35 + 10
    anna = document["game"]["rounds"][0]["hands"][0]
    assert (anna["player"], anna["laid_melds"]) == ("Anna", stored)
    assert imported.status_code == 201, imported.json()
    after = seen(as_alice, imported.json()["id"])
    assert after == before
    assert after["rounds"][0]["results"][0]["laid"] == 45
    assert after["rounds"][0]["results"][0]["melds"][1] == ["[4D]", "4H", "4C"]
