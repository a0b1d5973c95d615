"""Gin Rummy on the phone pages (docs/rules.md 4.1), through the forms a phone sends:
starting a match, a ring game or a tournament, entering rounds by deadwood or by cards,
void rounds, corrections, and the sheet with its boxes and final accounts.

The Django test client plays the phone: plain form posts (no JavaScript), and the same
posts as htmx sends them where the answer differs.
"""

import html as html_text
import re
from html.parser import HTMLParser

import pytest
from django.test import Client

from scorekeeper import services
from scorekeeper.models import Game, Round
from scorekeeper.services import policy
from scorekeeper.services.policy import OPERATOR

HTMX = {"HTTP_HX_REQUEST": "true"}

# Seed 004 (Anna is A, Ben is B): A 17 (A knocks with 6, B 23 after laying off), B 33
# (B gin, A 13), A 12 (undercut: B knocks with 8, A 6), B 42 (B gin, A 22), B 28 (B knocks
# with 2, A 30). Round 1 by cards: Ben lays 2♠ and 7♠ onto Anna's 3-6♠ and 8♦ onto her
# eights, and keeps Q♦ J♣ 3♦ (23).
ANNA_KNOCKS_WITH_6 = "8S 8H 8C 3S 4S 5S 6S AD 2H 3C"
BEN_23_AFTER_LAYING_OFF = "KS KH KC KD 2S 7S 8D QD JC 3D"
SEED_004 = [
    ("Anna", {"Anna": ANNA_KNOCKS_WITH_6, "Ben": BEN_23_AFTER_LAYING_OFF}),
    ("Ben", {"Anna": 13, "Ben": 0}),
    ("Ben", {"Anna": 6, "Ben": 8}),
    ("Ben", {"Anna": 22, "Ben": 0}),
    ("Ben", {"Anna": 30, "Ben": 2}),
]
# What the new game page sends for the knock family's fields: ignored in a Gin game.
KNOCK_FIELDS = {"buy_in": "5,00", "knock_premium": "1,00", "rebuy": "on", "lay_off": "none"}


def start_gin(client, club, players, *, preset="gin", **fields) -> Game:
    data = {"club": club.pk, "preset": preset, "seat": players, "start": "1",
            **KNOCK_FIELDS, "gin_knock_limit": "10", "game_target": "100",
            "stake_per_point": "0,00", "gin_format": "match", "rounds_to_play": "1",
            "pool_stake": "5,00", "winner_share": "75", **fields}
    response = client.post("/games/new/", data)
    assert response.status_code == 302, response.content.decode()[:3000]
    return Game.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def ids_of(game) -> dict[str, int]:
    return {seat.player.name: seat.player_id for seat in game.seats.select_related("player")}


def round_data(client, game, knocker=None, hands=(), *, match=None, void=False) -> dict:
    """The round form as a phone fills it in: its hidden fields, who knocked, and each
    hand as typed deadwood or as cards ("AS 2S ..."); or the void round button."""
    query = f"?match={match}" if match else ""
    form = client.get(f"/games/{game.pk}/rounds/new/{query}").content.decode()
    data = {
        "number": re.search(r'name="number" value="(\d+)"', form)[1],
        "key": re.search(r'name="key" value="([^"]+)"', form)[1],
        "players": re.findall(r'name="players" value="(\d+)"', form),
    }
    chosen = re.search(r'name="match" value="(\d+)"', form)
    if chosen:
        data["match"] = chosen[1]
    if void:
        return {**data, "void": "1"}
    ids = ids_of(game)
    data["ender"] = ids[knocker]
    for name, value in dict(hands).items():
        if isinstance(value, int):
            data[f"dw-{ids[name]}"] = str(value)
        else:
            data[f"mode-{ids[name]}"], data[f"cards-{ids[name]}"] = "cards", value
    return data


def play(client, game, knocker=None, hands=(), *, match=None, void=False, **headers):
    response = client.post(f"/games/{game.pk}/rounds/new/",
                           round_data(client, game, knocker, hands, match=match, void=void),
                           **headers)
    assert response.status_code in (200, 302), response.content.decode()[:3000]
    return response


