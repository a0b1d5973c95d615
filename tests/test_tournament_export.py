"""A club tournament as one export document, and its import (scorekeeper/services/
tournament_exports.py, tournament_documents.py, api/exports.py; docs/api.md, "Export, import
and the club report").

A finished tournament of five (three byes, a correction that voided a semi-final's game, a
correction of the final that reversed the prizes) and a running one are exported and
imported into another club: the same field, placings, prizes, every ledger entry of the
tournament and of its matches (amounts, kinds, order), the same rounds, and the books verify;
a running copy plays on. A second import writes nothing; a reused export id is refused; bad
documents are refused with the path of what is wrong and write nothing. Who may export and
import, and the tournament page's link.
"""

import copy
import io
import json

import pytest
from django.contrib.auth import get_user_model
from django.core.management import call_command
from django.db import transaction
from rest_framework.test import APIClient

from ledger import services as ledger
from ledger import tournaments as tournament_ledger
from scorekeeper import services
from scorekeeper.management.commands.verifyledger import verify_books
from scorekeeper.models import (
    Club,
    Game,
    GameImport,
    Membership,
    Player,
    Round,
    Tournament,
    TournamentEntry,
    TournamentMatch,
)
from scorekeeper.services import tournaments
from scorekeeper.services.policy import OPERATOR
from tests.api_table import API, errors
from tests.export_support import counts, organised_by_alice
from tests.test_api_typed_answers import components, problems, ref, served

FIELD = ["Anna", "Ben", "Cem", "Dora", "Emil"]
# A match is over after one gin: 20 for gin plus the loser's 30 pass the target of 10.
QUICK = {"game_target": 10}


@pytest.fixture
def favoriten(alice, other_club, mallory):
    """Mallory's club, where alice organises too: the target of the imports."""
    return organised_by_alice(other_club, alice)


# --- Building tournaments through the services --------------------------------------------------


def start(club, user) -> Tournament:
    view = tournaments.create_tournament(
        club=club, name="Clubmeisterschaft", preset="gin", rules=QUICK, players=FIELD,
        seeding="ordered", entry_fee=1000, payouts=[75, 25], user=user)
    return view.tournament


def game_of(tournament: Tournament, round_number: int, number: int) -> Game:
    return TournamentMatch.objects.get(tournament=tournament, round=round_number,
                                       number=number).game


def hands(game: Game, winner: str) -> tuple[int, list]:
    view = services.load_game(game)
    ids = {name: pid for pid, name in view.names.items()}
    loser = next(pid for pid in view.player_ids if pid != ids[winner])
    return ids[winner], [services.HandInput(ids[winner], deadwood=0),
                         services.HandInput(loser, deadwood=30)]


def win(tournament: Tournament, round_number: int, number: int, winner: str) -> None:
    """The match's one round: `winner` goes gin, and with it the match."""
    game = game_of(tournament, round_number, number)
    ender, entered = hands(game, winner)
    services.record_round(game_id=game.pk, number=1, ender=ender, hands=entered,
                          user=OPERATOR)


def correct(tournament: Tournament, round_number: int, number: int, winner: str) -> None:
    """The match's round corrected: the other player went gin."""
    game = game_of(tournament, round_number, number)
    ender, entered = hands(game, winner)
    services.correct_round(game_id=game.pk, number=1, ender=ender, hands=entered,
                           reason="the other way round",
                           version=services.load_game(game).game.version, user=OPERATOR)


def finished(club, user) -> Tournament:
    """Five players, seeds 1 to 3 with a bye. Emil beats Dora, then a correction makes Dora
    the winner before her semi-final began (its game voided, a new one started); the final
    is won by Ben and then corrected to Anna, so the prizes paid are reversed and paid
    again."""
    t = start(club, user)
    win(t, 1, 2, "Emil")
    voided = game_of(t, 2, 1)
    correct(t, 1, 2, "Dora")
    assert Game.objects.get(pk=voided.pk).voided_at is not None
    win(t, 2, 1, "Anna")
    win(t, 2, 2, "Ben")
    win(t, 3, 1, "Ben")
    correct(t, 3, 1, "Anna")
    t.refresh_from_db()
    assert t.status == "finished"
    assert any(line.reverses_seq for line in tournament_ledger.lines(t.pk))
    return t


