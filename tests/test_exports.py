"""Export, import and the club's audit report (scorekeeper/exports.py, reports.py,
api_reports.py, the exportgame/importgame commands).

A game or a session exported and imported again, through the API and through the
commands, reproduces every standing and every ledger entry (compared through the
API, player ids replaced by names); a second import writes nothing; a corrupted
document is refused and writes nothing; the report adds up to the settlements.
"""

import csv
import io
import json
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from ledger.models import Account, Entry
from scorekeeper import exports, services
from scorekeeper.models import (
    Club,
    Game,
    GameImport,
    Hand,
    Membership,
    Player,
    Rebuy,
    Round,
    Seat,
    TableSession,
)
from tests.api_table import API, Table, errors, minor

FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]
THREE = ["Anna", "Ben", "Cem"]
EMIL_CARDS = "KS QH 9D 8C 2S 3H 4D 5C 6S 7H"  # no meld: 64 points

MODELS = (Club, Player, TableSession, Game, Seat, Round, Hand, Rebuy, Account, Entry,
          GameImport)


def counts() -> dict:
    return {model.__name__: model.objects.count() for model in MODELS}


# --- The games to export --------------------------------------------------------------------


def corrected_game(client, club) -> Table:
    """Wiener of five to the end: Emil re-buys, round 2 is corrected after round 3 (premiums
    reversed and paid again), Emil's last hand is entered as cards; Anna wins 70/30."""
    table = Table.start(client, FIVE, rules={"buy_in": "5.01", "rebuy_cost": "5.00"},
                        club=club.pk)
    table.knock("Anna", Anna=5, Ben=101, Cem=20, Dora=40, Emil=85)
    table.rebuy("Emil")
    table.knock("Anna", Anna=3, Cem=85, Dora=10, Emil=30)
    table.knock("Emil", Anna=20, Dora=60, Emil=2)
    corrected = table.correct(2, "Dora", Anna=13, Cem=85, Dora=2, Emil=30, reason="Dora knocked")
    assert corrected.status_code == 200, corrected.json()
    table.refresh()
    table.check_books()
    response = table.post_round("Anna", hands=[
        {"player": table.ids["Anna"], "deadwood": 4},
        {"player": table.ids["Emil"], "cards": EMIL_CARDS.split()},
    ])
    assert response.status_code == 201, response.json()
    table.refresh()
    table.check_books()
    assert table.game["status"] == "finished"
    assert any(entry["reverses"] for entry in table.ledger())
    return table


def carried_session(client, club) -> tuple[dict, Table, Table]:
    """An evening of two Rommé games: the first carries its pot (and kitty) over, the second
    takes it, has a correction and is won by Anna."""
    session = client.post(f"{API}/sessions/", {"name": "Freitagabend", "club": club.pk},
                          format="json").json()
    first = Table.start(client, THREE, preset="romme", session=session["id"],
                        rules={"dead_play_on": True, "rummy_kitty": True}, club=club.pk)
    first.knock("Anna", Anna=5, Ben=101, Cem=20)
    first.knock("Ben", Anna=96, Ben=3, Cem=81)
    assert first.game["status"] == "carried_over"
    second = Table.start(client, THREE, preset="romme", session=session["id"], club=club.pk)
    assert second.game["carried_in"] == "20.00"
    second.knock("Ben", Anna=30, Ben=2, Cem=12)
    corrected = second.correct(1, "Cem", Anna=30, Ben=12, Cem=2, reason="Cem knocked")
    assert corrected.status_code == 200, corrected.json()
    second.refresh()
    second.knock("Anna", Anna=0, Ben=101, Cem=101)
    assert second.game["status"] == "finished"
    return session, first, second


# --- Comparing two copies through the API, ids replaced by names -------------------------------

PLAYER_FIELDS = {"player", "ender", "dealer", "winner", "next_dealer", "from", "to"}