def sheet(client, game, **headers) -> str:
    response = client.get(f"/games/{game.pk}/", **headers)
    assert response.status_code == 200
    return response.content.decode()


def text(fragment: str) -> str:
    """What a fragment of a page reads, tags dropped and spaces collapsed."""
    return " ".join(html_text.unescape(re.sub(r"<[^>]+>", " ", fragment)).split())


def sheet_rounds(page: str) -> list[tuple[str, ...]]:
    """Each round of the sheet: its number, each player's cell, and its line (a void
    round: its number and its line)."""
    rows = []
    pattern = (r'<tr class="rd[^"]*">(.*?)</tr>\s*(?:<tr class="how"><td colspan="2">'
               r"(.*?)</td></tr>)?")
    for cells, line in re.findall(pattern, page, re.S):
        parts = re.findall(r"<t[hd][^>]*>(.*?)</t[hd]>", cells, re.S)
        rows.append(tuple(text(part) for part in parts) + ((text(line),) if line else ()))
    return rows


def totals(page: str) -> list[tuple[str, str]]:
    """Each column's total and boxes, in the order of the sheets on the page."""
    return re.findall(r'<span class="sum">(\d+)</span><span class="bx">([^<]+)</span>', page)


def attributes(page: str) -> list[tuple[str, str]]:
    """Every attribute of every tag of a page, as (name, value)."""
    found = []

    class Tags(HTMLParser):
        def handle_starttag(self, tag, attrs):
            found.extend((name, value or "") for name, value in attrs)

    Tags().feed(page)
    return found


def accounts(page: str) -> list[str]:
    """Each finished match's final accounts: total + game bonus + boxes = final."""
    rows = re.findall(r'<tr class="account">(.*?)</tr>', page, re.S)
    return [text(cell) for row in rows for cell in re.findall(r"<td>(.*?)</td>", row, re.S)]


# --- A new game ---------------------------------------------------------------------------


def test_the_new_game_page_offers_both_gin_presets_with_their_options(club, bob_page):
    page = bob_page.get("/games/new/").content.decode()

    presets = re.findall(r'name="preset" value="(\w+)" data-family="(\w+)"', page)
    assert presets == [("wiener", "knock"), ("romme", "knock"), ("gin", "gin"),
                       ("gin_online", "gin"), ("basic", "basic"), ("rami", "rami")]
    assert "Gin Rummy (online scoring)" in page
    assert re.findall(r'name="gin_knock_limit" value="(\d+)"', page) == ["10", "8", "5"]
    assert re.findall(r'name="game_target" value="(\d+)"', page) == ["100", "150", "200"]
    assert re.findall(r'name="gin_format" value="(\w+)"', page) == ["match", "ring",
                                                                    "tournament"]
    assert re.findall(r'name="rounds_to_play" value="(\d+)"', page) == ["1", "2", "3"]
    # every family's fields are on the page (it works without JavaScript); the style sheet
    # shows only the chosen game's
    for name in ("buy_in", "knock_premium", "gin_doubles_deadwood", "stake_per_point",
                 "pool_stake", "winner_share"):
        assert f'name="{name}"' in page, name
    assert '<fieldset class="stake for-knock">' in page
    assert '<fieldset class="gin for-gin">' in page


def test_a_gin_ring_game_starts_with_the_options_chosen_and_ignores_the_knock_fields(
        club, bob_page):
    # given the Gin options chosen, and the knock family's buy-in mistyped (hidden, unused)
    game = start_gin(bob_page, club, ["Anna", "Ben"], preset="gin_online", buy_in="fünf",
                     gin_knock_limit="8", game_target="150", gin_doubles_deadwood="on",
                     stake_per_point="0,05", gin_format="ring", rounds_to_play="2",
                     pool_stake="2,50", winner_share="80")

    # then the game has them, money in the engine's decimal strings
    rules = {name: game.rules[name] for name in (
        "family", "knock_limit", "game_target", "gin_doubles_deadwood", "stake_per_point",
        "rounds_to_play", "tournament", "buy_in", "winner_share", "gin_bonus",
        "undercut_bonus", "knock_premium")}
    assert (game.preset, rules) == ("gin_online", {
        "family": "gin", "knock_limit": 8, "game_target": 150, "gin_doubles_deadwood": True,
        "stake_per_point": "0.05", "rounds_to_play": 2, "tournament": False,
        "buy_in": "2.50", "winner_share": 80, "gin_bonus": 25, "undercut_bonus": 25,
        "knock_premium": "0.00"})
    # and the sheet shows the prize pool of 2 × 2.50
    assert re.search(r"<dt>Prize pool</dt><dd>€5.00</dd>", sheet(bob_page, game))


