"""Dates and names (issue 25, item 4; docs/table.md, "Dates and names"): a game with no
name typed is called by its kind and number in the club, never by a date; every date on
the pages and in the PDF is in the reader's format: 26.11.2026 in German, 26/11/2026 for a
browser in British English, 11/26/2026 in American English (scorekeeper/regional_dates.py);
and migration 0017 renames the games the old default named with a date.
"""

import importlib
from datetime import UTC, datetime

import pytest
from django.apps import apps

from scorekeeper.models import Club, Game
from tests.test_game_pages import start_game

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de-DE,de;q=0.9"}
BRITISH = {"HTTP_ACCEPT_LANGUAGE": "en-GB,en;q=0.9"}
AMERICAN = {"HTTP_ACCEPT_LANGUAGE": "en-US,en;q=0.9"}
NOON_26_NOVEMBER = datetime(2026, 11, 26, 11, 0, tzinfo=UTC)

migration = importlib.import_module("scorekeeper.migrations.0017_game_names")


def start(client, club, preset, players, name="", **headers):
    return start_game(client, club, players, preset=preset,
                      extra={"game_name": name}, **headers)


# --- Names ----------------------------------------------------------------------------------


def test_a_game_with_no_name_typed_is_called_by_its_kind_and_number(club, bob_page):
    names = [start(bob_page, club, preset, players).name for preset, players in (
        ("wiener", ["Anna", "Ben"]), ("gin", ["Anna", "Ben"]), ("wiener", ["Cem", "Dora"]),
        ("basic", ["Anna", "Ben", "Cem"]), ("gin_online", ["Anna", "Ben"]),
        ("romme", ["Anna", "Ben"]), ("rami", ["Anna", "Ben"]))]

    # Gin and its online scoring are one kind, and count on together.
    assert names == ["Wiener #1", "Gin #1", "Wiener #2", "Basic Rummy #1", "Gin #2",
                     "Rommé #1", "Rami #1"]


def test_the_number_counts_the_clubs_games_of_the_kind_void_ones_too(club, bob_page):
    other = Club.objects.create(name="Favoriten")
    Game.objects.create(club=other, name="Elsewhere", preset="gin", rules={})
    first = start(bob_page, club, "gin", ["Anna", "Ben"])
    first.voided_at = NOON_26_NOVEMBER
    first.save(update_fields=["voided_at"])

    assert start(bob_page, club, "gin", ["Anna", "Ben"]).name == "Gin #2"


def test_a_german_page_names_an_unnamed_game_the_same_and_keeps_a_typed_name(club, bob_page):
    assert start(bob_page, club, "wiener", ["Anna", "Ben"], **GERMAN).name == "Wiener #1"
    assert start(bob_page, club, "wiener", ["Anna", "Ben"], name="Freitagsrunde",
                 **GERMAN).name == "Freitagsrunde"


# --- Dates ----------------------------------------------------------------------------------


@pytest.fixture
def game_of_26_november(club, bob_page):
    game = start(bob_page, club, "wiener", ["Anna", "Ben"])
    Game.objects.filter(pk=game.pk).update(created_at=NOON_26_NOVEMBER)
    return game


@pytest.mark.parametrize(("headers", "shown", "not_shown"), [
    (GERMAN, "26.11.2026", "11/26/2026"),
    (BRITISH, "26/11/2026", "11/26/2026"),
    (AMERICAN, "11/26/2026", "26/11/2026"),
])
def test_the_home_cards_show_the_date_in_the_readers_format(
        game_of_26_november, bob_page, headers, shown, not_shown):
    html = bob_page.get("/", **headers).content.decode()

    assert f"· {shown}</span>" in html
    assert not_shown not in html


def test_a_british_browser_reads_english_words_with_british_dates(game_of_26_november,
                                                                   bob_page):
    response = bob_page.get("/", **BRITISH)
    html = response.content.decode()

    assert "0 rounds played · 26/11/2026" in html and '<html lang="en-gb">' in html
    assert response.wsgi_request.LANGUAGE_CODE == "en"
    # The language switch still marks English as the page's language.
    assert 'value="en" lang="en" aria-pressed="true"' in html


def test_a_region_django_has_no_formats_for_keeps_englishs_own(game_of_26_november,
                                                               bob_page):
    html = bob_page.get("/", HTTP_ACCEPT_LANGUAGE="en-XX,en;q=0.9").content.decode()

    assert "· 11/26/2026</span>" in html


@pytest.mark.parametrize(("headers", "period"), [
    (GERMAN, "1. November 2026 bis 30. November 2026"),
    (BRITISH, "1 Nov 2026 to 30 Nov 2026"),
    (AMERICAN, "Nov. 1, 2026 to Nov. 30, 2026"),
])
def test_the_pdf_gives_its_period_in_the_readers_format(
        game_of_26_november, club, carol_page, monkeypatch, headers, period):
    printed = []

    class Printer:
        """weasyprint.HTML, keeping the document it was given."""

        def __init__(self, string, **_options):
            printed.append(string)

        def write_pdf(self):
            return b"%PDF-1.7"

    monkeypatch.setattr("weasyprint.HTML", Printer)
    response = carol_page.get(f"/clubs/{club.pk}/report/",
                              {"from": "2026-11-01", "to": "2026-11-30", "format": "pdf"},
                              **headers)

    assert response.status_code == 200
    assert period in printed[0]


# --- The migration renaming the old default names ------------------------------------------


@pytest.mark.parametrize(("name", "preset", "renamed"), [
    ("Gin Rummy, 11/26/2026", "gin", True),
    ("Wiener Rummy, 01/02/2026", "wiener", True),
    ("Gin Rummy (online scoring), 11/26/2026", "gin_online", True),
    ("Gin Rummy (Online-Wertung), 26.11.2026", "gin_online", True),
    ("Rommé ohne Auslegen, 26.11.2026", "romme", True),
    ("Gin Rummy, 11/26/2026", "wiener", False),  # another game's label
    ("Gin Rummy, 11/26/2026 revenge", "gin", False),
    ("Gin Rummy 11/26/2026", "gin", False),
    ("Gin Rummy, 2026-11-26", "gin", False),
    ("Gin Rummy, 1/2/2026", "gin", False),
    ("Friday, 11/26/2026", "gin", False),
    ("Gin #3", "gin", False),
])
def test_the_migration_renames_only_names_of_the_old_default(name, preset, renamed):
    assert migration.is_old_default(name, preset) is renamed


def test_the_migration_numbers_by_kind_and_club_in_the_order_started():
    games = [(1, 10, "gin", "Gin Rummy, 11/20/2026"), (2, 10, "gin", "Revenge"),
             (3, 20, "gin", "Gin Rummy, 11/21/2026"), (4, 10, "gin_online",
                                                       "Gin Rummy (online scoring), 11/22/2026"),
             (5, 10, "wiener", "Wiener Rummy, 11/23/2026")]

    assert migration.new_names(games) == {1: "Gin #1", 3: "Gin #1", 4: "Gin #3", 5: "Wiener #1"}


def test_the_migration_renames_the_stored_games(club):
    old = Game.objects.create(club=club, name="Basic Rummy, 11/26/2026", preset="basic",
                              rules={})
    typed = Game.objects.create(club=club, name="Basic Rummy, the rematch", preset="basic",
                                rules={})

    migration.rename_games(apps, None)

    assert Game.objects.get(pk=old.pk).name == "Basic Rummy #1"
    assert Game.objects.get(pk=typed.pk).name == "Basic Rummy, the rematch"