def running(club, user) -> Tournament:
    """Five players, Emil through his first-round match; both semi-finals to be played."""
    t = start(club, user)
    win(t, 1, 2, "Emil")
    return t


# --- Comparing two copies, ids replaced by names ------------------------------------------------


def named_key(key: str) -> str:
    if key.startswith("player:"):
        return "player:" + Player.objects.get(pk=int(key.removeprefix("player:"))).name
    return key


def entries(lines) -> list[tuple]:
    return [(line.seq, line.kind, named_key(line.source), named_key(line.target), line.amount,
             line.currency, line.round, line.reverses_seq, line.created_at, line.reason)
            for line in lines]


def seen(tournament_id: int) -> dict:
    """Everything that the tournament is, without ids: its settings, field, placings, prizes,
    ledger, and each match with its game's rounds, hands and ledger."""
    t = Tournament.objects.get(pk=tournament_id)
    view = tournaments.TournamentView(t)
    matches = []
    for row in t.matches.select_related("game", "winner").order_by("round", "number"):
        rounds = list(Round.objects.filter(game=row.game).order_by("number", "revision")
                      .values_list("number", "revision", "ender__name", "reason", "entered_at"))
        dealt = sorted(Round.objects.filter(game=row.game).values_list(
            "number", "revision", "hands__player__name", "hands__deadwood"))
        matches.append((row.round, row.number, row.winner and row.winner.name,
                        row.game.tournament_id == t.pk, row.game.status,
                        [seat.player.name for seat in row.game.seats.select_related("player")],
                        rounds, dealt, entries(ledger.lines(row.game.pk))))
    return {
        "settings": (t.name, t.preset, t.rules, t.currency, t.seeding, t.entry_fee, t.payouts,
                     t.status, t.created_at),
        "field": [(e.seed, e.name) for e in view.entrants],
        "champion": view.champion_name,
        "placings": [(view.names[p.player], p.place, p.prize) for p in view.placings],
        "ledger": entries(tournament_ledger.lines(t.pk)),
        "balances": {named_key(k): v for k, v in tournament_ledger.balances(t.pk).items()},
        "matches": matches,
        "differences": view.verify(),
    }


def tournament_counts() -> dict:
    return counts() | {model.__name__: model.objects.count()
                       for model in (Tournament, TournamentEntry, TournamentMatch)}


def audit_is_clean(club) -> bool:
    lines = []
    return verify_books(lines.append, club=club.pk) and "0 with differences" in lines[-1]


# --- Round trips -------------------------------------------------------------------------------


def test_a_finished_tournament_with_a_bye_round_trips_with_every_prize_and_entry(
    as_alice, alice, club, favoriten,
):
    # given a finished tournament of five: byes, a voided game, the prizes paid twice
    t = finished(club, alice)
    before = seen(t.pk)
    assert before["differences"] == []
    assert before["placings"] == [("Anna", 1, 3750), ("Ben", 2, 1250), ("Cem", 3, 0),
                                  ("Dora", 3, 0), ("Emil", 5, 0)]
    # paid to Ben and Anna, reversed, paid to Anna and Ben
    assert [kind for _s, kind, *_ in before["ledger"]].count("payout") == 6

    # when it is exported and imported into another club
    exported = as_alice.get(f"{API}/tournaments/{t.pk}/export/")
    assert exported.status_code == 200, exported.content[:500]
    document = exported.json()
    assert (document["format"], document["version"]) == ("scorekeeper-tournament", 1)
    assert [(m["round"], m["number"], m["winner"]) for m in document["tournament"]["matches"]] \
        == [(1, 2, "Dora"), (2, 1, "Anna"), (2, 2, "Ben"), (3, 1, "Anna")]  # no bye, no void
    assert document["tournament"]["entry_fee"] == "10.00"
    assert problems(document, "Document") == []  # as the schema says, both ways
    imported = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")

    # then a new tournament in the other club is the same in every detail but its ids
    assert imported.status_code == 201, imported.content[:500]
    copy_id = imported.json()["id"]
    assert copy_id != t.pk and imported.json()["club"] == favoriten.pk
    assert imported["Location"] == f"{API}/tournaments/{copy_id}/"
    assert imported.json()["status"] == "finished"
    assert problems(imported.json(), "Tournament") == []
    assert seen(copy_id) == before
    assert sorted(Player.objects.filter(club=favoriten).values_list("name", flat=True)) == FIELD
    # and the books of the club it went to verify, games and tournament alike
    assert audit_is_clean(favoriten)
    assert as_alice.get(f"{API}/tournaments/{copy_id}/ledger/").json()["verified"] is True

    # when the same document is imported again, then it is a no-op answering the first copy
    writes = tournament_counts()
    again = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")
    assert (again.status_code, again["Idempotent-Replayed"], again.json()["id"]) == (
        200, "true", copy_id)
    assert again["Location"] == f"{API}/tournaments/{copy_id}/"
    assert tournament_counts() == writes
    assert GameImport.objects.get(tournament_id=copy_id).created_by == alice


