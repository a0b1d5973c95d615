"""Rami on the phone pages (docs/rules.md 10), through the forms a phone sends: the three
modes and identities on the new game page; rounds with what everyone laid (points, or
melds as cards), the hands, how the round was finished and penalties; the refusals next
to their fields; the sheet's parts, the leader, the target or limit line, players out,
the pot, closing; corrections and German.

Helpers: tests/test_basic_pages.py.
"""

import re

import pytest

from scorekeeper import services
from scorekeeper.models import Game, Round
from scorekeeper.services.policy import OPERATOR, share_token

from .test_basic_pages import (
    HTMX,
    error_of,
    guides,
    hidden_fields,
    ids_of,
    leaders,
    play,
    post_round,
    refused,
    round_data,
    section,
    sheet,
    sheet_rows,
    start,
    text,
    totals_row,
)
from .test_gin_pages import attributes

# docs/rules.md 10.9 (a): Anna finishes; she laid 75, Ben 45 (both as cards), Cem nothing;
# Ben holds 35, Cem 30.
ANNA_75 = ["QH KH AH", "7C 8C 9C", "JK 10D JD"]
BEN_45 = ["5S 5H 5D", "10S JS QS"]
BEN_35 = "KC 3D JK"
CEM_30 = "AS 2C 9H 9S"


def start_rami(client, club, players, **fields) -> Game:
    return start(client, club, players, preset="rami", **fields)


def worked_round(client, game, **entries):
    return play(client, game, "Anna", {"Ben": BEN_35, "Cem": CEM_30},
                laid={"Anna": ANNA_75, "Ben": BEN_45, "Cem": 0}, finish="none", **entries)


# --- A new game -----------------------------------------------------------------------------


def test_the_new_game_page_offers_rami_with_its_modes_and_options(club, bob_page):
    page = bob_page.get("/games/new/").content.decode()

    assert re.findall(r'name="rami_mode" value="(\w+)"', page) == [
        "normal", "traditional", "elimination"]
    assert re.search(r'name="rami_mode" value="normal"[^>]*checked', page)
    assert 'name="identities"' in page
    assert [re.search(rf'name="{name}" value="([^"]*)"', page)[1] for name in (
        "first_meld_min", "rami_point_value", "rami_target", "eliminate_at", "rami_buy_in")
    ] == ["40", "0.00", "1000", "500", "5.00"]
    # the fields of the points modes and of elimination, shown by the mode chosen
    assert '<div class="two for-rami-target">' in page
    assert '<div class="two for-elimination">' in page
    assert '<fieldset class="rami for-rami">' in page


def test_a_rami_game_takes_its_options_and_the_decks_follow_the_players(club, bob_page):
    normal = start_rami(bob_page, club, ["Anna", "Ben", "Cem", "Dora", "Emil"],
                        first_meld_min="50", rami_point_value="0,05", rami_target="1500",
                        rami_buy_in="9,00")
    identities = start_rami(bob_page, club, ["Anna", "Ben"], rami_mode="traditional",
                            identities="on")

    def rules_of(game):
        return {name: game.rules[name] for name in (
            "family", "mode", "decks", "jokers", "hand_size", "identities", "first_meld_min",
            "point_value", "game_target", "buy_in", "penalty")}

    # five players: three decks and six jokers; the buy-in of elimination is not taken
    assert rules_of(normal) == {
        "family": "rami", "mode": "normal", "decks": 3, "jokers": 6, "hand_size": 14,
        "identities": False, "first_meld_min": 50, "point_value": "0.05",
        "game_target": 1500, "buy_in": "0.00", "penalty": 300}
    # identities: always four decks
    assert rules_of(identities) == {
        "family": "rami", "mode": "traditional", "decks": 4, "jokers": 8, "hand_size": 14,
        "identities": True, "first_meld_min": 40, "point_value": "0.00",
        "game_target": 1000, "buy_in": "0.00", "penalty": 300}
    assert "Pot" not in sheet(bob_page, normal)


