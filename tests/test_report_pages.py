"""The season's books, /clubs/<id>/report/ (scorekeeper/web/report.py, services/season.py):
each player's games, places, money and play over a period, each game's money and whether
its books verify, the charts, the CSV and the PDF.

The games are worked examples of docs/rules.md, so every figure below can be checked by
hand: 5.3 (Wiener, 5 players, a re-buy for 2.55, the pot split 70/30), 5.5 (a Rommé
Punktespiel) and 3.6 (Wiener with undercut: Ben undercuts Anna, then goes Rummy).
"""

import csv
import io
import re
import zlib
from datetime import UTC, datetime
from decimal import Decimal

import pytest
from django.core.cache import caches
from django.db import connection
from django.test.utils import CaptureQueriesContext

from ledger import services as ledger
from scorekeeper import services
from scorekeeper.models import Game
from scorekeeper.rules import Transfer
from scorekeeper.services import HandInput, season
from scorekeeper.services.policy import OPERATOR

NAMES = ("Anna", "Ben", "Cem", "Dora", "Emil")


def play(view, ender: str, **deadwood) -> services.GameView:
    """The next round, deadwood by name."""
    ids = {seat.player.name: seat.player_id for seat in view.seats}
    number = view.state.round_count + 1
    _result, view = services.record_round(
        game_id=view.game.pk, number=number, ender=ids[ender],
        hands=[HandInput(ids[name], deadwood=value) for name, value in deadwood.items()],
        user=OPERATOR)
    return view


def on(view, day: str) -> Game:
    """The game dated `day` (its start): late morning UTC, the same day in Vienna."""
    Game.objects.filter(pk=view.game.pk).update(
        created_at=datetime.fromisoformat(f"{day}T11:00:00").replace(tzinfo=UTC))
    return Game.objects.get(pk=view.game.pk)


def split_pot(club) -> Game:
    """docs/rules.md 5.3: Anna wins with 20; Emil 2nd, Dora 3rd, Cem 4th, Ben 5th; the pot of
    27.55 pays Anna 19.29 and Emil 8.26."""
    view = services.start_game(club=club, name="Fünf", preset="wiener", players=list(NAMES),
                               rules={"rebuy_cost": "2.55"}, user=OPERATOR)
    view = play(view, "Anna", Anna=5, Ben=85, Cem=20, Dora=20, Emil=20)
    ben = next(seat.player_id for seat in view.seats if seat.player.name == "Ben")
    view = services.take_rebuy(game_id=view.game.pk, player=ben, user=OPERATOR)  # to 20 for 2.55
    view = play(view, "Anna", Anna=5, Ben=101, Cem=70, Dora=10, Emil=10)
    view = play(view, "Anna", Anna=5, Cem=20, Dora=75, Emil=30)
    view = play(view, "Anna", Anna=5, Emil=50)
    assert view.state.status == "finished"
    return on(view, "2024-03-01")


def points_game(club) -> Game:
    """docs/rules.md 5.5: Anna +1.80, Ben -6.30, Cem +4.50, closed after two rounds."""
    view = services.start_game(club=club, name="Punkte", preset="romme",
                               players=["Anna", "Ben", "Cem"], rules={"mode": "points"},
                               user=OPERATOR)
    view = play(view, "Anna", Anna=0, Ben=23, Cem=7)
    view = play(view, "Cem", Anna=12, Ben=40, Cem=0)
    services.close_game(game_id=view.game.pk, user=OPERATOR)
    return on(view, "2024-03-08")


def undercut_game(club) -> Game:
    """docs/rules.md 3.6: Anna knocks with 5, Ben holds 3 and wins the round (each pays him
    1.00); then Ben goes Rummy (2.00 from each, 10 bonus points) and everyone else goes out
    in that round: Dora 112 is 2nd, Anna 115 3rd, Cem 120 4th. Ben takes the pot of 20.00."""
    view = services.start_game(club=club, name="Unterboten", preset="wiener",
                               players=["Anna", "Ben", "Cem", "Dora"], rules={"undercut": True},
                               user=OPERATOR)
    view = play(view, "Anna", Anna=5, Ben=3, Cem=40, Dora=12)
    view = play(view, "Ben", Anna=100, Ben=0, Cem=70, Dora=90)
    assert view.state.status == "finished"
    return on(view, "2024-04-05")


@pytest.fixture
def season_games(club):
    return split_pot(club), points_game(club), undercut_game(club)


def report(client, club, **query):
    return client.get(f"/clubs/{club.pk}/report/", query)