def test_a_running_tournament_round_trips_and_plays_on_in_its_new_club(
    as_alice, alice, club, favoriten,
):
    # given a tournament with one match played and both semi-finals started
    t = running(club, alice)
    before = seen(t.pk)
    assert [m[:3] for m in before["matches"]] == [(1, 2, "Emil"), (2, 1, None), (2, 2, None)]

    # when it is exported and imported
    document = as_alice.get(f"{API}/tournaments/{t.pk}/export/").json()
    imported = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")

    # then the copy is the same, running, with no prize paid yet
    assert imported.status_code == 201, imported.content[:500]
    copy = Tournament.objects.get(pk=imported.json()["id"])
    assert seen(copy.pk) == before
    assert copy.status == "running" and before["placings"] == [("Dora", 5, None)]
    assert audit_is_clean(favoriten)

    # and the copy plays on: its matches are its own, the winners advance, the prizes are paid
    win(copy, 2, 1, "Anna")
    win(copy, 2, 2, "Ben")
    win(copy, 3, 1, "Ben")
    copy.refresh_from_db()
    assert copy.status == "finished"
    after = seen(copy.pk)
    assert after["placings"][:2] == [("Ben", 1, 3750), ("Anna", 2, 1250)]
    assert after["differences"] == [] and audit_is_clean(favoriten)
    assert seen(t.pk) == before  # the original is untouched


def test_an_export_id_reused_with_another_body_is_refused_with_409(
    as_alice, alice, club, favoriten,
):
    document = as_alice.get(f"{API}/tournaments/{running(club, alice).pk}/export/").json()
    url = f"{API}/clubs/{favoriten.pk}/import/"
    assert as_alice.post(url, document, format="json").status_code == 201
    document["tournament"]["name"] = "Herbstpokal"
    writes = tournament_counts()
    refused = as_alice.post(url, document, format="json")
    assert (refused.status_code, errors(refused)[0][:2]) == (409, ("export_id",
                                                                   "export_id_reused"))
    assert tournament_counts() == writes


def test_the_schema_describes_the_export_and_the_import_by_one_component():
    paths = served()["paths"]
    export = paths["/api/v1/tournaments/{tournament_id}/export/"]["get"]
    assert export["tags"] == ["export"]
    assert export["responses"]["200"]["content"]["application/json"]["schema"] == \
        ref("TournamentDocument")
    document = components()["Document"]
    assert ref("TournamentDocument") in document["oneOf"]
    assert document["discriminator"]["mapping"]["scorekeeper-tournament"] == \
        ref("TournamentDocument")["$ref"]
    imported = paths["/api/v1/clubs/{club_id}/import/"]["post"]["responses"]["201"]
    assert ref("Tournament") in components()[
        imported["content"]["application/json"]["schema"]["$ref"].rpartition("/")[2]]["oneOf"]


# --- Refusals ----------------------------------------------------------------------------------


@pytest.fixture(scope="module")
def finished_export(django_db_setup, django_db_blocker) -> dict:
    """The export of `finished`, made once for the corruptions below, each of which spoils a
    copy of it; made in a transaction rolled back at once, so every test still starts from an
    empty database."""
    with django_db_blocker.unblock(), transaction.atomic():
        club = Club.objects.create(name="Ottakring")
        alice = get_user_model().objects.create_user("alice")
        Membership.objects.create(user=alice, club=club, role=Membership.Role.ORGANISER)
        client = APIClient()
        client.force_authenticate(alice)
        exported = client.get(f"{API}/tournaments/{finished(club, alice).pk}/export/")
        assert exported.status_code == 200, exported.content[:300]
        transaction.set_rollback(True)
    return exported.json()