def test_an_elimination_game_plays_to_its_limit_for_a_pot(club, bob_page):
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"], rami_mode="elimination",
                      eliminate_at="300", rami_buy_in="2,50", rami_point_value="1,00",
                      rami_target="50")

    rules = {name: game.rules[name] for name in (
        "mode", "eliminate_at", "buy_in", "point_value", "game_target")}
    assert rules == {"mode": "elimination", "eliminate_at": 300, "buy_in": "2.50",
                     "point_value": "0.00", "game_target": 1000}
    page = sheet(bob_page, game)
    assert re.search(r"<dt>Pot</dt><dd>€7.50</dd>", page)
    assert "Lowest total wins; above 300 a player is out." in text(page)
    assert "Close the game" not in page


@pytest.mark.parametrize(("fields", "element", "error"), [
    ({"first_meld_min": "ab"}, "first-meld-min-error", "Enter a whole number, like 500"),
    ({"first_meld_min": "250"}, "first-meld-min-error",
     "first_meld_min must be between 0 and 200; got 250"),
    ({"rami_point_value": "-1"}, "rami-point-value-error", "Enter an amount like 5 or 5.50"),
    ({"rami_mode": "elimination", "eliminate_at": "0"}, "eliminate-at-error",
     "eliminate_at must be between 1 and 10000; got 0"),
    ({"rami_mode": "elimination", "rami_buy_in": "fünf"}, "rami-buy-in-error",
     "Enter an amount like 5 or 5.50"),
])
def test_rami_settings_are_refused_next_to_their_fields(club, bob_page, fields, element,
                                                        error):
    page = refused(bob_page, club, ["Anna", "Ben"], preset="rami", **fields)

    assert error_of(page, element) == error


def test_rami_seats_two_to_eight(club, bob_page):
    page = refused(bob_page, club, [f"P{number}" for number in range(9)], preset="rami")

    assert error_of(page, "players-error") == "Rami is played by 2 to 8 players; 9 are seated"


# --- The round form ---------------------------------------------------------------------------


def test_the_round_form_asks_what_everyone_laid_the_hands_the_finish_and_penalties(
        club, bob_page):
    game = start_rami(bob_page, club, [f"P{number}" for number in range(1, 9)])
    ids = list(ids_of(game).values())

    form = bob_page.get(f"/games/{game.pk}/rounds/new/").content.decode()

    assert '<form id="round-form" class="round rami"' in form
    assert form.count('<div class="hand rami">') == 8
    assert re.findall(r'name="laid-(\d+)"', form) == [str(p) for p in ids]
    assert re.findall(r'name="dw-(\d+)"', form) == [str(p) for p in ids]
    assert form.count('<span class="knocked">finished</span>') == 8
    assert re.findall(r'name="finish" value="(\w+)"( checked)?', form) == [
        ("none", " checked"), ("rummy", ""), ("own_cards", "")]
    assert "Penalties (300 points each)" in form
    assert re.findall(rf'<select id="pen-{ids[0]}" name="pen-{ids[0]}">(.*?)</select>', form,
                      re.S) == [
        '<option value="" selected>0</option><option value="300">1 × 300</option>'
        '<option value="600">2 × 300</option><option value="900">3 × 300</option>'
        '<option value="1200">4 × 300</option><option value="1500">5 × 300</option>']
    # nobody ticks "nobody else laid": it follows from the entries
    assert "nobody_else" not in form