def test_a_match_takes_no_prize_pool_even_when_one_was_typed(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"], pool_stake="9,00")

    assert (game.rules["buy_in"], game.rules["rounds_to_play"], game.rules["tournament"]) == (
        "0.00", 0, False)
    assert "Prize pool" not in sheet(bob_page, game)


def test_gin_settings_are_refused_next_to_their_fields(club, bob_page):
    response = bob_page.post("/games/new/", {
        "club": club.pk, "preset": "gin", "seat": ["Anna", "Ben"], "start": "1",
        "stake_per_point": "zehn", "gin_format": "tournament", "pool_stake": "5",
        "winner_share": "60"})

    page = response.content.decode()
    assert response.status_code == 422
    assert ('<p class="error" id="stake-per-point-error">Enter an amount like 5 or 5.50</p>'
            in page)
    assert '<p class="error" id="winner-share-error">The winner takes 75 to 100 percent</p>' in (
        page)
    assert Game.objects.count() == 0


@pytest.mark.parametrize(("fields", "seated", "error"), [
    ({}, ["Anna", "Ben", "Cem"], "Gin Rummy is played by 2 players; 3 are seated"),
    ({"gin_format": "tournament"}, ["Anna", "Ben", "Cem", "Dora", "Emil"],
     "A Gin tournament is played by 2 to 4 players; 5 are seated"),
])
def test_gin_seats_two_players_or_two_to_four_in_a_tournament(club, bob_page, fields, seated,
                                                               error):
    response = bob_page.post("/games/new/", {
        "club": club.pk, "preset": "gin", "seat": seated, "start": "1", **fields})

    assert response.status_code == 422
    assert f'<p class="error" id="players-error">{error}</p>' in response.content.decode()
    assert Game.objects.count() == 0


# --- Seed 004: the worked sheet -------------------------------------------------------------


def test_seed_004_through_the_pages_gives_the_whole_sheet(club, bob_page):
    # given a Gin match at 0.10 a point
    game = start_gin(bob_page, club, ["Anna", "Ben"], stake_per_point="0,10")

    # when the five rounds of seed 004 are entered, with a void round after the second
    for number, (knocker, hands) in enumerate(SEED_004, start=1):
        play(bob_page, game, knocker, hands)
        if number == 2:
            play(bob_page, game, void=True)

    # then each round's line says who won it, how, and the points in their parts; round 1
    # (by cards) shows what Ben laid off
    page = sheet(bob_page, game)
    assert sheet_rounds(page) == [
        ("1", "D K 6 deadwood +17 17", "23 deadwood 0",
         "Anna knocked with 6 and wins 17. Ben laid off: 2♠ 7♠ 8♦"),
        ("2", "D 13 deadwood 17", "G 0 deadwood +33 33",
         "Ben went gin and wins 33 = 13 + 20 gin."),
        ("3", "Void round: no score; Ben deals again."),
        ("4", "U 6 deadwood +12 29", "D K 8 deadwood 33",
         "Ben knocked with 8; Anna undercuts and wins 12 = 2 + 10 undercut."),
        ("5", "D 22 deadwood 29", "G 0 deadwood +42 75",
         "Ben went gin and wins 42 = 22 + 20 gin."),
        ("6", "30 deadwood 29", "D K 2 deadwood +28 103", "Ben knocked with 2 and wins 28."),
    ]
    # and the totals with the boxes, and the final accounts as the seed adds them up
    assert totals(page) == [("29", "2 boxes"), ("103", "3 boxes")]
    assert accounts(page) == ["29 + 0 + 40 = 69", "103 + 100 + 60 = 263"]
    # and the end: Ben wins, placed by the final accounts, and Anna pays 194 points × 0.10
    result = text(re.search(r'<section class="result".*?</section>', page, re.S)[0])
    assert result == (
        "Ben wins 1. Ben 263 points 2. Anna 69 points Who pays whom Anna pays Ben €19.40 "
        "Each player's money Anna −€19.40 Ben +€19.40")
    assert "Enter round" not in page
    game.refresh_from_db()
    assert game.status == "finished"
    assert services.verify_game(game) == []


def test_a_void_round_scores_nothing_and_the_same_dealer_deals_again(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"])
    play(bob_page, game, "Ben", {"Anna": 20, "Ben": 3})

    response = play(bob_page, game, void=True, **HTMX)

    page = response.content.decode()
    news = text(re.search(r'<section class="news".*?</section>', page, re.S)[0])
    assert news == "After round 2 Void round: no score; Ben deals again. Ben deals round 3."
    assert totals(page) == [("0", "0 boxes"), ("17", "1 box")]
    void = Round.objects.get(game=game, number=2)
    assert (void.void, void.ender_id, void.hands.count()) == (True, None, 0)


def test_the_knock_family_has_no_void_round_button(club, bob_page):
    gin = start_gin(bob_page, club, ["Anna", "Ben"])
    wiener = services.start_game(club=club, name="W", preset="wiener",
                                 players=["Anna", "Ben"], user=OPERATOR).game

    gin_form = bob_page.get(f"/games/{gin.pk}/rounds/new/").content.decode()
    wiener_form = bob_page.get(f"/games/{wiener.pk}/rounds/new/").content.decode()

    # The button asks first (tests/test_undo_round_pages.py); "1" is the answer yes.
    assert '<button type="submit" name="void" value="ask" class="void">Void round</button>' in (
        gin_form)
    assert 'name="void"' not in wiener_form


# --- Entering a round: errors and cards -----------------------------------------------------


def test_a_false_knock_with_11_deadwood_is_named_next_to_the_knocker(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"])
    ids = ids_of(game)

    response = bob_page.post(f"/games/{game.pk}/rounds/new/",
                             round_data(bob_page, game, "Anna", {"Anna": 11, "Ben": 30}))

    assert response.status_code == 422
    assert re.search(rf'<p class="error" id="err-{ids["Anna"]}">(.*?)</p>',
                     response.content.decode())[1] == (
        "False knock: Anna has 11 deadwood, but the knock limit is 10")
    assert f'name="dw-{ids["Anna"]}" value="11"' in response.content.decode()
    assert Round.objects.count() == 0


def test_the_card_picker_of_gin_offers_one_deck_without_jokers(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"])
    ben = ids_of(game)["Ben"]

    opened = bob_page.post(f"/games/{game.pk}/hand/", {"pick_cards": f"{ben}:"}, **HTMX)
    second_queen = bob_page.post(f"/games/{game.pk}/hand/", {
        f"mode-{ben}": "cards", f"cards-{ben}": "QH", f"suit-{ben}": "H",
        "pick_add": f"{ben}:Q"}, **HTMX)

    picker = opened.content.decode()
    assert re.findall(r'name="pick_add" value="\d+:(\w+)"', picker) == [
        "A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]
    assert "Joker" not in picker and "0 of 10 cards" in picker
    assert "The decks hold 1 × Q of hearts" in second_queen.content.decode()


def test_the_round_form_of_a_gin_match_shows_its_two_players_and_the_dealer(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"])
    play(bob_page, game, "Ben", {"Anna": 20, "Ben": 3})  # the winner deals next

    form = bob_page.get(f"/games/{game.pk}/rounds/new/").content.decode()

    assert re.findall(r'<span class="name">(\w+)</span>', form) == ["Anna", "Ben"]
    assert re.findall(r'<span class="meta"[^>]*>(.*?)</span></span>', form, re.S) == [
        "has 0", '<span class="mk d">D</span> has 17']
    assert 'name="match"' not in form


# --- Corrections ------------------------------------------------------------------------------


def test_a_gin_round_is_corrected_like_a_knock_round(club, bob_page):
    # given Anna knocked with 6 against 23
    game = start_gin(bob_page, club, ["Anna", "Ben"])
    play(bob_page, game, "Anna", {"Anna": 6, "Ben": 23})
    ids = ids_of(game)
    edit = bob_page.get(f"/games/{game.pk}/rounds/1/edit/").content.decode()
    assert 'value="23"' in edit and "Save correction" in edit
    assert "Save as a void round" in edit

    # when Ben's 23 is corrected to 4 (an undercut)
    data = {"number": 1, "key": re.search(r'name="key" value="([^"]+)"', edit)[1],
            "version": re.search(r'name="version" value="(\d+)"', edit)[1],
            "ender": ids["Anna"], "players": list(ids.values()),
            f"dw-{ids['Anna']}": 6, f"dw-{ids['Ben']}": 4, "reason": "Ben had 4, not 23"}
    response = bob_page.post(f"/games/{game.pk}/rounds/1/edit/", data)

    # then the sheet shows the undercut and the correction
    assert response.status_code == 302
    page = sheet(bob_page, game)
    assert sheet_rounds(page) == [
        ("1 ✎", "D K 6 deadwood 0", "U 4 deadwood +12 12",
         "Anna knocked with 6; Ben undercuts and wins 12 = 2 + 10 undercut."),
    ]
    assert "Round 1 corrected: Ben had 4, not 23" in page


def test_a_void_round_is_corrected_into_a_knock_and_a_knock_into_a_void_round(club,
                                                                              bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"])
    play(bob_page, game, void=True)
    play(bob_page, game, "Anna", {"Anna": 0, "Ben": 10})
    ids = ids_of(game)

    def correct(number, **data):
        edit = bob_page.get(f"/games/{game.pk}/rounds/{number}/edit/").content.decode()
        form = {"number": number, "key": re.search(r'name="key" value="([^"]+)"', edit)[1],
                "version": re.search(r'name="version" value="(\d+)"', edit)[1],
                "players": re.findall(r'name="players" value="(\d+)"', edit),
                "reason": "typo", **data}
        response = bob_page.post(f"/games/{game.pk}/rounds/{number}/edit/", form)
        assert response.status_code == 302, response.content.decode()[:3000]
        return edit

    # the void round's correction page knows its players and says it was void
    edit = correct(1, ender=ids["Ben"], **{f"dw-{ids['Anna']}": 30, f"dw-{ids['Ben']}": 5})
    assert "This round was recorded as void." in edit
    assert re.findall(r'<span class="name">(\w+)</span>', edit) == ["Anna", "Ben"]
    correct(2, void="1")

    assert sheet_rounds(sheet(bob_page, game)) == [
        ("1 ✎", "D 30 deadwood 0", "K 5 deadwood +25 25", "Ben knocked with 5 and wins 25."),
        ("2 ✎", "Void round: no score; Ben deals again."),
    ]


# --- The tournament -------------------------------------------------------------------------


def test_a_tournament_asks_for_the_match_and_shows_the_bracket(club, bob_page):
    # given four players at 5.00 into the pool, 0.10 a point
    game = start_gin(bob_page, club, ["Anna", "Ben", "Cem", "Dora"], gin_format="tournament",
                     pool_stake="5", stake_per_point="0,10")

    # when the round form is opened with both semifinals open
    choice = bob_page.get(f"/games/{game.pk}/rounds/new/").content.decode()

    # then it asks which match the round was played in
    assert re.findall(r'<a class="button" href="([^"]+)">(.*?)</a>', choice, re.S) == [
        (f"/games/{game.pk}/rounds/new/?match=1",
         '<span class="title">Semifinal 1</span> <span class="names">Anna – Ben</span> '
         '<span class="meta">Anna deals</span>'),
        (f"/games/{game.pk}/rounds/new/?match=2",
         '<span class="title">Semifinal 2</span> <span class="names">Cem – Dora</span> '
         '<span class="meta">Cem deals</span>'),
    ]
    assert 'id="round-form"' not in choice
    form = bob_page.get(f"/games/{game.pk}/rounds/new/?match=2").content.decode()
    assert re.findall(r'<span class="name">(\w+)</span>', form) == ["Cem", "Dora"]
    assert '<input type="hidden" name="match" value="2">' in form

    # when the semifinals are played interleaved (a void round in the second), then the
    # final (seeds as in tests/test_rules_gin.py)
    play(bob_page, game, "Anna", {"Anna": 5, "Ben": 20}, match=1)
    play(bob_page, game, "Dora", {"Cem": 30, "Dora": 0}, match=2)
    play(bob_page, game, "Ben", {"Anna": 80, "Ben": 0}, match=1)
    running = sheet(bob_page, game)
    play(bob_page, game, void=True)  # semifinal 2 is the only match open: no question
    play(bob_page, game, "Cem", {"Cem": 0, "Dora": 80})
    play(bob_page, game, "Cem", {"Ben": 80, "Cem": 0})

    # then the bracket shows each match with its winner and final accounts
    bracket = re.search(r'<section class="bracket".*?</section>', running, re.S)[0]
    assert [text(line) for line in re.findall(r"<li>(.*?)</li>", bracket, re.S)] == [
        "Semifinal 1 Anna – Ben 35 : 220", "Semifinal 2 Cem – Dora",
        "Final the winners of the semifinals"]
    assert "Semifinal 1: Ben wins." in text(running)
    page = sheet(bob_page, game)
    bracket = re.search(r'<section class="bracket".*?</section>', page, re.S)[0]
    assert [text(line) for line in re.findall(r"<li>(.*?)</li>", bracket, re.S)] == [
        "Semifinal 1 Anna – Ben 35 : 220", "Semifinal 2 Cem – Dora 220 : 70",
        "Final Ben – Cem 0 : 220"]
    assert re.findall(r'<h2 id="match-\d">(.*?)</h2>', page) == [
        "Semifinal 1", "Semifinal 2", "Final"]
    assert accounts(page) == ["15 + 0 + 20 = 35", "100 + 100 + 20 = 220",
                              "100 + 100 + 20 = 220", "50 + 0 + 20 = 70",
                              "0 + 0 + 0 = 0", "100 + 100 + 20 = 220"]
    # and the prize pool: 15.00 to Cem, the rest in equal parts
    placings = re.search(r'<ol class="placings">.*?</ol>', page, re.S)[0]
    assert text(placings) == ("1. Cem 220 points €15.00 2. Ben 0 points €1.67 "
                              "3. Anna 35 points €1.67 3. Dora 70 points €1.66")
    assert services.verify_game(game) == []


def bracket(page: str) -> list[str]:
    """The tournament's bracket, line by line."""
    found = re.search(r'<section class="bracket".*?</section>', page, re.S)[0]
    return [text(line) for line in re.findall(r"<li[^>]*>(.*?)</li>", found, re.S)]


def test_three_seated_for_a_tournament_are_offered_the_bye_by_name(club, bob_page):
    # when three are seated on the new-game page (a seat action posts the form back)
    response = bob_page.post("/games/new/", {"club": club.pk, "preset": "gin",
                                             "seat": ["Anna", "Ben", "Cem"],
                                             "gin_format": "tournament"})

    # then the third seat has the bye unless another player is chosen for it
    page = response.content.decode()
    bye = re.search(r'<fieldset class="segments bye" data-bye>(.*?)</fieldset>', page, re.S)[1]
    assert text(bye).startswith("Tournament of three: who gets the bye into the final?")
    assert re.findall(r'name="gin_bye" value="(\w+)"( checked)?><span>([^<]+)</span>', bye) == [
        ("0", "", "Anna"), ("1", "", "Ben"), ("2", " checked", "Cem")]
    # and two or four seated are asked nothing about a bye: the choice is on the page for
    # static/js/seating.js, hidden and disabled, so not sent
    for seated in (["Anna", "Ben"], ["Anna", "Ben", "Cem", "Dora"]):
        page = bob_page.post("/games/new/", {"club": club.pk, "preset": "gin", "seat": seated,
                                             "gin_format": "tournament"}).content.decode()
        assert '<fieldset class="segments bye" data-bye hidden disabled>' in page


def test_a_tournament_of_three_started_from_the_page_shows_the_bye_in_the_bracket(club,
                                                                                  bob_page):
    # given three players at 5.00 into the pool, Ben given the bye
    game = start_gin(bob_page, club, ["Anna", "Ben", "Cem"], gin_format="tournament",
                     pool_stake="5", gin_bye="1")
    assert game.rules["bye"] == 1

    # then the bracket shows the one semifinal, the bye and the final waiting for it
    page = sheet(bob_page, game)
    assert bracket(page) == ["Semifinal Anna – Cem", "Bye Ben goes straight into the final",
                             "Final Ben – the winner of the semifinal"]
    assert re.findall(r'<h2 id="match-\d">(.*?)</h2>', page) == ["Semifinal"]
    # and the round form asks for no match: the semifinal's two play it
    form = bob_page.get(f"/games/{game.pk}/rounds/new/").content.decode()
    assert re.findall(r'<span class="name">(\w+)</span>', form) == ["Anna", "Cem"]

    # when Anna wins the semifinal and then the final against Ben
    play(bob_page, game, "Anna", {"Anna": 0, "Cem": 80})
    running = sheet(bob_page, game, HTTP_ACCEPT_LANGUAGE="de")
    play(bob_page, game, "Anna", {"Anna": 0, "Ben": 80})

    # then the bracket (in German too) shows the final of Anna against the bye
    assert bracket(running) == ["Halbfinale Anna – Cem 220 : 0",
                                "Freilos Ben kommt direkt ins Finale", "Finale Anna – Ben"]
    page = sheet(bob_page, game)
    assert bracket(page) == ["Semifinal Anna – Cem 220 : 0",
                             "Bye Ben goes straight into the final", "Final Anna – Ben 220 : 0"]
    # and the pool of 15.00: 11.25 to Anna, 1.88 and 1.87 to the others in seat order
    placings = re.search(r'<ol class="placings">.*?</ol>', page, re.S)[0]
    assert text(placings) == ("1. Anna 220 points €11.25 2. Ben 0 points €1.88 "
                              "3. Cem 0 points €1.87")
    game.refresh_from_db()
    assert services.verify_game(game) == []


def test_a_tournament_of_three_gives_the_third_seat_the_bye_when_none_is_chosen(club,
                                                                               bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben", "Cem"], gin_format="tournament")

    assert game.rules["bye"] is None
    assert "Bye Cem goes straight into the final" in bracket(sheet(bob_page, game))


def test_a_tournament_of_two_is_the_final_alone(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"], gin_format="tournament", pool_stake="5")

    assert bracket(sheet(bob_page, game)) == ["Final Anna – Ben"]


def test_a_bye_that_does_not_fit_is_shown_next_to_the_format(club, bob_page):
    # given a form sent with a bye chosen, but four seated (the choice came from an older page)
    response = bob_page.post("/games/new/", {
        "club": club.pk, "preset": "gin", "seat": ["Anna", "Ben", "Cem", "Dora"],
        "start": "1", "gin_format": "tournament", "gin_bye": "1"})

    assert response.status_code == 422
    assert ('<p class="error" id="gin-bye-error">Only a Gin tournament of 3 players has a bye: '
            "leave bye out</p>") in response.content.decode()
    assert Game.objects.count() == 0


# --- Languages, sharing, queries ------------------------------------------------------------


def test_a_gin_sheet_in_german(club, bob_page):
    # given seed 004 at 0,10 a point
    game = start_gin(bob_page, club, ["Anna", "Ben"], stake_per_point="0,10")
    for knocker, hands in SEED_004[:4]:
        play(bob_page, game, knocker, hands)

    # when a German phone enters a false knock and then looks at the sheet
    refused = bob_page.post(f"/games/{game.pk}/rounds/new/", round_data(
        bob_page, game, "Ben", {"Anna": 30, "Ben": 12}), HTTP_ACCEPT_LANGUAGE="de")
    play(bob_page, game, "Ben", {"Anna": 30, "Ben": 2})
    page = sheet(bob_page, game, HTTP_ACCEPT_LANGUAGE="de")

    # then the error, the money and the numbers read in German
    assert (f'<p class="error" id="err-{ids_of(game)["Ben"]}">Falsch geklopft: Ben hat 12 '
            "Punkte, geklopft wird aber nur bis 10</p>") in refused.content.decode()
    assert '<html lang="de">' in page
    assert "19,40\u00a0€" in page
    assert accounts(page) == ["29 + 0 + 40 = 69", "103 + 100 + 60 = 263"]


def test_the_share_link_shows_the_gin_sheet_and_its_poll_gets_the_board(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"])
    play(bob_page, game, "Anna", {"Anna": 6, "Ben": 23})

    page = Client().get(f"/s/{policy.share_token(game.pk)}/").content.decode()
    poll = Client().get(f"/s/{policy.share_token(game.pk)}/", HTTP_HX_TARGET="board",
                        **HTMX).content.decode()

    assert sheet_rounds(page) == [("1", "D K 6 deadwood +17 17", "23 deadwood 0",
                                   "Anna knocked with 6 and wins 17.")]
    assert "/rounds/" not in page
    assert poll.startswith('\n<section id="board"') and "<html" not in poll
    assert sheet_rounds(poll) == sheet_rounds(page)


@pytest.mark.parametrize("rounds", [1, 5])
def test_the_gin_sheet_takes_the_same_queries_for_1_or_5_rounds(club, bob_page, rounds,
                                                                django_assert_max_num_queries):
    game = start_gin(bob_page, club, ["Anna", "Ben"])
    view = services.load_game(game)
    ids = view.player_ids
    for number in range(1, rounds + 1):
        services.record_round(game_id=game.pk, number=number, ender=ids[0], hands=[
            services.HandInput(ids[0], deadwood=1), services.HandInput(ids[1], deadwood=3)],
                               user=OPERATOR)

    with django_assert_max_num_queries(8):
        assert bob_page.get(f"/games/{game.pk}/").status_code == 200
    with django_assert_max_num_queries(5):
        assert Client().get(f"/s/{policy.share_token(game.pk)}/").status_code == 200


def test_a_gin_round_saved_from_the_page_locks_the_game_once(club, bob_page,
                                                            django_assert_max_num_queries):
    game = start_gin(bob_page, club, ["Anna", "Ben"])
    data = round_data(bob_page, game, "Anna", {"Anna": 6, "Ben": 23})

    with django_assert_max_num_queries(18) as queries:
        response = bob_page.post(f"/games/{game.pk}/rounds/new/", data, **HTMX)

    assert response.status_code == 200
    assert len([q for q in queries.captured_queries
                if q["sql"].startswith('SELECT "scorekeeper_game"')]) == 2


def test_gin_pages_escape_names_and_are_ready_for_a_strict_csp(club, bob_page):
    # given a tournament with a name that is markup, one round by cards and a void round
    evil = "<img src=x onerror=alert(1)>"
    game = start_gin(bob_page, club, [evil, "Ben", "Cem", "Dora"], gin_format="tournament")
    play(bob_page, game, evil, {evil: ANNA_KNOCKS_WITH_6, "Ben": BEN_23_AFTER_LAYING_OFF},
         match=1)
    play(bob_page, game, void=True, match=2)
    urls = ["/games/new/", f"/games/{game.pk}/", f"/games/{game.pk}/rounds/new/",
            f"/games/{game.pk}/rounds/new/?match=1", f"/games/{game.pk}/rounds/1/edit/",
            f"/games/{game.pk}/rounds/2/edit/", f"/s/{policy.share_token(game.pk)}/"]

    for url in urls:
        page = bob_page.get(url).content.decode()
        assert "<img src=x" not in page, url
        assert re.search(r"<script(?![^>]*\bsrc=)", page) is None, url
        assert [name for name, value in attributes(page) if name == "style"
                or name.startswith("on") or value.startswith("javascript:")] == [], url
    assert "&lt;img src=x onerror=alert(1)&gt; knocked with 6 and wins 17." in sheet(
        bob_page, game)
