"""Issue 25's smaller things on the pages: money whose sign never sits alone at a line end,
undoing a re-buy that says so, "Void this game" in the sheet a save answers, and home
cards that name each game's kind and its leader."""

import re

from scorekeeper.models import Game
from scorekeeper.services.reading import recent_games

from .test_game_pages import HTMX, ids_of, play, sheet, start_game
from .test_gin_pages import play as play_gin
from .test_gin_pages import start_gin

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


def _text(fragment: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", fragment).split())


def test_a_negative_amount_keeps_its_sign_and_number_on_one_line(club, bob_page):
    # given a round that cost Ben and Cem a knock premium each
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem"])
    play(bob_page, game, "Anna", {"Anna": 3, "Ben": 40, "Cem": 25})

    # when the sheet shows the round's money
    html = sheet(bob_page, game)

    # then each loss is one piece in an element whose lines never break, so "−" and
    # "€1.00" cannot part at a line end ("−" and "€" are both prefixes, and a browser may
    # break between two of them), and nothing breakable stands between sign and number
    money = re.search(r'<ul class="round-money".*?</ul>', html, re.S)[0]
    losses = re.findall(r'<strong class="minus">(\u2212[^<]+)</strong>', money)
    assert losses == ["\u2212€1.00", "\u2212€1.00"]
    assert all(re.fullmatch(r"\u2212€[\d.,]+", loss) for loss in losses)
    assert "white-space: nowrap" in _css_rule("strong.minus")


def _css_rule(selector: str) -> str:
    """The declarations of the app's style sheet for one selector (among a rule's list)."""
    with open("static/css/app.css", encoding="utf-8") as css:
        rules = re.findall(r"([^{}]+)\{([^}]*)\}", re.sub(r"/\*.*?\*/", "", css.read(), flags=re.S))
    return " ".join(body for selectors, body in rules
                    if selector in [part.strip() for part in selectors.split(",")])


def _rebought(client, club) -> Game:
    game = start_game(client, club, ["Anna", "Ben", "Cem"])
    play(client, game, "Anna", {"Anna": 3, "Ben": 40, "Cem": 85})
    client.post(f"/games/{game.pk}/rebuy/", {"player": ids_of(game)["Cem"], "key": f"rb-{game.pk}"})
    return game


def _undo(client, game, **headers):
    return client.post(f"/games/{game.pk}/rebuy/undo/",
                       {"player": ids_of(game)["Cem"], "key": f"undo-{game.pk}"}, follow=True,
                       **headers)


def test_undoing_a_rebuy_says_so_in_english_and_german(club, bob_page):
    english = _undo(bob_page, _rebought(bob_page, club)).content.decode()
    assert '<p class="notice ok" role="status">Cem&#x27;s re-buy is undone.</p>' in english

    german = _undo(bob_page, _rebought(bob_page, club), **GERMAN).content.decode()
    assert "Der Nachkauf von Cem ist zurückgenommen." in german


def test_undoing_a_rebuy_from_htmx_says_so_in_the_sheet_it_answers(club, bob_page):
    game = _rebought(bob_page, club)

    html = _undo(bob_page, game, **HTMX).content.decode()

    assert "Cem&#x27;s re-buy is undone." in html
    # said once: the next look at the sheet does not say it again
    assert "re-buy is undone" not in sheet(bob_page, game)


def test_the_sheet_a_round_save_answers_offers_an_organiser_to_void_the_game(
        club, alice_page, bob_page):
    # given a game an organiser keeps the score of
    game = start_game(alice_page, club, ["Anna", "Ben", "Cem"])

    # when a round is saved from the phone (htmx: the sheet comes back in the answer)
    answer = play(alice_page, game, "Anna", {"Anna": 3, "Ben": 40, "Cem": 25}, **HTMX)

    # then the sheet answered offers "Void this game" at once, as on reload
    assert answer.status_code == 200
    assert "Void this game" in answer.content.decode()
    assert "Void this game" in sheet(alice_page, game)
    # and a scorekeeper, who may not void, is not offered it after a save either
    answer = play(bob_page, game, "Ben", {"Anna": 20, "Ben": 2, "Cem": 30}, **HTMX)
    assert "Void this game" not in answer.content.decode()


def _card(html: str, name: str) -> str:
    return _text(re.search(rf'<li><a href="/games/\d+/">\s*<span class="title">{name}</span>'
                           r".*?</a></li>", html, re.S)[0])


def test_home_cards_name_the_kind_and_the_leader_of_each_family(club, bob_page):
    # given a Wiener game where Anna has the fewest points, and a Gin match Ben leads
    wiener = start_game(bob_page, club, ["Anna", "Ben", "Cem"], extra={"game_name": "Freitag"})
    play(bob_page, wiener, "Anna", {"Anna": 3, "Ben": 40, "Cem": 25})
    gin = start_gin(bob_page, club, ["Dora", "Emil"], game_name="Duell")
    play_gin(bob_page, gin, "Emil", {"Dora": 30, "Emil": 4})
    # (and the kept states aged out: the cards resume from the snapshots)
    recent_games.clear()

    # when the home page lists them
    home = bob_page.get("/").content.decode()

    # then each card names its kind and who leads by its family's count
    assert "Wiener Rummy" in _card(home, "Freitag")
    assert "In the lead: Anna" in _card(home, "Freitag")
    assert "Gin Rummy" in _card(home, "Duell")
    assert "In the lead: Emil" in _card(home, "Duell")

    # and in German
    german = bob_page.get("/", **GERMAN).content.decode()
    assert "In Führung: Anna" in _card(german, "Freitag")


def test_a_card_names_nobody_before_the_first_round_and_the_winner_at_the_end(club, bob_page):
    fresh = start_game(bob_page, club, ["Anna", "Ben"], extra={"game_name": "Neu"})
    ended = start_game(bob_page, club, ["Anna", "Ben"], extra={"game_name": "Aus"})
    play(bob_page, ended, "Anna", {"Anna": 0, "Ben": 101})
    assert Game.objects.get(pk=ended.pk).status == "finished"
    assert fresh.status == "running"

    home = bob_page.get("/").content.decode()

    assert "In the lead" not in _card(home, "Neu")
    assert "Won by Anna" in _card(home, "Aus")


def test_home_takes_the_same_queries_with_leaders_for_many_played_games(
        club, bob, bob_page, django_assert_max_num_queries):
    # given twelve games with a round each, none of them kept in memory
    for number in range(12):
        game = start_game(bob_page, club, ["Anna", "Ben", "Cem"], extra={"game_name": f"G{number}"})
        play(bob_page, game, "Anna", {"Anna": 3, "Ben": 40, "Cem": 25})
    recent_games.clear()

    # when the home page lists them, it reads no game's rounds (as many queries as for one)
    with django_assert_max_num_queries(8):
        html = bob_page.get("/").content.decode()

    assert html.count("In the lead: Anna") == 12
