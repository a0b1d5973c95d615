"""Basic Rummy on the phone pages (docs/rules.md 9), through the forms a phone sends:
starting a game with its options, entering rounds by points or by cards (the whole hand
counts), the refusals next to their fields, the sheet with each round's points, the
leader, the target line and the money, closing by hand, corrections, German.

The Django test client plays the phone: plain form posts (no JavaScript), and the same
posts as htmx sends them where the answer differs. tests/test_rami_pages.py takes its
helpers from here.
"""

import re

import pytest
from django.test import Client

from scorekeeper import services
from scorekeeper.models import Game, Round
from scorekeeper.services import policy
from scorekeeper.services.policy import OPERATOR

from .test_gin_pages import sheet, text

HTMX = {"HTTP_HX_REQUEST": "true"}

# docs/rules.md 9.4: Anna goes out; Ben holds 29, Cem 25 (his three fives count).
BEN_29 = "KS QH 7D 2C"
CEM_25 = "AS 5H 5D 5C 9S"


# What the new game page holds for Basic Rummy and Rami before anything is changed.
PAGE_DEFAULTS = {
    "basic_decks": "", "basic_hand_size": "", "basic_jokers": "0", "basic_point_value": "0,10",
    "basic_target": "500", "rami_mode": "normal", "first_meld_min": "40",
    "rami_point_value": "0,00", "rami_target": "1000", "eliminate_at": "500",
    "rami_buy_in": "5,00",
}