def test_the_worked_round_by_cards_gives_each_player_points_in_parts(club, bob_page):
    # given three players, 2 decks (docs/rules.md 10.9 a)
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"])

    # when Anna finishes, everyone's melds and hands as cards (Cem laid 0)
    worked_round(bob_page, game)

    # then Anna scores 75 laid + 65 in the others' hands, Ben 45, Cem 0
    page = sheet(bob_page, game)
    assert sheet_rows(page) == [("1", "D F 75 + 65 hand 140", "+45 45", "0 0")]
    assert section(page, "news") == (
        "After round 1 Anna finished and scores 75 + 65 hand = 140. Ben deals round 2.")
    assert leaders(page) == ["Anna"]
    assert guides(page) == ["1000"]
    # and the facts kept: the melds as laid, the hands as cards, the finish
    stored = Round.objects.get(game=game, number=1)
    hands = {hand.player.name: (hand.laid, hand.laid_melds, hand.cards, hand.deadwood)
             for hand in stored.hands.select_related("player")}
    assert (stored.finish, stored.penalties, hands) == ("none", None, {
        "Anna": (None, [meld.split() for meld in ANNA_75], "", None),
        "Ben": (None, [meld.split() for meld in BEN_45], BEN_35, None),
        "Cem": (0, None, CEM_30, None)})
    assert services.verify_game(game) == []


def test_a_rummy_with_own_cards_while_nobody_else_laid_earns_400(club, bob_page):
    # docs/rules.md 10.9 (c): Cem lays 95 at once; Anna and Ben laid nothing
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"])

    play(bob_page, game, "Cem", {"Anna": 85, "Ben": 110},
         laid={"Anna": 0, "Ben": 0, "Cem": 95}, finish="own_cards")

    page = sheet(bob_page, game)
    assert sheet_rows(page) == [("1", "D 0 0", "0 0", "R 95 + 195 hand + 400 690")]
    assert section(page, "news") == (
        "After round 1 Cem went Rummy with own cards only and scores "
        "95 + 195 hand + 400 = 690. Nobody else had laid. Ben deals round 2.")


def test_a_penalty_is_taken_off_and_the_chart_reaches_below_0(club, bob_page):
    # docs/rules.md 10.4: Ben laid 45 and took a joker back without playing it
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"])

    response = post_round(bob_page, game, "Anna", {"Ben": 20, "Cem": 30},
                          laid={"Anna": 60, "Ben": 45, "Cem": 0}, finish="none",
                          penalties={"Ben": 300}, headers=HTMX)

    page = response.content.decode()
    assert sheet_rows(page) == [("1", "D F 60 + 50 hand 110", "45 − 300 −255", "0 0")]
    assert totals_row(page) == ["★ leads 110", "D deals next −255", "0"]
    assert "Penalty for Ben: 300 points." in section(page, "news")
    assert guides(page) == ["1000", "0"]
    stored = Round.objects.get(game=game, number=1)
    assert stored.penalties == [[ids_of(game)["Ben"], 300]]


@pytest.mark.parametrize(("entries", "element", "error"), [
    # a group that is no meld, next to the laid melds of the player
    # (the page names the cards as the picker shows them)
    ({"laid": {"Anna": 60, "Ben": ["7H 8H 10H"], "Cem": 0}}, "lerr-{Ben}",
     "7♥ 8♥ 10♥ is not a meld"),
    # the first melds below the minimum of 40
    ({"laid": {"Anna": 60, "Ben": ["2S 3S 4S"], "Cem": 0}}, "lerr-{Ben}",
     "Ben's melds are worth 15 points; the first melds must be worth at least 40"),
    # laid left empty in normal mode
    ({"laid": {"Anna": 60, "Ben": 10}}, "lerr-{Cem}",
     "Enter the points Cem laid (0 if nothing)"),
    # a penalty that is not a multiple of 300
    ({"laid": {"Anna": 60, "Ben": 10, "Cem": 0}, "penalties": {"Ben": 250}}, "perr-{Ben}",
     "A penalty is 300 points: Ben's 250 is not a multiple of it"),
    # no finish
    ({"laid": {"Anna": 60, "Ben": 10, "Cem": 0}, "finish": ""}, "finish-error",
     "Tap how the round was finished"),
    # a hand missing
    ({"laid": {"Anna": 60, "Ben": 10, "Cem": 0}, "hands": {"Ben": 20}}, "err-{Cem}",
     "Enter Cem's points"),
])
def test_a_wrong_rami_round_is_refused_next_to_its_field(club, bob_page, entries, element,
                                                         error):
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"])
    ids = ids_of(game)
    entries = {"hands": {"Ben": 20, "Cem": 30}, "finish": "none", **entries}

    response = post_round(bob_page, game, "Anna", **entries)

    assert response.status_code == 422
    assert error_of(response.content.decode(), element.format(**ids)) == error
    assert Round.objects.count() == 0


