"""Gin variants on the pages (docs/rules.md 8.11): started from the new-game form
(Oklahoma with its options, the Big Gin with its bonus, the shutout); played on the round
form (the upcard with the deal's knock limit and doubling, a knock over the limit refused
with the engine's message, Big Gin); and the sheet (a shutout's doubled final account, the
Big Gin named, the upcard and the deal's terms per round). German too."""

import re

from scorekeeper.models import Game, Round
from tests.api_table import Table
from tests.test_gin_pages import (
    accounts,
    ids_of,
    round_data,
    sheet,
    sheet_rounds,
    start_gin,
    text,
    totals,
)


def oklahoma_round(client, game, knocker, hands, *, upcard=None, how=None, **headers):
    """A round of the form with the upcard tapped ("7S": rank 7, suit ♠) and how it ended."""
    data = round_data(client, game, knocker, hands)
    if upcard:
        data["upcard_rank"], data["upcard_suit"] = upcard[:-1], upcard[-1]
    if how:
        data["how"] = how
    return client.post(f"/games/{game.pk}/rounds/new/", data, **headers)


def test_the_sheet_writes_a_shutouts_doubled_final_account(as_alice, bob_page):
    # given a shutout game: A goes gin against 80 in round 1 and reaches the target
    table = Table.start(as_alice, ["A", "B"], preset="gin", rules={"shutout": True})
    table.knock("A", A=0, B=80)

    # when the sheet is read
    response = bob_page.get(f"/games/{table.id}/")

    # then A's account reads (100 + 100 + 20) × 2 = 440; B's, not doubled, 0 + 0 + 0 = 0
    assert response.status_code == 200
    assert accounts(response.content.decode()) == ["(100 + 100 + 20) × 2 = 440", "0 + 0 + 0 = 0"]


def test_without_a_shutout_the_sheet_adds_up_as_before(as_alice, bob_page):
    table = Table.start(as_alice, ["A", "B"], preset="gin")
    table.knock("A", A=0, B=80)

    page = bob_page.get(f"/games/{table.id}/").content.decode()

    assert accounts(page) == ["100 + 100 + 20 = 220", "0 + 0 + 0 = 0"]


# --- The new-game form ----------------------------------------------------------------------


def test_the_new_game_form_offers_the_variants_with_their_defaults(club, bob_page):
    page = bob_page.get("/games/new/").content.decode()

    for name in ("oklahoma", "spades_double", "big_gin", "shutout"):
        assert re.search(rf'<input type="checkbox" name="{name}">', page), name
    assert re.findall(r'name="ace_upcard" value="(\w+)"[^>]*?( checked)?>', page) == [
        ("gin", " checked"), ("one", "")]
    assert 'name="big_gin_bonus" value="31"' in page
    # the target is left to the rules unless chosen: 100, and 150 for Oklahoma Gin
    assert re.search(r'name="game_target" value=""[^>]*checked', page)
    assert "Auto: 100; Oklahoma Gin 150." in text(page)


def test_an_oklahoma_game_starts_with_its_options_and_plays_to_150(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"], game_target="", oklahoma="on",
                     spades_double="on", ace_upcard="one", shutout="on", big_gin="on",
                     big_gin_bonus="40")

    rules = {name: game.rules[name] for name in (
        "oklahoma", "spades_double", "ace_upcard", "game_target", "shutout", "big_gin",
        "big_gin_bonus")}
    assert rules == {"oklahoma": True, "spades_double": True, "ace_upcard": "one",
                     "game_target": 150, "shutout": True, "big_gin": True,
                     "big_gin_bonus": 40}


def test_oklahomas_options_count_only_with_oklahoma_and_a_chosen_target_stays(club,
                                                                               bob_page):
    # the options are hidden until Oklahoma is ticked; sent without it they are not read
    plain = start_gin(bob_page, club, ["Anna", "Ben"], game_target="", spades_double="on",
                      ace_upcard="one", big_gin_bonus="40")
    chosen = start_gin(bob_page, club, ["Cem", "Dora"], game_target="200", oklahoma="on")

    assert (plain.rules["oklahoma"], plain.rules["spades_double"], plain.rules["ace_upcard"],
            plain.rules["big_gin"], plain.rules["big_gin_bonus"], plain.rules["game_target"]
            ) == (False, False, "gin", False, 31, 100)
    assert (chosen.rules["oklahoma"], chosen.rules["game_target"]) == (True, 200)