def _set(path: str, value):
    def spoil(document):
        *parents, last = path
        target = document
        for key in parents:
            target = target[key]
        target[last] = value
    return spoil


def _rename_in_match(index: int, old: str, new: str):
    """Every mention of a player in one match's game, renamed: the game holds together, but
    its player is not in the field."""
    def spoil(document):
        matches = document["tournament"]["matches"]
        matches[index] = json.loads(json.dumps(matches[index]).replace(f'"{old}"', f'"{new}"'))
    return spoil


def _append_copy_of_match(document):
    matches = document["tournament"]["matches"]
    matches.insert(1, copy.deepcopy(matches[0]))


def _drop_final(document):
    document["tournament"]["matches"].pop()


TOURNAMENT = "tournament"
REFUSALS = [
    pytest.param(_set((TOURNAMENT, "players", 1, "seed"), 1), "tournament.players[1].seed",
                 "duplicate_seed", "seed 1 is given twice", id="a seed twice"),
    pytest.param(_set((TOURNAMENT, "players", 4, "player"), "Anna"),
                 "tournament.players[4].player", "duplicate_player", "Anna is in the field "
                 "twice", id="a player twice"),
    pytest.param(_set((TOURNAMENT, "payouts"), [75, 20]), "tournament.payouts", "invalid_rule",
                 "The payouts must add up to 100 percent of the pool, not 95",
                 id="payouts not summing to 100"),
    pytest.param(_rename_in_match(0, "Dora", "Zoe"), "tournament.matches[0].game.seats[0].player",
                 "unknown_player", "'Zoe' is not in the tournament's field",
                 id="a match of a player not in the field"),
    pytest.param(_set((TOURNAMENT, "matches", 2, "game", "rules", "game_target"), 100),
                 "tournament.matches[2].game.rules", "inconsistent_facts",
                 "the game of match 2.2 is not played under the tournament's rules",
                 id="a match game under other rules"),
    pytest.param(_set((TOURNAMENT, "matches", 0, "winner"), "Anna"),
                 "tournament.matches[0].winner", "inconsistent_facts",
                 "'Anna' does not play in match 1.2: its players are Dora and Emil",
                 id="a winner who does not play in the match"),
    pytest.param(_set((TOURNAMENT, "matches", 0, "winner"), "Emil"),
                 "tournament.matches[1].game.seats", "inconsistent_facts",
                 "match 2.1 is played by Anna and Emil (the draw and the winners before it), "
                 "not by Anna and Dora", id="a match played by others than the bracket's"),
    pytest.param(_set((TOURNAMENT, "matches", 3, "winner"), "Ben"),
                 "tournament.matches[3].winner", "inconsistent_facts",
                 "The match's game gives 'Anna' as its winner, the document says 'Ben'",
                 id="a winner the match's game does not give"),
    pytest.param(_set((TOURNAMENT, "matches", 0, "number"), 1), "tournament.matches[0]",
                 "inconsistent_facts", "match 1.1 is a bye or waits for a winner before it: "
                 "nobody plays it yet", id="a bye played"),
    pytest.param(_set((TOURNAMENT, "matches", 0, "number"), 9), "tournament.matches[0]",
                 "inconsistent_facts", "a bracket of 5 players has no match 1.9",
                 id="a match the bracket does not have"),
    pytest.param(_append_copy_of_match, "tournament.matches[1]", "inconsistent_facts",
                 "match 1.2 is listed twice or out of order: matches are listed by round, then "
                 "number", id="a match twice"),
    pytest.param(_drop_final, "tournament.matches", "inconsistent_facts",
                 "match 3.1 has its two players but no game: every match that can be played "
                 "has one", id="a match without its game"),
    pytest.param(_set((TOURNAMENT, "matches", 0, "game", "rounds", -1, "hands", 1, "deadwood"),
                      40), "tournament.matches[0].game.standings", "standings_mismatch", None,
                 id="a match game whose facts give other standings"),
    pytest.param(_set((TOURNAMENT, "ledger", 0, "from"), "player:999999"),
                 "tournament.ledger[0].from", "unknown_account",
                 "'player:999999' is not an account of this tournament: the accounts are the "
                 "entrants' (player:<id of an entrant>) and pot", id="an account of no entrant"),
    pytest.param(_set((TOURNAMENT, "ledger", 0, "amount"), "9.00"), "tournament.ledger",
                 "ledger_mismatch", None, id="an entry fee the facts do not call for"),
    pytest.param(_set((TOURNAMENT, "standings", "placings", 0, "prize"), "50.00"),
                 "tournament.standings", "standings_mismatch", None, id="a prize changed"),
    pytest.param(_set((TOURNAMENT, "status"), "running"), "tournament.status",
                 "standings_mismatch", "The matches make the tournament finished, the document "
                 "says it is running", id="a status the matches do not give"),
]