def test_a_refused_round_keeps_what_was_entered(club, bob_page):
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"])
    ids = ids_of(game)

    response = post_round(bob_page, game, "Anna", {"Ben": BEN_35, "Cem": 30},
                          laid={"Anna": ANNA_75, "Ben": ["7H 8H 10H"], "Cem": 0},
                          finish="rummy", penalties={"Cem": 600})

    page = response.content.decode()
    assert f'name="melds-{ids["Anna"]}" value="{"|".join(ANNA_75)}"' in page
    assert f'name="cards-{ids["Ben"]}" value="{BEN_35}"' in page
    assert f'name="laid-{ids["Cem"]}" value="0"' in page
    assert re.search(r'name="finish" value="rummy" checked', page)
    assert '<option value="600" selected>2 × 300</option>' in page
    assert "<details class=\"penalties\" open>" in page
    # the meld the engine named is marked
    assert '<span class="meld loose open">' in page


def test_the_laid_melds_picker_scores_each_meld_and_counts_the_decks_of_the_round(
        club, bob_page):
    # given two decks: Ben holds the Q of hearts, Anna's first meld is J Q K of hearts
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"])
    ids = ids_of(game)
    anna, ben = ids["Anna"], ids["Ben"]
    form = {f"lmode-{anna}": "cards", f"melds-{anna}": "JH QH KH", f"lsuit-{anna}": "H",
            f"mode-{ben}": "cards", f"cards-{ben}": "QH"}

    # when Anna starts a second meld, picks a third Q of hearts, then an ace
    opened = bob_page.post(f"/games/{game.pk}/hand/", {"pick_lay_cards": f"{anna}:"}, **HTMX)
    started = bob_page.post(f"/games/{game.pk}/hand/", {**form, "pick_lay_next": f"{anna}:"},
                            **HTMX)
    third = bob_page.post(f"/games/{game.pk}/hand/", {
        **form, f"melds-{anna}": "JH QH KH|", "pick_lay_add": f"{anna}:Q"}, **HTMX)
    ace = bob_page.post(f"/games/{game.pk}/hand/", {**form, "pick_lay_add": f"{anna}:A"}, **HTMX)
    back = bob_page.post(f"/games/{game.pk}/hand/", {
        **form, f"melds-{anna}": "JH QH KH AH|7C", "pick_lay_remove": f"{anna}:1:7C"}, **HTMX)

    # then the picker is the laid melds' fragment, each meld with its points
    assert opened.content.decode().startswith(f'\n<div class="laid cards" id="laid-{anna}">')
    assert "0 cards laid" in opened.content.decode()
    assert f'name="melds-{anna}" value="JH QH KH|"' in started.content.decode()
    assert "new meld" in started.content.decode()
    assert error_of(third.content.decode(), f"lerr-{anna}") == "The decks hold 2 × Q of hearts"
    page = ace.content.decode()
    assert f'name="melds-{anna}" value="JH QH KH AH"' in page
    assert re.findall(r'<span class="mp">(\d+)</span>', page) == ["45"]
    assert re.search(r'<output class="dw"[^>]*>(\d+)<', page)[1] == "45"
    assert f'name="melds-{anna}" value="JH QH KH AH|"' in back.content.decode()


def test_a_third_copy_is_taken_with_three_decks(club, bob_page):
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem", "Dora", "Emil"])
    ids = ids_of(game)
    anna, ben = ids["Anna"], ids["Ben"]

    response = bob_page.post(f"/games/{game.pk}/hand/", {
        f"lmode-{anna}": "cards", f"melds-{anna}": "QH QH", f"lsuit-{anna}": "H",
        f"mode-{ben}": "cards", f"cards-{ben}": "KS", "pick_lay_add": f"{anna}:Q"}, **HTMX)

    assert f'name="melds-{anna}" value="QH QH QH"' in response.content.decode()