def test_a_big_gin_bonus_that_is_no_number_is_refused_next_to_it(club, bob_page):
    response = bob_page.post("/games/new/", {
        "club": club.pk, "preset": "gin", "seat": ["Anna", "Ben"], "start": "1",
        "gin_format": "match", "big_gin": "on", "big_gin_bonus": "viel"})

    assert response.status_code == 422
    assert ('<p class="error" id="big-gin-bonus-error">Enter a whole number, like 500</p>'
            in response.content.decode())
    assert Game.objects.count() == 0


# --- The round form -------------------------------------------------------------------------


def test_the_oklahoma_round_form_asks_the_upcard_and_tells_each_ranks_limit(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"], oklahoma="on", spades_double="on")

    form = bob_page.get(f"/games/{game.pk}/rounds/new/").content.decode()

    assert re.findall(r'name="upcard_suit" value="(\w)"', form) == ["S", "H", "D", "C"]
    assert re.findall(r'name="upcard_suit" value="S"[^>]*data-doubles', form)
    terms = dict(re.findall(r'name="upcard_rank" value="(\w+)" data-terms="([^"]+)"', form))
    assert (terms["A"], terms["2"], terms["7"], terms["K"]) == (
        "Gin only", "Knock with up to 2 points", "Knock with up to 7 points",
        "Knock with up to 10 points")
    assert re.findall(r'name="how" value="(\w+)"', form) == ["knock", "gin"]


def test_a_round_without_the_upcard_is_refused_next_to_it(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"], oklahoma="on")

    response = oklahoma_round(bob_page, game, "Anna", {"Anna": 5, "Ben": 25})

    assert response.status_code == 422
    assert re.search(r'<p class="error" id="upcard-error">(.*?)</p>',
                     response.content.decode())[1] == (
        "Tap the deal&#x27;s first upcard: its rank and its suit")
    assert Round.objects.count() == 0


def test_a_knock_over_the_upcards_limit_is_refused_with_the_limit_and_the_terms_show(
        club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"], oklahoma="on", spades_double="on")
    anna = ids_of(game)["Anna"]

    response = oklahoma_round(bob_page, game, "Anna", {"Anna": 5, "Ben": 25}, upcard="4S")

    page = response.content.decode()
    assert response.status_code == 422
    assert re.search(rf'<p class="error" id="err-{anna}">(.*?)</p>', page)[1] == (
        "False knock: Anna has 5 deadwood, but the knock limit is 4")
    # the upcard stays tapped and its terms are written out
    assert re.search(r'name="upcard_rank" value="4"[^>]*checked', page)
    assert re.search(r'name="upcard_suit" value="S"[^>]*checked', page)
    assert re.search(r'<output class="deal-terms"[^>]*>(.*?)</output>', page)[1] == (
        "Knock with up to 4 points · every point doubled")
    assert Round.objects.count() == 0


def test_the_worked_oklahoma_example_through_the_form_and_its_sheet(club, bob_page):
    # docs/rules.md 8.11: 7♠ Anna knocks 5 v 25 = 40; 9♠ Anna gin v 30 = 100; 4♥ Ben
    # knocks 3, Anna 3: undercut 10, single. Anna 150, match over: 150 + 100 + 60 = 310.
    game = start_gin(bob_page, club, ["Anna", "Ben"], game_target="", oklahoma="on",
                     spades_double="on")

    for knocker, hands, upcard, how in (("Anna", {"Anna": 5, "Ben": 25}, "7S", None),
                                        ("Anna", {"Ben": 30}, "9S", "gin"),
                                        ("Ben", {"Anna": 3, "Ben": 3}, "4H", None)):
        response = oklahoma_round(bob_page, game, knocker, hands, upcard=upcard, how=how)
        assert response.status_code == 302, response.content.decode()[:2000]

    page = sheet(bob_page, game)
    lines = [row[-1].replace(" :", ":") for row in sheet_rounds(page)]
    assert lines == [
        "Anna knocked with 5 and wins 40. Upcard 7♠: Knock with up to 7 points · every "
        "point doubled",
        "Anna went gin and wins 100 = 60 + 40 gin. Upcard 9♠: Knock with up to 9 points · "
        "every point doubled",
        "Ben knocked with 3; Anna undercuts and wins 10 = 0 + 10 undercut. Upcard 4♥: "
        "Knock with up to 4 points",
    ]
    assert totals(page) == [("150", "3 boxes"), ("0", "0 boxes")]
    assert accounts(page) == ["150 + 100 + 60 = 310", "0 + 0 + 0 = 0"]
    stored = [(round_.upcard, round_.big_gin) for round_ in Round.objects.order_by("number")]
    assert stored == [("7S", False), ("9S", False), ("4H", False)]


def test_a_big_gin_is_one_tap_scores_its_bonus_and_is_named_on_the_sheet(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"], big_gin="on")

    form = bob_page.get(f"/games/{game.pk}/rounds/new/").content.decode()
    response = oklahoma_round(bob_page, game, "Anna", {"Ben": 30}, how="big_gin")

    assert re.findall(r'name="how" value="(\w+)"', form) == ["knock", "gin", "big_gin"]
    assert response.status_code == 302
    # 30 + 31 = 61 (docs/rules.md 8.11), named as a Big Gin, not a gin
    assert sheet_rounds(sheet(bob_page, game))[0][-1] == (
        "Anna went Big Gin and wins 61 = 30 + 31 Big Gin.")
    assert Round.objects.get().big_gin is True


def test_a_big_gin_where_the_rules_have_none_is_refused_with_the_engines_message(club,
                                                                                bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"])

    response = oklahoma_round(bob_page, game, "Anna", {"Ben": 30}, how="big_gin")

    assert response.status_code == 422
    assert re.search(r'<p class="error" id="big-gin-error">(.*?)</p>',
                     response.content.decode())[1] == (
        "This game&#x27;s rules have no Big Gin: set big_gin in the rules to score it")
    assert Round.objects.count() == 0


def test_a_correction_keeps_the_upcard_and_the_big_gin(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"], oklahoma="on", big_gin="on")
    oklahoma_round(bob_page, game, "Anna", {"Ben": 30}, upcard="QD", how="big_gin")

    form = bob_page.get(f"/games/{game.pk}/rounds/1/edit/").content.decode()

    assert re.search(r'name="upcard_rank" value="Q"[^>]*checked', form)
    assert re.search(r'name="upcard_suit" value="D"[^>]*checked', form)
    assert re.search(r'name="how" value="big_gin"[^>]*checked', form)
    assert re.search(r'<output class="deal-terms"[^>]*>(.*?)</output>', form)[1] == (
        "Knock with up to 10 points")


def test_the_oklahoma_form_and_sheet_in_german(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"], oklahoma="on", spades_double="on",
                     big_gin="on")
    german = {"HTTP_ACCEPT_LANGUAGE": "de"}
    bob_page.cookies.load({"django_language": "de"})

    form = bob_page.get(f"/games/{game.pk}/rounds/new/", **german).content.decode()
    oklahoma_round(bob_page, game, "Anna", {"Anna": 2, "Ben": 12}, upcard="5S", **german)
    page = sheet(bob_page, game, **german)

    assert "Die erste aufgedeckte Karte" in form
    assert re.findall(r'name="how" value="\w+"[^>]*><span>([^<]+)</span>', form) == [
        "Klopfen", "Gin", "Big Gin"]
    assert sheet_rounds(page)[0][-1].replace(" :", ":") == (
        "Anna klopft mit 2 und gewinnt 20. Aufgedeckte Karte 5♠: Klopfen mit höchstens 5 "
        "Punkten · jeder Punkt zählt doppelt")


def test_the_what_if_of_an_oklahoma_correction_plays_the_upcard_given(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"], oklahoma="on", spades_double="on")
    oklahoma_round(bob_page, game, "Anna", {"Anna": 5, "Ben": 25}, upcard="7H")
    data = round_data(bob_page, game, "Anna", {"Anna": 5, "Ben": 25})

    doubled = bob_page.post(f"/games/{game.pk}/rounds/1/preview/", {
        **data, "upcard_rank": "7", "upcard_suit": "S"}).content.decode()
    too_low = bob_page.post(f"/games/{game.pk}/rounds/1/preview/", {
        **data, "upcard_rank": "4", "upcard_suit": "S"}).content.decode()

    # 20 single, 40 under a spade; under a 4 the knock with 5 is refused
    assert re.search(r'<ul class="wi-totals">.*?Anna</span> 20 → <b>40</b>', doubled, re.S)
    assert "False knock: Anna has 5 deadwood, but the knock limit is 4" in too_low


def test_the_variants_on_the_new_game_form_in_german(club, bob_page):
    bob_page.cookies.load({"django_language": "de"})

    page = text(bob_page.get("/games/new/", HTTP_ACCEPT_LANGUAGE="de").content.decode())

    for words in ("Varianten", "Oklahoma Gin: Die erste aufgedeckte Karte jedes Gebens",
                  "Ein aufgedecktes Ass Nur Gin Klopfen mit 1", "Big-Gin-Bonus",
                  "Shutout: Gewinnt der Verlierer keine Runde der Partie",
                  "Auto: 100; Oklahoma Gin 150."):
        assert words in page, words