def by_names(value, names: dict[int, str], key: str | None = None):
    """The API's answer with every player id (and "player:<id>" key) replaced by the name."""
    if isinstance(value, dict):
        return {by_names(k, names, "key"): by_names(v, names, k) for k, v in value.items()}
    if isinstance(value, list):
        return [by_names(item, names, key) for item in value]
    if isinstance(value, int) and not isinstance(value, bool) and (
        key in PLAYER_FIELDS or key == "out"
    ):
        return names[value]
    if isinstance(value, str) and value.startswith("player:"):
        return "player:" + names[int(value.removeprefix("player:"))]
    return value


def seen(client, game_id: int) -> dict:
    """Everything the API says about a game, without ids: object, rounds, ledger, money."""
    url = f"{API}/games/{game_id}/"
    game = client.get(url).json()
    names = {player["id"]: player["name"] for player in game["players"]}
    for player in game["players"]:
        player["id"] = player["name"]
    for key in ("id", "club", "session"):
        game.pop(key)
    ledger = client.get(f"{url}ledger/").json()
    seq = {entry["seq"]: index for index, entry in enumerate(ledger, start=1)}
    for entry in ledger:
        entry["seq"] = seq[entry["seq"]]
        entry["reverses"] = seq.get(entry["reverses"])
    return by_names({
        "game": game,
        "rounds": client.get(f"{url}rounds/").json(),
        "ledger": ledger,
        "settlement": client.get(f"{url}settlement/").json(),
        "verify": client.get(f"{url}verify/").json(),
    }, names)


def seen_session(client, session_id: int) -> dict:
    session = client.get(f"{API}/sessions/{session_id}/").json()
    names = {}
    for game in session["games"]:
        players = client.get(f"{API}/games/{game['id']}/").json()["players"]
        names.update({player["id"]: player["name"] for player in players})
    return by_names({
        "name": session["name"],
        "games": [(g["name"], g["preset"], g["status"], g["version"]) for g in session["games"]],
        "carried_pot": session["carried_pot"],
        "net": sorted(session["net"], key=lambda line: names[line["player"]]),
        "transfers": session["transfers"],
    }, names) | {"each": [seen(client, g["id"]) for g in session["games"]]}


@pytest.fixture
def favoriten(alice, other_club, mallory):
    """Mallory's club, where alice organises too: the target of the imports."""
    Membership.objects.create(club=other_club, user=alice, role=Membership.Role.ORGANISER)
    return other_club


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


def named(part: dict) -> dict:
    """A document's game with its ledger's player keys as names and without its ids."""
    names = {seat["id"]: seat["player"] for seat in part["seats"]}
    return by_names({key: value for key, value in part.items() if key != "id"}
                    | {"seats": [(seat["number"], seat["player"]) for seat in part["seats"]]},
                    names)


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
    assert services.session_carry(TableSession.objects.get(pk=new_session)) == 0

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


# --- Refusals -------------------------------------------------------------------------------


def _mutate(path: str, value):
    def change(document):
        target = document
        keys = path.split("/")
        for key in keys[:-1]:
            target = target[int(key) if key.isdigit() else key]
        last = keys[-1]
        if value is DELETE:
            del target[int(last) if last.isdigit() else last]
        else:
            target[int(last) if last.isdigit() else last] = value(target[
                int(last) if last.isdigit() else last]) if callable(value) else value
    return change


DELETE = object()