def test_the_picker_of_a_hand_counts_it_whole_with_rami_values(club, bob_page):
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"])
    ben = ids_of(game)["Ben"]

    response = bob_page.post(f"/games/{game.pk}/hand/", {
        f"mode-{ben}": "cards", f"cards-{ben}": "KC 3D", f"suit-{ben}": "S",
        "pick_add": f"{ben}:JK"}, **HTMX)

    page = response.content.decode()
    assert re.search(r'<output class="dw"[^>]*>(\d+)<', page)[1] == "35"
    assert "3 of 14 cards" in page


# --- Elimination ------------------------------------------------------------------------------


def test_elimination_multiplies_the_hands_strikes_who_is_out_and_pays_the_pot(club, bob_page):
    # given an elimination game to 300 at 5.00 a player
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"], rami_mode="elimination",
                      eliminate_at="300")

    # when Anna goes Rummy while nobody else laid (x4, one tap; docs/rules.md 10.9 e),
    # then Ben finishes and Cem goes past 300
    play(bob_page, game, "Anna", {"Ben": "KS QS 9D 9C AH", "Cem": 60},
         nobody_else_laid=True, finish="rummy")
    play(bob_page, game, "Ben", {"Anna": 20, "Cem": 70}, finish="none")
    page = sheet(bob_page, game)

    # then the parts show the multiplier, Cem's column is struck, and the pot stays
    assert sheet_rows(page) == [
        ("1", "D R 0 0", "45 × 4 180", "60 × 4 240"),
        ("2", "+20 20", "D F 0 180", "+70 310"),
    ]
    assert totals_row(page) == ["D deals next ★ leads 20", "180", "310 out"]
    assert "Cem is out." in section(page, "news")
    assert guides(page) == ["300"]
    assert re.search(r"<dt>Pot</dt><dd>€15.00</dd>", page)
    assert "Lowest total wins" in text(page)

    # when Ben goes past the limit too: Anna is the last one in and takes the pot
    play(bob_page, game, "Anna", {"Ben": 130}, finish="none", penalties={"Ben": 300})
    page = sheet(bob_page, game)
    assert sheet_rows(page)[-1] == ("3", "D F 0 20", "130 + 300 610", "")
    assert section(page, "result").startswith("Anna wins 1. Anna 20 points €15.00")
    game.refresh_from_db()
    assert game.status == "finished"
    assert services.verify_game(game) == []


def test_without_the_nobody_else_laid_tap_elimination_gives_no_x4(club, bob_page):
    # the form asks nothing of what was laid: a laid sent anyway is not read (10.5)
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"], rami_mode="elimination")

    play(bob_page, game, "Anna", {"Ben": 45, "Cem": 60}, laid={"Ben": 0, "Cem": 0},
         finish="rummy")

    assert sheet_rows(sheet(bob_page, game)) == [
        ("1", "D R 0 0", "45 × 2 90", "60 × 2 120")]
    hands = {hand.player.name: hand.laid for hand in Round.objects.get(
        game=game, number=1).hands.select_related("player")}
    assert hands == {"Anna": None, "Ben": None, "Cem": None}


# --- The end, closing, corrections, German -----------------------------------------------------


def test_a_rami_game_to_its_target_pays_the_difference(club, bob_page):
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"], rami_target="200",
                      rami_point_value="0,10")
    worked_round(bob_page, game)

    play(bob_page, game, "Ben", {"Anna": 10, "Cem": 5}, laid={"Anna": 20, "Ben": 40, "Cem": 0},
         finish="none")
    running = sheet(bob_page, game)
    play(bob_page, game, "Anna", {"Ben": 10, "Cem": 5}, laid={"Anna": 30, "Ben": 10, "Cem": 0},
         finish="rummy")

    assert "Close the game</button>" in running
    page = sheet(bob_page, game)
    assert sheet_rows(page)[-1] == ("3", "R 30 + 15 hand + 200 405", "+10 110", "D 0 0")
    assert section(page, "result") == (
        "Anna wins 1. Anna 405 points 2. Ben 110 points 3. Cem 0 points Who pays whom "
        "Ben pays Anna €29.50 Cem pays Anna €40.50 "
        "Each player's money Anna +€70.00 Ben −€29.50 Cem −€40.50")
    assert "Close the game" not in page