def rows(html: str) -> dict[str, list[str]]:
    """The players' table: name -> its cells as text, without the spaces of the page."""
    table = html.split('class="ledger books"', 1)[1].split("</table>", 1)[0]
    result = {}
    for row in re.findall(r"<tr>(.*?)</tr>", table.split("<tbody>", 1)[1], re.S):
        cells = [re.sub(r"<[^>]+>", " ", cell) for cell in
                 re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S)]
        cells = [" ".join(cell.replace("\xa0", " ").split()) for cell in cells]
        result[cells[0]] = cells[1:]
    return result


# --- The figures -----------------------------------------------------------------------------


def test_each_player_over_the_season_from_the_worked_examples(season_games, club, alice_page):
    response = report(alice_page, club, **{"from": "2024-01-01", "to": "2024-12-31"})
    assert response.status_code == 200
    table = rows(response.content.decode())
    # The Punktespiel places nobody: nobody goes out of it (docs/rules.md 6.3).
    # games, 1st, 2nd, 3rd, net, buy-ins, re-buys, knocks, Rummies, undercuts, average
    # deadwood, largest win, largest loss
    assert table == {
        # 5.3: 1st, +26.29 (12 premiums + 19.29 - 5.00); 5.5: +1.80; 3.6: 3rd, -8.00.
        # Deadwood 5 5 5 5 | 0 12 | 5 100: 137 in 8 hands.
        "Anna": ["3", "1", "0", "1", "+€20.09", "€10.00", "€0.00", "6", "1", "0", "17.1",
                 "+€26.29", "−€8.00"],
        # 5.3: 5th, -9.55; 5.5: -6.30; 3.6: 1st, +24.00 (undercut, Rummy, the pot).
        "Ben": ["3", "1", "0", "0", "+€8.15", "€10.00", "€2.55 (1)", "1", "1", "1", "42.0",
                "+€24.00", "−€9.55"],
        # 5.3: 4th, -8.00; 5.5: +4.50; 3.6: 4th, -8.00. 110 + 7 + 110 in 7 hands.
        "Cem": ["3", "0", "0", "0", "−€11.50", "€10.00", "€0.00", "1", "1", "0", "32.4",
                "+€4.50", "−€8.00"],
        # 5.3: 3rd, -8.00; 3.6: 2nd, -8.00. 105 + 102 in 5 hands.
        "Dora": ["2", "0", "1", "1", "−€16.00", "€10.00", "€0.00", "0", "0", "0", "41.4",
                 "–", "−€8.00"],
        # 5.3: 2nd, -0.74 (8.26 - 5.00 - 4 premiums).
        "Emil": ["1", "0", "1", "0", "−€0.74", "€5.00", "€0.00", "0", "0", "0", "27.5",
                 "–", "−€0.74"],
    }


def test_each_game_with_its_money_and_verified_books(season_games, club, carol_page):
    html = report(carol_page, club, **{"from": "2024-01-01", "to": "2024-12-31"}
                  ).content.decode()
    games = html.split('class="ledger books games-books"', 1)[1].split("</table>", 1)[0]
    found = [[" ".join(re.sub(r"<[^>]+>", " ", cell).replace("\xa0", " ").split())
              for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]
             for row in re.findall(r"<tr>(.*?)</tr>", games.split("<tbody>", 1)[1], re.S)]
    assert found == [
        ["03/01/2024", "Fünf", "Anna, Ben, Cem, Dora, Emil", "€27.55", "€27.55", "✓ verified"],
        ["03/08/2024", "Punkte", "Anna, Ben, Cem", "€0.00", "€0.00", "✓ verified"],
        ["04/05/2024", "Unterboten", "Anna, Ben, Cem, Dora", "€20.00", "€20.00",
         "✓ verified"],
    ]


def test_a_game_whose_ledger_was_written_around_the_services_does_not_verify(
        season_games, club, alice_page):
    _split, _points, undercut = season_games
    anna = undercut.seats.get(player__name="Anna").player_id
    # An entry no round calls for, posted straight into the ledger.
    ledger.post([Transfer("pot", f"player:{anna}", 500, "payout", None)],
                game_id=undercut.pk, currency="EUR")
    html = report(alice_page, club, **{"from": "2024-04-01", "to": "2024-04-30"}
                  ).content.decode()
    assert "✗ differs" in html and "✓ verified" not in html
    # the difference is named in words, as the audit names it
    assert "End: Payout Pot → Anna €5.00 found, not expected" in html