CORRUPTIONS = [
    pytest.param(_mutate("format", "scorekeeper-backup"), "format", "unknown_format",
                 id="format"),
    pytest.param(_mutate("version", 2), "version", "unsupported_version", id="version"),
    pytest.param(_mutate("export_id", "not-a-uuid"), "export_id", "invalid_document",
                 id="export-id"),
    pytest.param(_mutate("game/preset", "poker"), "game.preset", "unknown_preset", id="preset"),
    pytest.param(_mutate("game/rules/buy_in", "-1.00"), "game.rules.buy_in", "invalid_amount",
                 id="rules"),
    pytest.param(_mutate("game/rounds/0/hands/2/deadwood", 21), "game.standings",
                 "standings_mismatch", id="deadwood-changed"),
    pytest.param(_mutate("game/rounds/0/hands/1/deadwood", 40), "game.rounds[2].hands",
                 "inconsistent_facts", id="deadwood-changes-who-plays"),
    pytest.param(_mutate("game/rounds/2/hands/1/deadwood", 80), "game.rounds[3].hands",
                 "inconsistent_facts", id="correction-changes-who-plays"),
    pytest.param(_mutate("game/rounds/0/hands/1/player", "Zora"), "game.rounds[0].hands[1].player",
                 "unknown_player", id="unknown-player"),
    pytest.param(_mutate("game/rounds/1", DELETE), "game.rounds[1]", "inconsistent_facts",
                 id="revision-missing"),
    pytest.param(_mutate("game/standings/winner", "Ben"), "game.standings",
                 "standings_mismatch", id="winner-changed"),
    pytest.param(_mutate("game/ledger/5/amount", "2.00"), "game.ledger", "ledger_mismatch",
                 id="amount-changed"),
    pytest.param(_mutate("game/ledger/5/to", "pot"), "game.ledger", "ledger_mismatch",
                 id="account-changed"),
    pytest.param(_mutate("game/ledger/3", DELETE), "game.ledger[3].seq", "invalid_document",
                 id="entry-missing"),
    pytest.param(_mutate("game/ledger/5/from", "player:999999"), "game.ledger[5].from",
                 "unknown_account", id="foreign-account"),
    pytest.param(_mutate("game/ledger/5/amount", "-1.00"), "game.ledger[5].amount",
                 "invalid_document", id="negative-amount"),
    pytest.param(_mutate("game/rebuys/0/player", "Anna"), "game.rebuys[0].player",
                 "inconsistent_facts", id="rebuy-of-another"),
    pytest.param(_mutate("game/seats", lambda seats: seats[:1]), "game.seats",
                 "too_few_players", id="one-seat"),
    pytest.param(_mutate("game", DELETE), "game", "invalid_document", id="no-game"),
]


@pytest.mark.parametrize(("corrupt", "field", "code"), CORRUPTIONS)
def test_a_corrupted_document_is_refused_and_writes_nothing(as_alice, club, favoriten,
                                                            corrupt, field, code):
    table = corrected_game(as_alice, club)
    document = as_alice.get(f"{table.url}export/").json()
    corrupt(document)
    before = counts()

    refused = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")

    assert refused.status_code == 400, refused.json()
    [(where, got, message)] = errors(refused)
    assert (where or "", got) == (field, code), message
    assert counts() == before


def test_a_reversal_that_does_not_mirror_its_entry_is_refused(as_alice, club, favoriten):
    table = corrected_game(as_alice, club)
    document = as_alice.get(f"{table.url}export/").json()
    reversal = next(e for e in document["game"]["ledger"] if e["reverses"])
    reversal["amount"] = "3.00"
    refused = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")
    index = reversal["seq"] - 1
    assert errors(refused) == [(
        f"game.ledger[{index}].reverses", "inconsistent_ledger",
        f"entry {reversal['seq']} does not mirror entry {reversal['reverses']}, which it "
        "claims to reverse")]


def test_documents_that_are_not_objects_or_of_the_wrong_kind_are_refused(as_alice, favoriten):
    url = f"{API}/clubs/{favoriten.pk}/import/"
    assert errors(as_alice.post(url, [1, 2], format="json")) == [
        (None, "invalid_document", "must be an object")]
    assert errors(as_alice.post(url, {"format": "scorekeeper-game"}, format="json")) == [
        ("version", "required", "version is missing")]
    with pytest.raises(exports.ImportRefused, match="'scorekeeper-session' was expected"):
        exports.import_session({"format": "scorekeeper-game", "version": 1,
                                "export_id": "00000000-0000-0000-0000-000000000001",
                                "exported_at": "2026-01-02T20:00:00Z", "club": {"name": "X"},
                                "session": {"name": "", "created_at": None}},
                               club=favoriten)