def test_closing_a_rami_game_by_hand(club, bob_page):
    # docs/rules.md 10.9 (a): closed after the round at 0.10 a point
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"], rami_point_value="0,10")
    worked_round(bob_page, game)

    response = bob_page.post(f"/games/{game.pk}/close/")

    assert response.status_code == 302
    result = section(sheet(bob_page, game), "result")
    assert "Ben pays Anna €9.50" in result and "Cem pays Anna €14.00" in result


def test_a_rami_round_is_corrected_from_what_was_entered(club, bob_page):
    # given the worked round with a penalty for Cem
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"])
    worked_round(bob_page, game, penalties={"Cem": 300})
    ids = ids_of(game)

    # when the correction page opens, and Cem's penalty is taken back
    edit = bob_page.get(f"/games/{game.pk}/rounds/1/edit/").content.decode()
    data = {**hidden_fields(edit), "version": re.search(r'name="version" value="(\d+)"',
                                                        edit)[1],
            "ender": ids["Anna"], "finish": "none", "reason": "no penalty",
            f"lmode-{ids['Anna']}": "cards", f"melds-{ids['Anna']}": "|".join(ANNA_75),
            f"lmode-{ids['Ben']}": "cards", f"melds-{ids['Ben']}": "|".join(BEN_45),
            f"laid-{ids['Cem']}": "0", f"mode-{ids['Ben']}": "cards",
            f"cards-{ids['Ben']}": BEN_35, f"mode-{ids['Cem']}": "cards",
            f"cards-{ids['Cem']}": CEM_30}
    response = bob_page.post(f"/games/{game.pk}/rounds/1/edit/", data)

    # then the page showed the round as entered
    assert f'name="melds-{ids["Anna"]}" value="{"|".join(ANNA_75)}"' in edit
    assert f'name="laid-{ids["Cem"]}" value="0"' in edit
    assert f'name="cards-{ids["Cem"]}" value="{CEM_30}"' in edit
    assert re.search(r'name="finish" value="none" checked', edit)
    assert '<option value="300" selected>1 × 300</option>' in edit
    assert response.status_code == 302
    assert sheet_rows(sheet(bob_page, game)) == [("1 ✎", "D F 75 + 65 hand 140", "+45 45", "0 0")]


def test_a_rami_sheet_and_refusal_in_german(club, bob_page):
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"])
    worked_round(bob_page, game)
    ids = ids_of(game)

    page = sheet(bob_page, game, HTTP_ACCEPT_LANGUAGE="de")
    refusal = post_round(bob_page, game, "Ben", {"Anna": 10, "Cem": 5},
                         laid={"Anna": 0, "Ben": 40, "Cem": 0}, finish="none",
                         penalties={"Cem": 250},
                         headers={"HTTP_ACCEPT_LANGUAGE": "de"}).content.decode()

    assert '<html lang="de">' in page
    assert sheet_rows(page)[0][1] == "G B 75 + 65 Hand 140"  # G: der Geber, B: beendet
    assert error_of(refusal, f"perr-{ids['Cem']}").startswith("Eine Strafe")


def test_a_picker_tap_without_javascript_answers_the_whole_form(club, bob_page):
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"])
    ids = ids_of(game)
    form = bob_page.get(f"/games/{game.pk}/rounds/new/").content.decode()
    data = {**hidden_fields(form), f"laid-{ids['Ben']}": "45",
            f"lmode-{ids['Anna']}": "cards", f"melds-{ids['Anna']}": "QH KH",
            f"lsuit-{ids['Anna']}": "H", "pick_lay_add": f"{ids['Anna']}:A"}

    response = bob_page.post(f"/games/{game.pk}/rounds/new/", data)

    page = response.content.decode()
    assert response.status_code == 200
    assert '<form id="round-form"' in page
    assert f'name="melds-{ids["Anna"]}" value="QH KH AH"' in page
    assert f'name="laid-{ids["Ben"]}" value="45"' in page
    assert Round.objects.count() == 0