def test_the_period_filters_the_games_and_defaults_to_this_year(season_games, club, alice_page):
    march = rows(report(alice_page, club, **{"from": "2024-03-01", "to": "2024-03-31"}
                        ).content.decode())
    assert set(march) == {"Anna", "Ben", "Cem", "Dora", "Emil"}
    assert march["Anna"][:5] == ["2", "1", "0", "0", "+€28.09"]  # 26.29 + 1.80
    assert march["Dora"][:1] == ["1"]
    # A period that ends the day before a game leaves it out; one from its day takes it.
    assert set(rows(report(alice_page, club, **{"from": "2024-03-02", "to": "2024-04-05"}
                           ).content.decode())) == {"Anna", "Ben", "Cem", "Dora"}
    # By default: the current year so far, which holds none of 2024's games.
    current = report(alice_page, club)
    assert current.status_code == 200
    assert "No game ended in this period." in current.content.decode()


@pytest.mark.parametrize(("query", "message"), [
    ({"from": "2024-13-01"}, "“2024-13-01” is not a date: write it as YYYY-MM-DD"),
    ({"to": "yesterday"}, "“yesterday” is not a date"),
    ({"from": "2024-05-01", "to": "2024-04-30"},
     "The period starts on 2024-05-01, after its end on 2024-04-30"),
    ({"format": "xlsx"}, "“xlsx” is not a format of the report"),
])
def test_a_bad_period_or_format_is_named(season_games, club, alice_page, query, message):
    response = report(alice_page, club, **query)
    assert response.status_code == 400
    html = response.content.decode()
    assert message in html
    assert 'class="ledger books"' not in html


# --- The charts ------------------------------------------------------------------------------


def test_the_charts_are_svg_with_titles_and_every_player(season_games, club, alice_page):
    html = report(alice_page, club, **{"from": "2024-01-01", "to": "2024-12-31"}
                  ).content.decode()
    charts = re.findall(r"<svg .*?</svg>", html, re.S)
    assert len(charts) == 2
    money, wins = charts
    assert 'role="img"' in money and "<title" in money
    assert "s money over the period (EUR)</title>" in money
    # One line per player, ending where the season ends for them, named at its end.
    assert money.count("<polyline") == 5
    assert "At the end: Anna +€20.09, Ben +€8.15, Cem −€11.50, Dora −€16.00, Emil −€0.74." \
        in money.replace("\xa0", " ")
    # Three game dates: a line has the start and three points.
    assert all(len(points.split()) == 4 for points in re.findall(r'points="([^"]+)"', money))
    assert "Wins per player" in wins and wins.count("<rect") == 5
    assert "Anna 1, Ben 1, Cem 0, Dora 0, Emil 0" in wins


# --- The downloads ---------------------------------------------------------------------------


def test_the_csv_is_the_api_csv_of_the_period(season_games, club, alice_page, as_alice):
    response = report(alice_page, club, **{"from": "2024-03-01", "to": "2024-03-31",
                                           "format": "csv"})
    assert response.status_code == 200
    assert response["Content-Type"] == "text/csv; charset=utf-8"
    assert response["Content-Disposition"] == (
        'attachment; filename="ottakring-2024-03-01-2024-03-31.csv"')
    text = b"".join(response.streaming_content).decode()
    table = list(csv.DictReader(io.StringIO(text)))
    # One row per game and player: the 5 of 5.3 and the 3 of 5.5, the newest game first.
    assert [(row["game"], row["player"]) for row in table] == [
        ("Punkte", "Anna"), ("Punkte", "Ben"), ("Punkte", "Cem"),
        ("Fünf", "Anna"), ("Fünf", "Ben"), ("Fünf", "Cem"), ("Fünf", "Dora"), ("Fünf", "Emil")]
    assert {row["player"]: Decimal(row["net"]) for row in table if row["game"] == "Fünf"} == {
        "Anna": Decimal("26.29"), "Ben": Decimal("-9.55"), "Cem": Decimal("-8.00"),
        "Dora": Decimal("-8.00"), "Emil": Decimal("-0.74")}
    # Over every game, the page's CSV and the API's are the same text.
    whole = report(alice_page, club, **{"from": "2024-01-01", "to": "2024-12-31",
                                        "format": "csv"})
    api = as_alice.get(f"/api/v1/clubs/{club.pk}/report/?format=csv")
    assert b"".join(whole.streaming_content) == b"".join(api.streaming_content)


