"""Hollywood Gin on the pages (docs/rules.md 8.12): the box on the new-game form, its
refusal next to it, and the sheet with the three games side by side, in English and in
German."""

import re

from scorekeeper.models import Game
from tests.test_gin_pages import play, sheet, start_gin, text


def hollywood_rows(page: str) -> list[tuple[str, ...]]:
    """Each round of the Hollywood sheet: its number and the six cells, game by game."""
    body = re.search(r'<table class="sheet gin hollywood.*?<tbody>(.*?)</tbody>', page, re.S)[1]
    rows = re.findall(r'<tr class="rd[^"]*">(.*?)</tr>', body, re.S)
    return [tuple(text(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S))
            for row in rows]


def written(page: str) -> list[str]:
    return [text(line) for line in re.findall(r'<span class="written">(.*?)</span>', page)]


def game_accounts(page: str) -> list[str]:
    row = re.search(r'<tr class="account">(.*?)</tr>', page, re.S)[1]
    return [text(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]


def test_the_new_game_page_offers_hollywood_in_both_languages(club, bob_page):
    english = bob_page.get(f"/games/new/?club={club.pk}&preset=gin").content.decode()
    german = bob_page.get(f"/games/new/?club={club.pk}&preset=gin",
                          HTTP_ACCEPT_LANGUAGE="de").content.decode()

    assert 'name="hollywood"' in english
    assert "Hollywood: a match of two scored in three games at once." in english
    assert "Hollywood: eine Partie zu zweit, in drei Spielen auf einmal geschrieben." in german


def test_a_hollywood_game_started_from_the_page_plays_three_games(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"], hollywood="on")

    assert game.rules["hollywood"] is True
    assert "Hollywood: three games at once" in sheet(bob_page, game)


def test_hollywood_with_a_ring_game_is_refused_next_to_the_box(club, bob_page):
    fields = {"hollywood": "on", "gin_format": "ring"}
    english = bob_page.post("/games/new/", {
        "club": club.pk, "preset": "gin", "seat": ["Anna", "Ben"], "start": "1", **fields})
    german = bob_page.post("/games/new/", {
        "club": club.pk, "preset": "gin", "seat": ["Anna", "Ben"], "start": "1", **fields},
        HTTP_ACCEPT_LANGUAGE="de")

    assert english.status_code == german.status_code == 422
    assert ('<p class="error" id="hollywood-error">Hollywood Gin plays its three games to the '
            "game target: leave rounds_to_play at 0</p>") in english.content.decode()
    assert ('<p class="error" id="hollywood-error">Hollywood Gin spielt seine drei Spiele bis '
            "zum Spielziel: lass rounds_to_play auf 0</p>") in german.content.decode()
    assert Game.objects.count() == 0


def test_the_sheet_writes_each_round_in_its_games_side_by_side(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"], hollywood="on")

    # Anna gin against 80: 100, her 1st win, game 1 (over); Ben knocks 2 against 12: 10,
    # his 1st win, game 1 only, over: nowhere; Anna knocks 5 against 25: 20, her 2nd win,
    # games 1 (over) and 2
    play(bob_page, game, "Anna", {"Anna": 0, "Ben": 80})
    play(bob_page, game, "Ben", {"Anna": 12, "Ben": 2})
    play(bob_page, game, "Anna", {"Anna": 5, "Ben": 25})
    page = sheet(bob_page, game)

    # three games of two columns: the points where written, every game's running total
    assert hollywood_rows(page) == [
        ("1", "+100 100", "0", "0", "0", "0", "0"),
        ("2", "100", "0", "0", "0", "0", "0"),
        ("3", "100", "0", "+20 20", "0", "0", "0"),
    ]
    assert written(page) == [
        "Written in game 1.", "Written in no game: the games it would go into are over.",
        "Written in game 2."]
    # game 1 is over: 100 + 100 + 20 = 220 against 0 + 0 + 0; the others play on
    assert game_accounts(page) == ["100 + 100 + 20 = 220", "0 + 0 + 0 = 0", "", "", "", ""]
    assert re.findall(r'<th scope="colgroup"[^>]*>(.*?)</th>', page) == [
        "Game 1", "Game 2", "Game 3"]


def test_the_sheet_announces_a_game_won_and_the_match_in_german(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"], hollywood="on",
                     stake_per_point="0,10")

    # Anna's gins against 80: game 1 ends in round 1, game 2 in round 2, game 3 in round 3
    play(bob_page, game, "Anna", {"Anna": 0, "Ben": 80})
    after_one = sheet(bob_page, game, HTTP_ACCEPT_LANGUAGE="de")
    play(bob_page, game, "Anna", {"Anna": 0, "Ben": 80})
    after_two = sheet(bob_page, game, HTTP_ACCEPT_LANGUAGE="de")
    play(bob_page, game, "Anna", {"Anna": 0, "Ben": 80})
    page = sheet(bob_page, game, HTTP_ACCEPT_LANGUAGE="de")

    assert "Spiel 1: Anna gewinnt." in after_one
    assert "Zählt in Spiel 1." in after_one
    # each win went into the one game still open that it reaches: 100 in each, one box
    assert "Spiel 2: Anna gewinnt." in after_two
    assert "Anna gewinnt die Partie mit 3 von drei Spielen." in page
    assert "Zählt in den Spielen 1, 2, 3." not in page  # game 1 and 2 were over by round 3
    assert written(page) == ["Zählt in Spiel 1.", "Zählt in Spiel 2.", "Zählt in Spiel 3."]
    assert game_accounts(page) == ["100 + 100 + 20 = 220", "0 + 0 + 0 = 0"] * 3
    assert "Hollywood: drei Spiele auf einmal" in page
    # each game's 220 x 0,10 = 22,00, three times
    assert "66,00\u00a0€" in page
