"""The club's audit report (scorekeeper/services/reports.py, api/reports.py) and the
verifyledger audit: the report adds up to the games' settlements, flags a game whose books
do not close, follows corrections, and its CSV cannot run formulas."""

import csv
import io
from decimal import Decimal

import pytest
from django.core.management import call_command
from django.core.management.base import CommandError

from tests.api_table import API, Table, minor
from tests.export_support import THREE, carried_session, corrected_game, finish_quickly


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
                    "totals": {"games": 0, "paid_out": {}}, "tournaments": []}
    refused = as_alice.get(f"{API}/clubs/{club.pk}/report/?format=csv&table=rounds")
    assert refused.status_code == 400


def test_a_viewer_reads_the_report_through_the_api_as_on_the_pages(as_alice, as_carol,
                                                                     carol_page, club):
    # One answer for viewers (docs/api.md, "Export, import and the club report"): the report
    # holds nothing carol cannot read on the season's page, its CSV and its PDF.
    finish_quickly(as_alice, ["Ben", "Dora", "Emil"], club)

    report = as_carol.get(f"{API}/clubs/{club.pk}/report/")
    csv_games = as_carol.get(f"{API}/clubs/{club.pk}/report/csv/")
    csv_players = as_carol.get(f"{API}/clubs/{club.pk}/report/?format=csv&table=players")
    page = carol_page.get(f"/clubs/{club.pk}/report/")

    assert report.status_code == 200, report.content
    assert report.json() == as_alice.get(f"{API}/clubs/{club.pk}/report/").json()
    assert (csv_games.status_code, csv_players.status_code, page.status_code) == (200, 200, 200)
    assert b"Dora" in b"".join(csv_games.streaming_content)
    assert b"Dora" in b"".join(csv_players.streaming_content)


def test_outside_the_club_the_report_does_not_exist(as_mallory, anonymous, club, alice):
    for url in (f"{API}/clubs/{club.pk}/report/", f"{API}/clubs/{club.pk}/report/csv/"):
        assert as_mallory.get(url).status_code == 404
        assert anonymous.get(url).status_code == 401