def test_rami_pages_escape_names_and_are_ready_for_a_strict_csp(club, bob_page):
    evil = "<img src=x onerror=alert(1)>"
    game = start_rami(bob_page, club, [evil, "Ben", "Cem"])
    play(bob_page, game, evil, {"Ben": BEN_35, "Cem": CEM_30},
         laid={evil: ANNA_75, "Ben": BEN_45, "Cem": 0}, finish="rummy",
         penalties={"Ben": 300})
    urls = [f"/games/{game.pk}/", f"/games/{game.pk}/rounds/new/",
            f"/games/{game.pk}/rounds/1/edit/", f"/s/{share_token(game.pk)}/"]

    for url in urls:
        page = bob_page.get(url).content.decode()
        assert "<img src=x" not in page, url
        assert re.search(r"<script(?![^>]*\bsrc=)", page) is None, url
        assert [name for name, value in attributes(page) if name == "style"
                or name.startswith("on") or value.startswith("javascript:")] == [], url
    assert "&lt;img src=x onerror=alert(1)&gt; went Rummy and scores" in sheet(bob_page, game)


@pytest.mark.parametrize("rounds", [1, 5])
def test_the_rami_sheet_takes_the_same_queries_for_1_or_5_rounds(
        club, bob_page, rounds, django_assert_max_num_queries):
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"], rami_mode="elimination")
    ids = list(ids_of(game).values())
    for number in range(1, rounds + 1):
        services.record_round(game_id=game.pk, number=number, ender=ids[0], finish="none",
                              hands=[services.HandInput(ids[0]),
                                     services.HandInput(ids[1], deadwood=5, laid=0),
                                     services.HandInput(ids[2], cards="KS QS")], user=OPERATOR)

    with django_assert_max_num_queries(8):
        assert bob_page.get(f"/games/{game.pk}/").status_code == 200


def test_a_rami_round_saved_from_the_page_locks_the_game_once(club, bob_page,
                                                             django_assert_max_num_queries):
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"])
    data = round_data(bob_page, game, "Anna", {"Ben": BEN_35, "Cem": CEM_30},
                      laid={"Anna": ANNA_75, "Ben": BEN_45, "Cem": 0}, finish="none",
                      penalties={"Cem": 300})

    with django_assert_max_num_queries(18) as queries:
        response = bob_page.post(f"/games/{game.pk}/rounds/new/", data, **HTMX)

    assert response.status_code == 200
    assert len([q for q in queries.captured_queries
                if q["sql"].startswith('SELECT "scorekeeper_game"')]) == 2


def test_an_elimination_game_is_not_closed_by_hand(club, bob_page):
    game = start_rami(bob_page, club, ["Anna", "Ben"], rami_mode="elimination")
    play(bob_page, game, "Anna", {"Ben": 40}, finish="none")

    response = bob_page.post(f"/games/{game.pk}/close/", **HTMX)

    assert response.status_code == 409
    assert "Close the game" not in response.content.decode()
    game.refresh_from_db()
    assert (game.closed, game.status) == (False, "running")


# --- Cards taken from the table (docs/rules.md 10.6) ------------------------------------------