def test_a_single_game_that_took_a_carried_pot_is_refused(
    as_alice, club, favoriten,
):
    session, _, second = carried_session(as_alice, club)
    document = as_alice.get(f"{second.url}export/").json()
    before = counts()
    refused = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")
    assert errors(refused) == [(
        "game.carried_in", "carried_pot_needs_session",
        "This game took a pot carried over from an earlier game of its session; import the "
        "whole session (its export) so that the pot comes with it")]
    assert counts() == before


def test_an_export_id_reused_with_other_content_is_409(as_alice, alice, club, favoriten):
    table = corrected_game(as_alice, club)
    document = as_alice.get(f"{table.url}export/").json()
    url = f"{API}/clubs/{favoriten.pk}/import/"
    assert as_alice.post(url, document, format="json").status_code == 201
    document["game"]["name"] = "Samstag"
    before = counts()
    refused = as_alice.post(url, document, format="json")
    assert (refused.status_code, errors(refused)[0][:2]) == (409, ("export_id",
                                                                   "export_id_reused"))
    assert counts() == before
    # the same document into another club is a copy there, not a replay
    other = services.create_club(name="Meidling", user=alice)
    assert as_alice.post(f"{API}/clubs/{other.pk}/import/", document,
                         format="json").status_code == 201


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
    # only organisers import and read the report
    before = counts()
    for client in (as_carol, as_bob):
        refused = client.post(imports, document, format="json")
        assert (refused.status_code, errors(refused)[0][1]) == (403, "permission_denied")
        assert client.get(report).status_code == 403
        assert client.get(f"{report}?format=csv").status_code == 403
    assert counts() == before
    assert as_alice.get(report).status_code == 200


# --- The report -------------------------------------------------------------------------------


def finish_quickly(client, players, club, **extra) -> Table:
    table = Table.start(client, players, club=club.pk, **extra)
    table.knock(players[0], **{players[0]: 0}, **{name: 101 for name in players[1:]})
    assert table.game["status"] == "finished"
    return table


def test_the_report_adds_up_to_the_settlements_of_the_games(as_alice, club):
    # given a corrected game, an evening with a carried pot, a quick game and a running one
    games = [corrected_game(as_alice, club), *carried_session(as_alice, club)[1:],
             finish_quickly(as_alice, ["Ben", "Dora", "Emil"], club)]
    running = Table.start(as_alice, THREE, club=club.pk)
    running.knock("Anna", Anna=3, Ben=40, Cem=22)

    # when the organiser reads the report, two games to a page
    pages, url = [], f"{API}/clubs/{club.pk}/report/?page_size=2"
    while url:
        response = as_alice.get(url)
        assert response.status_code == 200, response.json()
        pages.append(response.json())
        url = pages[-1]["next"]
    lines = [line for page in pages for line in page["results"]]

    # then it lists the ended games newest first, each with its payouts and nets
    assert [line["id"] for line in lines] == [table.id for table in reversed(games)]
    assert pages[0]["count"] == 4 and len(pages) == 2
    for line, table in zip(lines, reversed(games), strict=True):
        game, settlement = table.refresh(), table.get("settlement/")
        assert line["status"] == game["status"]
        assert line["verified"] is True
        assert line["paid_out"] == money(sum(minor(p["amount"]) for p in game["payouts"])
                                         + kitty_final(table))
        assert {p["player"]: p["net"] for p in line["players"]} == {
            n["player"]: n["amount"] for n in settlement["net"]}
        assert {p["player"]: p["payout"] for p in line["players"] if p["payout"] != "0.00"} == {
            p: money(a) for p, a in received_at_the_end(table).items()}

    # and each player's result over the club is the sum of the games' settlements
    expected: dict[str, int] = {}
    played: dict[str, int] = {}
    for table in games:
        for net in table.get("settlement/")["net"]:
            name = table.names[net["player"]]
            expected[name] = expected.get(name, 0) + minor(net["amount"])
            played[name] = played.get(name, 0) + 1
    players = pages[0]["players"]
    assert pages[1]["players"] == players
    assert {p["name"]: minor(p["net"]) for p in players} == expected
    assert {p["name"]: p["games"] for p in players} == played
    assert sum(minor(p["net"]) for p in players) == 0
    assert pages[0]["totals"] == {"games": 4, "paid_out": {"EUR": money(sum(
        minor(line["paid_out"]) for line in lines))}}