def test_the_pdf_names_the_club_and_holds_the_tables(season_games, club, carol_page):
    response = report(carol_page, club, **{"from": "2024-01-01", "to": "2024-12-31",
                                           "format": "pdf"})
    assert response.status_code == 200
    assert response["Content-Type"] == "application/pdf"
    assert response["Content-Disposition"] == (
        'attachment; filename="ottakring-2024-01-01-2024-12-31.pdf"')
    pdf = response.content
    assert pdf.startswith(b"%PDF")
    objects = pdf_objects(pdf)
    titles = pdf_titles(objects)
    # The document's title and the bookmarks of its headings: the club, then each part.
    assert titles.count("Ottakring") == 2
    assert {"Players", "Charts", "Games"} <= set(titles)
    pages = int(re.search(rb"/Type /Pages/Kids \[[^\]]*\]/Count (\d+)", objects)[1])
    assert pages >= 2  # the players, two charts and the games do not fit on one A4 page


def pdf_objects(pdf: bytes) -> bytes:
    """pydyf packs the document's objects into compressed streams: unpacked, they hold the
    title (the club's name), the bookmarks and the pages."""
    return b"".join(zlib.decompress(stream) for stream in re.findall(
        rb"stream\r?\n(.*?)\r?\nendstream", pdf, re.S) if _inflates(stream))


def pdf_titles(objects: bytes) -> list[str]:
    """The document's title and the bookmarks WeasyPrint makes of its headings."""
    return [bytes.fromhex(text[1:-1].decode()).decode("utf-16") if text[:1] == b"<"
            else text[1:-1].decode() for text in re.findall(rb"/Title (<[0-9a-f]+>|\([^)]*\))",
                                                            objects)]


def _inflates(stream: bytes) -> bool:
    try:
        zlib.decompress(stream)
    except zlib.error:
        return False
    return True


# --- Access and scale ------------------------------------------------------------------------


def test_another_clubs_organiser_gets_404(season_games, club, mallory_page):
    for query in ({}, {"format": "csv"}, {"format": "pdf"}):
        assert report(mallory_page, club, **query).status_code == 404
    assert mallory_page.get("/clubs/999999/report/").status_code == 404


def test_the_queries_do_not_grow_with_the_games(club, alice_page):
    def queries() -> int:
        services.recent_games.clear()
        for kept in caches.all(initialized_only=False):
            kept.clear()  # nothing kept from the last report: every game is read again
        with CaptureQueriesContext(connection) as captured:
            response = report(alice_page, club, **{"from": "2024-01-01", "to": "2024-12-31"})
        assert response.status_code == 200
        return len(captured)

    split_pot(club)
    one = queries()
    for _ in range(4):
        split_pot(club)
        undercut_game(club)
    # The page's verification reads one ledger query per game shown; the rest is fixed.
    assert queries() <= one + 8
    assert len(season.season(club.pk, datetime(2024, 1, 1).date(),
                             datetime(2024, 12, 31).date()).games) == 9


def test_a_second_reading_replays_only_the_games_written_since(club, alice_page,
                                                                 monkeypatch):
    # given a season read once, so that what each game came to is kept
    split_pot(club)
    later = undercut_game(club)
    period = {"from": "2024-01-01", "to": "2024-12-31"}
    assert report(alice_page, club, **period).status_code == 200
    replayed = []
    original = season.replay_games
    monkeypatch.setattr(season, "replay_games", lambda games, seats: (
        replayed.extend(game.pk for game in games) or original(games, seats)))
    # when nothing was written since, the season is read again without replaying a game
    assert report(alice_page, club, **period).status_code == 200
    assert replayed == []
    # and a game written since (its version bumped) is the only one replayed
    Game.objects.filter(pk=later.pk).update(version=later.version + 1)
    assert report(alice_page, club, **period).status_code == 200
    assert replayed == [later.pk]
    # a club's season is thousands of games: the cache keeps them all (settings.CACHES)
    assert caches["season"]._max_entries >= 10_000


def test_a_viewer_gets_the_same_books_from_the_page_and_the_api(season_games, club,
                                                                 carol_page, as_carol):
    # One answer for viewers: the page's CSV and the API's are the same text for carol too.
    page = report(carol_page, club, **{"from": "2024-01-01", "to": "2024-12-31",
                                       "format": "csv"})
    api = as_carol.get(f"/api/v1/clubs/{club.pk}/report/csv/")

    assert (page.status_code, api.status_code) == (200, 200)
    assert b"".join(page.streaming_content) == b"".join(api.streaming_content)