@pytest.mark.parametrize(("spoil", "path", "code", "message"), REFUSALS)
def test_a_bad_document_is_refused_with_its_path_and_writes_nothing(
    as_alice, favoriten, finished_export, spoil, path, code, message,
):
    document = copy.deepcopy(finished_export)
    spoil(document)
    writes = tournament_counts()
    refused = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")
    assert refused.status_code == 400, refused.content[:500]
    ((field, got_code, got_message),) = errors(refused)
    assert (field, got_code) == (path, code), got_message
    if message is not None:
        assert got_message == message
    assert tournament_counts() == writes


def test_the_unspoilt_document_is_imported(as_alice, favoriten, finished_export):
    """The corruptions above are refused for what they spoil, not for the document."""
    imported = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", finished_export,
                             format="json")
    assert imported.status_code == 201, imported.content[:500]
    assert audit_is_clean(favoriten)


def test_importgame_imports_a_tournament_document_and_names_it(
        tmp_path, alice, favoriten, finished_export):
    """`manage.py importgame` takes the third kind of document too, and says what it made."""
    source = tmp_path / "tournament.json"
    source.write_text(json.dumps(finished_export))
    said = io.StringIO()

    call_command("importgame", str(source), "--club", str(favoriten.pk), "--user", "alice",
                 stdout=said)

    made = Tournament.objects.get(club=favoriten)
    assert said.getvalue().strip() == f"Imported tournament {made.pk} into club {favoriten.pk}"
    again = io.StringIO()
    call_command("importgame", str(source), "--club", str(favoriten.pk), stdout=again)
    assert again.getvalue().strip() == f"Already imported as tournament {made.pk}: nothing changed"


# --- Who may ------------------------------------------------------------------------------------


def test_members_export_strangers_see_nothing_and_only_organisers_import(
    as_alice, as_bob, as_carol, as_mallory, anonymous, alice, club,
):
    t = running(club, alice)
    url = f"{API}/tournaments/{t.pk}/export/"
    assert as_carol.get(url).status_code == 200  # a viewer reads it, so exports it
    assert as_mallory.get(url).status_code == 404  # another club's organiser
    assert anonymous.get(url).status_code == 401
    document = as_alice.get(url).json()
    writes = tournament_counts()
    for member in (as_bob, as_carol):
        refused = member.post(f"{API}/clubs/{club.pk}/import/", document, format="json")
        assert refused.status_code == 403, refused.content[:300]
    assert as_mallory.post(f"{API}/clubs/{club.pk}/import/", document,
                           format="json").status_code == 404
    assert tournament_counts() == writes


def test_the_tournament_page_links_its_export_in_both_languages(alice_page, alice, club):
    t = running(club, alice)
    link = f'href="{API}/tournaments/{t.pk}/export/"'
    page = alice_page.get(f"/tournaments/{t.pk}/").content.decode()
    assert link in page and "Export (JSON)" in page
    german = alice_page.get(f"/tournaments/{t.pk}/", HTTP_ACCEPT_LANGUAGE="de").content.decode()
    assert link in german and "Exportieren (JSON)" in german
    assert alice_page.get(f"{API}/tournaments/{t.pk}/export/").json()["tournament"]["id"] == t.pk