def money(minor_units: int) -> str:
    return f"{minor_units // 100}.{minor_units % 100:02d}"


def kitty_final(table) -> int:
    return sum(minor(e["amount"]) * (1 if e["to"].startswith("player:") else -1)
               for e in table.ledger() if e["kind"] == "kitty_final")  # fmt: skip


def received_at_the_end(table) -> dict[int, int]:
    received: dict[int, int] = {}
    for entry in table.ledger():
        if entry["kind"] in ("payout", "kitty_final"):
            for key, sign in ((entry["to"], 1), (entry["from"], -1)):
                if key.startswith("player:"):
                    player = int(key.removeprefix("player:"))
                    received[player] = received.get(player, 0) + sign * minor(entry["amount"])
    return {player: amount for player, amount in received.items() if amount}


def test_the_report_flags_a_game_whose_books_do_not_close(as_alice, club):
    from ledger import services as ledger
    from scorekeeper.rules import Transfer

    good = finish_quickly(as_alice, THREE, club)
    bad = finish_quickly(as_alice, ["Dora", "Emil"], club)
    url = f"{API}/clubs/{club.pk}/report/"
    emil = {p["name"]: p["net"] for p in as_alice.get(url).json()["players"]}["Emil"]
    # money taken out of the pot of a finished game, around the services
    ledger.post([Transfer("pot", f"player:{bad.ids['Emil']}", 100, "payout", None)],
                game_id=bad.id, currency="EUR")
    body = as_alice.get(url).json()
    assert {line["id"]: line["verified"] for line in body["results"]} == {
        good.id: True, bad.id: False}
    assert bad.get("verify/")["verified"] is False
    # and the players' results follow the ledger, not what was summed before
    assert {p["name"]: minor(p["net"]) for p in body["players"]}["Emil"] == minor(emil) + 100


def test_verifyledger_names_the_game_whose_books_do_not_close_and_exits_1(as_alice, club):
    from ledger import services as ledger
    from scorekeeper.rules import Transfer

    # given two finished games whose books close
    good = finish_quickly(as_alice, THREE, club)
    bad = finish_quickly(as_alice, ["Dora", "Emil"], club)
    out = io.StringIO()
    call_command("verifyledger", "--club", str(club.pk), stdout=out)
    assert out.getvalue().strip() == "2 games checked, 0 with differences."

    # when money leaves the pot of one of them around the services
    ledger.post([Transfer("pot", f"player:{bad.ids['Emil']}", 100, "payout", None)],
                game_id=bad.id, currency="EUR")

    # then the audit names that game and the difference, and fails
    out = io.StringIO()
    with pytest.raises(SystemExit) as exit_:
        call_command("verifyledger", stdout=out)
    assert exit_.value.code == 1
    report = out.getvalue()
    assert f"Game {bad.id} " in report and f"Game {good.id} " not in report
    assert "pot -> player:" in report and "1.00" in report
    assert report.strip().endswith("2 games checked, 1 with differences.")
    with pytest.raises(CommandError, match="There is no game 999999"):
        call_command("verifyledger", "--game", "999999", stdout=io.StringIO())