def start(client, club, players, *, preset="basic", **fields) -> Game:
    """Start a game from the new game page; the other families' fields as the page sends
    them (ignored)."""
    data = {"club": club.pk, "preset": preset, "seat": players, "start": "1",
            "buy_in": "5,00", "knock_premium": "1,00", "rebuy": "on", "lay_off": "none",
            "gin_knock_limit": "10", "game_target": "100", "stake_per_point": "0,00",
            "gin_format": "match", **PAGE_DEFAULTS, **fields}
    response = client.post("/games/new/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Game.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def refused(client, club, players, *, preset="basic", **fields) -> str:
    """The new game page's answer to settings it refuses (422, no game)."""
    response = client.post("/games/new/", {"club": club.pk, "preset": preset, "seat": players,
                                           "start": "1", **fields})
    assert response.status_code == 422, response.content.decode()[:3000]
    assert Game.objects.count() == 0
    return response.content.decode()


def ids_of(game) -> dict[str, int]:
    return {seat.player.name: seat.player_id for seat in game.seats.select_related("player")}


def hidden_fields(form: str) -> dict:
    return {
        "number": re.search(r'name="number" value="(\d+)"', form)[1],
        "key": re.search(r'name="key" value="([^"]+)"', form)[1],
        "players": re.findall(r'name="players" value="(\d+)"', form),
    }


def round_data(client, game, ender=None, hands=(), *, laid=(), finish=None,
               penalties=(), nobody_else_laid=False) -> dict:
    """The round form as a phone fills it in: who went out, each hand as typed points or
    cards ("KS QH"); in Rami what each laid (points, or melds as a list of card texts),
    how the round was finished and the penalties (points); in Rami elimination, instead
    of what was laid, the tap "nobody else had laid"."""
    data = hidden_fields(client.get(f"/games/{game.pk}/rounds/new/").content.decode())
    ids = ids_of(game)
    if ender is not None:
        data["ender"] = ids[ender]
    for name, value in dict(hands).items():
        if isinstance(value, int):
            data[f"dw-{ids[name]}"] = str(value)
        else:
            data[f"mode-{ids[name]}"], data[f"cards-{ids[name]}"] = "cards", value
    for name, value in dict(laid).items():
        if isinstance(value, int):
            data[f"laid-{ids[name]}"] = str(value)
        else:
            data[f"lmode-{ids[name]}"], data[f"melds-{ids[name]}"] = "cards", "|".join(value)
    if finish is not None:
        data["finish"] = finish
    for name, points in dict(penalties).items():
        data[f"pen-{ids[name]}"] = str(points)
    if nobody_else_laid:
        data["nobody_else_laid"] = "on"
    return data


def play(client, game, ender=None, hands=(), **entries):
    response = client.post(f"/games/{game.pk}/rounds/new/",
                           round_data(client, game, ender, hands, **entries))
    assert response.status_code == 302, response.content.decode()[:3000]
    return response


def post_round(client, game, ender=None, hands=(), *, headers=None, **entries):
    """A round the page may refuse: the response as it is."""
    return client.post(f"/games/{game.pk}/rounds/new/",
                       round_data(client, game, ender, hands, **entries), **(headers or {}))


def section(page: str, name: str) -> str:
    return text(re.search(rf'<section class="{name}".*?</section>', page, re.S)[0])


def sheet_rows(page: str) -> list[tuple[str, ...]]:
    """Each round of the sheet: its number and each player's cell as it reads."""
    body = re.search(r'<table class="sheet tally.*?<tbody>(.*?)</tbody>', page, re.S)[1]
    return [tuple(text(cell) for cell in re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", row, re.S))
            for row in re.findall(r"<tr[^>]*>(.*?)</tr>", body, re.S)]


def totals_row(page: str) -> list[str]:
    row = re.search(r'<table class="sheet tally.*?<tr class="totals">(.*?)</tr>', page, re.S)[1]
    return [text(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", row, re.S)]


def leaders(page: str) -> list[str]:
    """The names whose column is marked as leading."""
    return re.findall(r'<th scope="col" class="p\d+ \w+ lead"><span class="nm">(.*?)</span>',
                      page)


def error_of(page: str, element_id: str) -> str:
    return text(re.search(rf'<p class="error" id="{element_id}">(.*?)</p>', page, re.S)[1])


def guides(page: str) -> list[str]:
    """The dashed lines of the chart, by their labels."""
    return re.findall(r'<text class="gl"[^>]*>(-?\d+)</text>', page)


# --- A new game -----------------------------------------------------------------------------


def test_the_new_game_page_offers_basic_rummy_with_its_options(club, bob_page):
    page = bob_page.get("/games/new/").content.decode()

    presets = re.findall(r'name="preset" value="(\w+)" data-family="(\w+)"', page)
    assert presets[-2:] == [("basic", "basic"), ("rami", "rami")]
    assert re.findall(r'name="basic_decks" value="(\d*)"', page) == ["", "1", "2"]
    assert re.findall(r'name="basic_hand_size" value="(\d*)"', page) == ["", "7", "10"]
    # up to 4 jokers a deck, so up to 8 with two decks (docs/rules.md 9.1)
    assert re.findall(r'name="basic_jokers" value="(\d+)"', page) == [str(n) for n in range(9)]
    assert "Up to 4 jokers a deck." in page
    # the preset's choices are ticked: decks and cards by the number of players, no joker
    assert re.findall(r'name="basic_(?:decks|hand_size|jokers)" value="(\d*)"[^>]*checked',
                      page) == ["", "", "0"]
    assert 'name="ace_high"' in page
    assert re.search(r'name="basic_point_value" value="0.10"', page)
    assert re.search(r'name="basic_target" value="500"', page)
    assert '<fieldset class="basic for-basic">' in page
    assert ("Auto: 1 deck and 10 cards each for 2 players, 7 cards for 3 to 5, 2 decks and 10 "
            "cards for 6 or 7.") in page


def test_the_deal_follows_the_players_seated(club, bob_page):
    page = bob_page.post("/games/new/", {"club": club.pk, "preset": "basic",
                                         "seat": ["Anna", "Ben", "Cem"], "seat_new": "1",
                                         "new_name": "Dora"}).content.decode()

    assert "Auto with 4 players: 1 deck, 7 cards each." in page


def test_a_basic_game_starts_by_the_players_seated_and_ignores_the_other_families(
        club, bob_page):
    game = start(bob_page, club, ["Anna", "Ben", "Cem"], buy_in="fünf",
                 basic_decks="", basic_hand_size="", basic_jokers="0",
                 basic_point_value="0,10", basic_target="500")

    rules = {name: game.rules[name] for name in (
        "family", "decks", "hand_size", "jokers", "ace_in_runs", "point_value", "game_target",
        "buy_in")}
    assert (game.preset, rules) == ("basic", {
        "family": "basic", "decks": 1, "hand_size": 7, "jokers": 0, "ace_in_runs": "low",
        "point_value": "0.10", "game_target": 500, "buy_in": "0.00"})
    assert game.name == "Basic Rummy #1"  # its kind and number, no date (docs/table.md)


def test_a_basic_game_takes_the_options_chosen(club, bob_page):
    game = start(bob_page, club, ["Anna", "Ben", "Cem"], basic_decks="2",
                 basic_hand_size="10", basic_jokers="2", ace_high="on",
                 basic_point_value="0,05", basic_target="300")

    rules = {name: game.rules[name] for name in (
        "decks", "hand_size", "jokers", "ace_in_runs", "point_value", "game_target")}
    assert rules == {"decks": 2, "hand_size": 10, "jokers": 2, "ace_in_runs": "high_or_low",
                     "point_value": "0.05", "game_target": 300}
    assert game.rules["card_values"]["A"] == 11


def test_six_jokers_with_two_decks_start_a_game(club, bob_page):
    game = start(bob_page, club, ["Anna", "Ben", "Cem"], basic_decks="2",
                 basic_hand_size="10", basic_jokers="6")

    assert (game.rules["decks"], game.rules["jokers"]) == (2, 6)


@pytest.mark.parametrize(("fields", "element", "error"), [
    ({"basic_point_value": "zehn"}, "basic-point-value-error",
     "Enter an amount like 5 or 5.50"),
    ({"basic_target": "viel"}, "basic-target-error", "Enter a whole number, like 500"),
    ({"basic_target": "0"}, "basic-target-error",
     "game_target must be between 1 and 100000; got 0"),
    # two players are dealt from one deck: 4 jokers at most
    ({"basic_jokers": "6"}, "basic-jokers-error", "jokers must be between 0 and 4; got 6"),
])
def test_basic_settings_are_refused_next_to_their_fields(club, bob_page, fields, element,
                                                         error):
    page = refused(bob_page, club, ["Anna", "Ben"], **fields)

    assert error_of(page, element) == error


def test_basic_rummy_seats_two_to_seven(club, bob_page):
    page = refused(bob_page, club, [f"P{number}" for number in range(8)])

    assert error_of(page, "players-error") == (
        "Basic Rummy is played by 2 to 7 players; 8 are seated")


# --- Rounds ---------------------------------------------------------------------------------


def test_the_round_form_asks_who_went_out_and_the_others_hands(club, bob_page):
    game = start(bob_page, club, ["Anna", "Ben", "Cem"])

    form = bob_page.get(f"/games/{game.pk}/rounds/new/").content.decode()

    assert '<form id="round-form" class="round basic"' in form
    assert "Tap who went out, then type the points left in the others&#x27; hands." in form
    assert form.count('<span class="knocked">went out</span>') == 3
    assert 'name="laid-' not in form and 'name="finish"' not in form
    assert 'name="void"' not in form


def test_the_worked_example_by_cards_gives_the_sheet_and_pays_at_once(club, bob_page):
    # given three players at 0.10 a point (docs/rules.md 9.4)
    game = start(bob_page, club, ["Anna", "Ben", "Cem"])

    # when Anna goes out and Ben's and Cem's cards are picked (Anna's field left as typed)
    response = bob_page.post(f"/games/{game.pk}/rounds/new/", {
        **round_data(bob_page, game, "Anna", {"Ben": BEN_29, "Cem": CEM_25}),
        f"dw-{ids_of(game)['Anna']}": "7"}, **HTMX)

    # then the whole hands count (Cem's three fives too): Anna scores 54 and is paid 5.40
    page = response.content.decode()
    assert response.status_code == 200
    assert section(page, "news") == (
        "After round 1 Anna went out and scores 54. Anna +€5.40 (points from 2 players) "
        "Ben −€2.90 (points to Anna) Cem −€2.50 (points to Anna) Ben deals round 2.")
    assert sheet_rows(page) == [("1", "D O +54 54", "(29) in hand 0", "(25) in hand 0")]
    assert totals_row(page) == ["★ leads 54", "D deals next 0", "0"]
    assert leaders(page) == ["Anna"]
    money = re.search(r'<tr class="money">(.*?)</tr>', page, re.S)[1]
    assert [text(cell) for cell in re.findall(r"<td[^>]*>(.*?)</td>", money)] == [
        "+5.40", "−2.90", "−2.50"]
    # and the target line of the chart, the goal above the sheet; no hand for Anna is kept
    assert guides(page) == ["500"]
    assert "Highest total wins; the game goes to 500." in text(page)
    hands = {hand.player_id: (hand.deadwood, hand.cards) for hand in Round.objects.get(
        game=game, number=1).hands.all()}
    ids = ids_of(game)
    assert hands == {ids["Ben"]: (None, BEN_29), ids["Cem"]: (None, CEM_25)}
    assert services.verify_game(game) == []


def test_the_card_picker_counts_the_whole_hand_and_the_decks_of_the_round(club, bob_page):
    # given a game with one deck, Ben holding the Q of hearts already
    game = start(bob_page, club, ["Anna", "Ben", "Cem"])
    ids = ids_of(game)
    ben, cem = ids["Ben"], ids["Cem"]

    # when Cem's picker adds a 5 to two fives, and then a second Q of hearts
    fives = bob_page.post(f"/games/{game.pk}/hand/", {
        f"mode-{cem}": "cards", f"cards-{cem}": "5H 5D", f"suit-{cem}": "C",
        "pick_add": f"{cem}:5"}, **HTMX).content.decode()
    queen = bob_page.post(f"/games/{game.pk}/hand/", {
        f"mode-{ben}": "cards", f"cards-{ben}": "QH", f"mode-{cem}": "cards",
        f"cards-{cem}": "5H", f"suit-{cem}": "H", "pick_add": f"{cem}:Q"},
        **HTMX).content.decode()

    # then the three fives count 15 (no meld is taken off), and one deck holds one Q♥
    assert re.search(r'<output class="dw"[^>]*>(\d+)<', fives)[1] == "15"
    assert '<span class="meld held">' in fives and "3 of 7 cards" in fives
    assert error_of(queen, f"err-{cem}") == "The decks hold 1 × Q of hearts"
    assert f'name="cards-{cem}" value="5H"' in queen


def test_a_second_deck_lets_a_card_in_twice_but_not_three_times(club, bob_page):
    game = start(bob_page, club, ["Anna", "Ben", "Cem"], basic_decks="2")
    ids = ids_of(game)
    ben, cem = ids["Ben"], ids["Cem"]
    picked = {f"mode-{ben}": "cards", f"cards-{ben}": "QH", f"mode-{cem}": "cards",
              f"suit-{cem}": "H", "pick_add": f"{cem}:Q"}

    second = bob_page.post(f"/games/{game.pk}/hand/", {**picked, f"cards-{cem}": ""}, **HTMX)
    third = bob_page.post(f"/games/{game.pk}/hand/", {**picked, f"cards-{cem}": "QH"}, **HTMX)

    assert f'name="cards-{cem}" value="QH"' in second.content.decode()
    assert error_of(third.content.decode(), f"err-{cem}") == "The decks hold 2 × Q of hearts"


def test_a_round_without_who_went_out_or_a_hand_is_refused_in_place(club, bob_page):
    game = start(bob_page, club, ["Anna", "Ben", "Cem"])
    ids = ids_of(game)

    nobody = post_round(bob_page, game, None, {"Anna": 0, "Ben": 5, "Cem": 6})
    no_hand = post_round(bob_page, game, "Anna", {"Ben": 5})

    assert nobody.status_code == 422
    assert error_of(nobody.content.decode(), "ender-error") == (
        "Tap the name of the player who went out")
    assert no_hand.status_code == 422
    assert error_of(no_hand.content.decode(), f"err-{ids['Cem']}") == "Enter Cem's points"
    assert Round.objects.count() == 0


def test_a_hand_larger_than_the_cards_dealt_is_refused_by_the_engine(club, bob_page):
    game = start(bob_page, club, ["Anna", "Ben", "Cem"])
    ids = ids_of(game)

    response = post_round(bob_page, game, "Anna",
                          {"Ben": "KS QS JS 10S 9S 8S 7S 6S", "Cem": 3})

    assert response.status_code == 422
    assert error_of(response.content.decode(), f"err-{ids['Ben']}") == (
        "Ben holds 8 cards; a hand holds at most 7")


def test_the_game_ends_at_the_target_and_the_highest_total_wins(club, bob_page):
    # given a game to 100 at 0.10 a point
    game = start(bob_page, club, ["Anna", "Ben", "Cem"], basic_target="100")
    play(bob_page, game, "Ben", {"Anna": 40, "Cem": 20})
    play(bob_page, game, "Anna", {"Ben": 30, "Cem": 25})
    running = sheet(bob_page, game)

    # when Ben goes out again and reaches 100
    play(bob_page, game, "Ben", {"Anna": 15, "Cem": 25})

    # then the leader was marked while it ran, and the end shows the places and the money
    assert leaders(running) == ["Ben"]
    assert 'Close the game</button>' in running
    page = sheet(bob_page, game)
    assert sheet_rows(page) == [
        ("1", "D (40) in hand 0", "O +60 60", "(20) in hand 0"),
        ("2", "O +55 55", "D (30) in hand 60", "(25) in hand 0"),
        ("3", "(15) in hand 55", "O +40 100", "D (25) in hand 0"),
    ]
    assert section(page, "result") == (
        "Ben wins 1. Ben 100 points 2. Anna 55 points 3. Cem 0 points "
        "Who pays whom Cem pays Ben €7.00 "
        "Each player's money Anna €0.00 Ben +€7.00 Cem −€7.00")
    assert "Enter round" not in page and "Close the game" not in page
    game.refresh_from_db()
    assert game.status == "finished"
    assert services.verify_game(game) == []


def test_closing_by_hand_names_the_winner_and_a_tie_at_the_top_is_refused(club, bob_page):
    game = start(bob_page, club, ["Anna", "Ben"])
    play(bob_page, game, "Anna", {"Ben": 12})
    play(bob_page, game, "Ben", {"Anna": 12})

    tied = bob_page.post(f"/games/{game.pk}/close/", **HTMX)
    play(bob_page, game, "Ben", {"Anna": 3})
    closed = bob_page.post(f"/games/{game.pk}/close/", **HTMX)

    assert tied.status_code == 409
    assert re.search(r'<p class="notice" role="alert">(.*?)</p>', tied.content.decode())[1] == (
        "Anna, Ben share the highest total: play another round before closing")
    assert closed.status_code == 200
    assert section(closed.content.decode(), "result").startswith(
        "Ben wins 1. Ben 15 points 2. Anna 12 points")
    game.refresh_from_db()
    assert (game.closed, game.status) == (True, "finished")


def test_a_basic_round_is_corrected_with_its_cards_kept(club, bob_page):
    # given round 1 by cards
    game = start(bob_page, club, ["Anna", "Ben", "Cem"])
    play(bob_page, game, "Anna", {"Ben": BEN_29, "Cem": CEM_25})
    ids = ids_of(game)

    # when the correction page opens, and Cem's hand is corrected to 10 points
    edit = bob_page.get(f"/games/{game.pk}/rounds/1/edit/").content.decode()
    response = bob_page.post(f"/games/{game.pk}/rounds/1/edit/", {
        **hidden_fields(edit), "version": re.search(r'name="version" value="(\d+)"', edit)[1],
        "ender": ids["Anna"], f"mode-{ids['Ben']}": "cards", f"cards-{ids['Ben']}": BEN_29,
        f"dw-{ids['Cem']}": "10", "reason": "Cem had 10"})

    # then it showed the round as entered, and the sheet follows the correction
    assert f'name="cards-{ids["Ben"]}" value="{BEN_29}"' in edit
    assert re.search(rf'name="ender" value="{ids["Anna"]}" checked', edit)
    assert f'name="dw-{ids["Anna"]}" value=""' in edit
    assert response.status_code == 302
    page = sheet(bob_page, game)
    assert sheet_rows(page) == [("1 ✎", "D O +39 39", "(29) in hand 0", "(10) in hand 0")]
    assert "Round 1 corrected: Cem had 10" in page


def test_a_basic_sheet_in_german(club, bob_page):
    game = start(bob_page, club, ["Anna", "Ben", "Cem"])
    play(bob_page, game, "Anna", {"Ben": BEN_29, "Cem": CEM_25})

    page = sheet(bob_page, game, HTTP_ACCEPT_LANGUAGE="de")
    refusal = post_round(bob_page, game, "Ben", {"Anna": 5, "Cem": "KS QS JS 10S 9S 8S 7S 6S"},
                         headers={"HTTP_ACCEPT_LANGUAGE": "de"}).content.decode()

    assert '<html lang="de">' in page
    assert "5,40" in page
    assert error_of(refusal, f"err-{ids_of(game)['Cem']}") == (
        "Cem hat 8 Karten; eine Hand hat höchstens 7")


def test_the_basic_sheet_takes_the_same_queries_for_1_or_5_rounds(club, bob_page,
                                                                  django_assert_max_num_queries):
    game = start(bob_page, club, ["Anna", "Ben", "Cem"])
    ids = list(ids_of(game).values())
    for number in range(1, 6):
        services.record_round(game_id=game.pk, number=number, ender=ids[0], hands=[
            services.HandInput(ids[1], deadwood=3), services.HandInput(ids[2], deadwood=4)],
                               user=OPERATOR)

    with django_assert_max_num_queries(8):
        assert bob_page.get(f"/games/{game.pk}/").status_code == 200
    with django_assert_max_num_queries(5):
        assert Client().get(f"/s/{policy.share_token(game.pk)}/").status_code == 200


def test_a_laid_melds_tap_in_basic_rummy_answers_the_hand(club, bob_page):
    game = start(bob_page, club, ["Anna", "Ben"])
    ben = ids_of(game)["Ben"]

    response = bob_page.post(f"/games/{game.pk}/hand/", {"pick_lay_cards": f"{ben}:"}, **HTMX)

    page = response.content.decode()
    assert page.startswith(f'\n<div class="entry" id="entry-{ben}">')
    assert "laid" not in page