def test_the_laid_melds_picker_marks_cards_taken_from_the_table(club, bob_page):
    # given two decks, both 4♦ laid already: Ben's run 4-7♦ and Cem's fours
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"])
    ids = ids_of(game)
    anna, ben, cem = ids["Anna"], ids["Ben"], ids["Cem"]
    form = {f"lmode-{anna}": "cards", f"melds-{anna}": "QH KH AH|", f"lsuit-{anna}": "D",
            f"lmode-{ben}": "cards", f"melds-{ben}": "4D 5D 6D 7D",
            f"lmode-{cem}": "cards", f"melds-{cem}": "4D 4S 4C"}

    # when Anna picks a 4♦ as she would from her hand, then with "taken from the table"
    own = bob_page.post(f"/games/{game.pk}/hand/", {**form, "pick_lay_add": f"{anna}:4"},
                        **HTMX).content.decode()
    taken = bob_page.post(f"/games/{game.pk}/hand/", {
        **form, f"ltable-{anna}": "on", "pick_lay_add": f"{anna}:4"}, **HTMX).content.decode()
    meld = bob_page.post(f"/games/{game.pk}/hand/", {
        **form, f"melds-{anna}": "QH KH AH|[4D] 4H 4C", "pick_lay_show": f"{anna}:"},
        **HTMX).content.decode()

    # then the picker offers the choice; a third 4♦ from the hand is refused
    assert f'<input type="checkbox" name="ltable-{anna}">' in own
    assert error_of(own, f"lerr-{anna}") == "The decks hold 2 × 4 of diamonds"
    # and taken from the table it goes in marked, the choice kept
    assert f'name="melds-{anna}" value="QH KH AH|[4D]"' in taken
    assert f'<input type="checkbox" name="ltable-{anna}" checked>' in taken
    assert re.search(r'class="card red table" aria-label="Take back 4 of diamonds, from the '
                     r'table">4♦</button>', taken)
    # and the meld scores the two fours of her own: 10, not 15
    assert re.findall(r'<span class="mp">(\d+)</span>', meld) == ["35", "10"]
    assert re.search(r'<output class="dw"[^>]*>(\d+)<', meld)[1] == "45"


def test_a_round_with_a_card_from_the_table_is_saved_shown_and_corrected(club, bob_page):
    # given Ben's run 4-7♦, whose 4♦ Anna takes for her fours (the Rami text's example)
    game = start_rami(bob_page, club, ["Anna", "Ben", "Cem"])
    ids = ids_of(game)

    play(bob_page, game, "Anna", {"Ben": "9S", "Cem": 10},
         laid={"Anna": ["QH KH AH", "[4D] 4H 4C"], "Ben": ["4D 5D 6D 7D", "KS KH KD"],
               "Cem": 0}, finish="none")

    # then Anna scores 35 + 10 laid and the others' 15 in hand, the meld kept as laid
    assert sheet_rows(sheet(bob_page, game)) == [("1", "D F 45 + 15 hand 60", "+50 50", "0 0")]
    anna = Round.objects.get(game=game, number=1).hands.get(player_id=ids["Anna"])
    assert anna.laid_melds == [["QH", "KH", "AH"], ["[4D]", "4H", "4C"]]
    # and the correction page shows it as entered, the card from the table marked
    edit = bob_page.get(f"/games/{game.pk}/rounds/1/edit/").content.decode()
    assert f'name="melds-{ids["Anna"]}" value="QH KH AH|[4D] 4H 4C"' in edit
    assert "4 of diamonds, from the table" in edit


def test_a_players_phone_sends_a_meld_with_a_card_from_the_table(club, bob_page):
    from scorekeeper.models import PendingHand

    from .test_seat_claims import claimed_phone, link, send

    game = services.start_game(club=club, name="Rami", preset="rami",
                               players=["Anna", "Ben"], user=OPERATOR).game
    phone = claimed_phone(game, "Ben")

    response = send(phone, game, lmode="cards", melds="QH KH AH|[4D] 4H 4C", mode="cards",
                    cards="5C 9D")

    assert response.status_code == 302
    assert PendingHand.objects.get().entry == {"cards": "5C 9D", "melds": "QH KH AH|[4D] 4H 4C"}
    again = phone.get(f"{link(game)}hand/").content.decode()
    assert f'name="melds-{phone.seat}" value="QH KH AH|[4D] 4H 4C"' in again
    assert re.findall(r'<span class="mp">(\d+)</span>', again) == ["35", "10"]