def test_the_report_follows_a_correction_of_a_finished_game(as_alice, club):
    # given a game Anna won, already in the report
    table = finish_quickly(as_alice, THREE, club)
    url = f"{API}/clubs/{club.pk}/report/"
    assert as_alice.get(url).json()["players"][0]["name"] == "Anna"

    # when its only round is corrected so that Ben won it
    corrected = table.correct(1, "Ben", Anna=101, Ben=0, Cem=101, reason="Ben went out")
    assert corrected.status_code == 200, corrected.json()
    table.refresh()

    # then the report's results are the new settlement's
    body = as_alice.get(url).json()
    settlement = {table.names[n["player"]]: n["amount"]
                  for n in table.get("settlement/")["net"]}  # fmt: skip
    assert {p["name"]: p["net"] for p in body["players"]} == settlement
    assert minor(settlement["Ben"]) > 0
    assert body["results"][0]["players"][1]["payout"] != "0.00"


def test_two_imports_of_one_document_at_once_make_one_game(as_alice, club, favoriten,
                                                           monkeypatch):
    # given a document, and an import that does not see the one committed meanwhile
    table = corrected_game(as_alice, club)
    document = as_alice.get(f"{table.url}export/").json()
    first = exports.import_game(document, club=favoriten)
    real, calls = exports._earlier, []

    def late(*args):
        calls.append(args)
        return None if len(calls) == 1 else real(*args)

    monkeypatch.setattr(exports, "_earlier", late)
    before = counts()

    # when it writes all the same, it meets the unique export id and answers the first game
    again = exports.import_document(document, club=favoriten)

    assert (again.created, again.game) == (False, first)
    assert counts() == before


def test_the_report_as_csv_escapes_formulas_and_keeps_names_as_written(as_alice, club):
    # given a game of players whose names a spreadsheet would run, and one with markup
    names = ['=HYPERLINK("http://evil.example","x")', "+SUM(A1)", "-2+3", "@cmd",
             "<b>Bold</b>"]
    finish_quickly(as_alice, names, club, name="=1+1")

    # when the organiser downloads the report as CSV, both tables
    games = as_alice.get(f"{API}/clubs/{club.pk}/report/?format=csv")
    players = as_alice.get(f"{API}/clubs/{club.pk}/report/?format=csv&table=players")

    # then they are attachments of text/csv, whose text cells cannot start a formula
    for response, table in ((games, "games"), (players, "players")):
        assert response.status_code == 200
        assert response["Content-Type"] == "text/csv; charset=utf-8"
        assert response["Content-Disposition"] == (
            f'attachment; filename="club-{club.pk}-report-{table}.csv"')
    rows = list(csv.reader(io.StringIO(b"".join(games.streaming_content).decode())))
    assert rows[0] == ["game_id", "date", "game", "session_id", "status", "currency",
                       "verified", "paid_out", "seat", "player_id", "player", "payout", "net"]
    assert [row[10] for row in rows[1:]] == [
        '\'=HYPERLINK("http://evil.example","x")', "'+SUM(A1)", "'-2+3", "'@cmd",
        "<b>Bold</b>"]
    assert {row[2] for row in rows[1:]} == {"'=1+1"}
    # and amounts stay numbers: a loss is written -5.12, not as text
    nets = [row[12] for row in rows[1:]]
    assert "-5.12" in nets and sum(Decimal(net) for net in nets) == 0
    player_rows = list(csv.reader(io.StringIO(b"".join(players.streaming_content).decode())))
    assert player_rows[0] == ["player_id", "player", "currency", "games", "paid_out", "net"]
    assert sorted(row[1] for row in player_rows[1:]) == sorted(
        ["'" + name if name[0] in "=+-@" else name for name in names])


def test_the_report_of_a_club_without_ended_games_is_empty(as_alice, club):
    body = as_alice.get(f"{API}/clubs/{club.pk}/report/").json()
    assert body == {"club": {"id": club.pk, "name": "Ottakring"}, "count": 0, "next": None,
                    "previous": None, "results": [], "players": [],
                    "totals": {"games": 0, "paid_out": {}}}
    refused = as_alice.get(f"{API}/clubs/{club.pk}/report/?format=csv&table=rounds")
    assert refused.status_code == 400
