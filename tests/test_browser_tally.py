"""A phone in a real browser (chromium, 390 x 844, touch) plays Basic Rummy and Rami
through the pages to their end: the new game page shows only the chosen game's settings,
hands and laid melds are picked as cards, the number pad skips the hand of whoever went
out, and the round form of eight Rami players fits the phone.

Fixtures: tests/browser_support.py; steps: tests/browser_steps.py.
"""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.models import Game, Round
from tests.browser_steps import (
    choose_game,
    fill_tally_round,
    pick_cards,
    pick_melds,
    seat_players,
    seats,
    start,
)

pytestmark = pytest.mark.slow

pytest_plugins = ["tests.browser_support"]


def save_round(page, game_id):
    page.locator("#round-form .save").click()
    page.wait_for_url(f"**/games/{game_id}/")


def open_round(page, number):
    page.get_by_role("link", name=f"Enter round {number}").click()
    page.wait_for_url(re.compile(r"/rounds/new/$"))


def test_the_new_game_page_shows_the_settings_of_basic_rummy_and_of_each_rami_mode(phone):
    phone.goto("/games/new/")
    expect(phone.locator("#basic_target")).to_be_hidden()

    choose_game(phone, "Basic Rummy")
    expect(phone.locator("#basic_target")).to_be_visible()
    expect(phone.get_by_text("Cards dealt", exact=True)).to_be_visible()
    expect(phone.locator("#buy_in")).to_be_hidden()
    expect(phone.locator("#first_meld_min")).to_be_hidden()

    choose_game(phone, "Rami")
    expect(phone.locator("#basic_target")).to_be_hidden()
    expect(phone.locator("#first_meld_min")).to_be_visible()
    expect(phone.locator("#rami_target")).to_be_visible()
    expect(phone.locator("#eliminate_at")).to_be_hidden()
    choose_game(phone, "Elimination")  # a mode is chosen like a game
    expect(phone.locator("#eliminate_at")).to_be_visible()
    expect(phone.locator("#rami_buy_in")).to_be_visible()
    expect(phone.locator("#rami_target")).to_be_hidden()
    expect(phone.locator("#rami_point_value")).to_be_hidden()


def test_a_basic_rummy_game_played_on_a_phone_to_its_target(phone):
    # A game to 60 at 0.10 a point, from the new game page.
    phone.goto("/games/new/")
    choose_game(phone, "Basic Rummy")
    phone.locator("#basic_target").fill("60")
    seat_players(phone, ["Anna", "Ben"])
    expect(phone.locator("#basic_target")).to_have_value("60")
    expect(phone.get_by_text("Auto with 2 players: 1 deck, 10 cards each.")).to_be_visible()
    game_id = start(phone)
    rules = Game.objects.get(pk=game_id).rules
    assert (rules["family"], rules["decks"], rules["hand_size"], rules["game_target"]) == (
        "basic", 1, 10, 60)

    # Round 1: Anna goes out (her hand is no longer asked); Ben's cards are picked.
    open_round(phone, 1)
    phone.locator("#round-form label.who", has_text="Anna").click()
    expect(phone.get_by_label("Points of Anna", exact=True)).to_be_hidden()
    ben = pick_cards(phone, "Ben", "KS QH 7D 2C")
    expect(ben.locator(".ranks button")).to_have_count(13)  # no joker in the preset
    expect(phone.locator("#round-form output.dw")).to_have_text(re.compile(r"^29\b"))
    save_round(phone, game_id)
    expect(phone.locator(".news")).to_contain_text("Anna went out and scores 29.")

    # Round 2 with the number pad: Ben goes out, the pad fills Anna's hand.
    open_round(phone, 2)
    phone.locator("#round-form label.who", has_text="Ben").click()
    expect(phone.get_by_label("Points of Anna", exact=True)).to_be_focused()
    for digit in "20":
        phone.locator(f"#round-form [data-pad] button[data-key='{digit}']").click()
    expect(phone.get_by_label("Points of Anna", exact=True)).to_have_value("20")
    save_round(phone, game_id)
    expect(phone.locator(".sheet.tally .lead .nm")).to_have_text(["Anna"])
    expect(phone.locator(".chart .gl")).to_have_text(["60"])

    # Round 3: Anna reaches 64 and wins; Ben has paid 2.90 + 3.50 and got 2.00.
    open_round(phone, 3)
    fill_tally_round(phone, "Anna", hands={"Ben": 35})
    save_round(phone, game_id)
    result = phone.locator(".result")
    expect(result.get_by_role("heading", name="Anna wins")).to_be_visible()
    expect(result.locator(".placings li")).to_have_text([
        re.compile(r"1\.\s+Anna\s+64 points"), re.compile(r"2\.\s+Ben\s+20 points")])
    expect(result.locator(".payments")).to_have_text(re.compile(r"Ben pays Anna\s+€4.40"))
    expect(phone.get_by_role("link", name=re.compile("Enter round"))).to_have_count(0)
    game = Game.objects.get(pk=game_id)
    assert (game.status, Round.objects.filter(game=game).count()) == ("finished", 3)
    assert services.verify_game(game) == []


def test_a_rami_game_played_on_a_phone_to_its_target(phone):
    # Rami to 300 at 0.10 a point, three players (2 decks, 4 jokers).
    phone.goto("/games/new/")
    choose_game(phone, "Rami")
    phone.locator("#rami_target").fill("300")
    phone.locator("#rami_point_value").fill("0,10")
    seat_players(phone, ["Anna", "Ben", "Cem"])
    game_id = start(phone)
    rules = Game.objects.get(pk=game_id).rules
    assert (rules["family"], rules["mode"], rules["decks"], rules["jokers"]) == (
        "rami", "normal", 2, 4)

    # Round 1 (docs/rules.md 10.9 a): the melds and hands picked as cards; Anna finishes.
    open_round(phone, 1)
    anna = pick_melds(phone, "Anna", ["QH KH AH", "7C 8C 9C", "JK 10D JD"])
    expect(anna.locator(".mp")).to_have_text(["35", "15", "25"])
    expect(anna.get_by_role("button", name="Take back Joker")).to_be_visible()
    pick_melds(phone, "Ben", ["5S 5H 5D", "10S JS QS"])
    pick_cards(phone, "Ben", "KC 3D JK")
    fill_tally_round(phone, "Anna", hands={"Cem": 30}, laid={"Cem": 0})
    expect(phone.get_by_label("Points in the hand of Anna", exact=True)).to_be_hidden()
    save_round(phone, game_id)
    expect(phone.locator(".news")).to_contain_text(
        "Anna finished and scores 75 + 65 hand = 140.")
    expect(phone.locator(".sheet.tally tbody td").first).to_contain_text("75 + 65 hand")

    # Round 2: Ben goes Rummy (laid 60, the others' hands 25, bonus 200) to 330; Cem took
    # a joker back without playing it.
    open_round(phone, 2)
    fill_tally_round(phone, "Ben", hands={"Anna": 10, "Cem": 15},
                     laid={"Anna": 20, "Ben": 60, "Cem": 0}, finish="Rummy",
                     penalties={"Cem": "1 × 300"})
    save_round(phone, game_id)

    # The end: Ben wins; each pays the difference to Ben × 0.10.
    result = phone.locator(".result")
    expect(result.get_by_role("heading", name="Ben wins")).to_be_visible()
    expect(result.locator(".placings li")).to_have_text([
        re.compile(r"1\.\s+Ben\s+330 points"), re.compile(r"2\.\s+Anna\s+160 points"),
        re.compile(r"3\.\s+Cem\s+-300 points")])
    expect(result.locator(".payments li")).to_have_text([
        re.compile(r"Anna pays Ben\s+€17.00"), re.compile(r"Cem pays Ben\s+€63.00")])
    cem = phone.locator(".sheet.tally tbody tr").nth(1).locator("td").nth(2)
    expect(cem.locator(".pt")).to_have_text("−300")  # laid 0, one penalty
    expect(cem.locator(".t")).to_have_text("−300")
    game = Game.objects.get(pk=game_id)
    assert game.status == "finished"
    assert services.verify_game(game) == []
    stored = Round.objects.get(game=game, number=1)
    hands = {hand.player_id: hand.laid_melds for hand in stored.hands.all()}
    assert hands[seats(game_id)["Anna"]] == [["QH", "KH", "AH"], ["7C", "8C", "9C"],
                                             ["JK", "10D", "JD"]]


def test_the_rami_round_form_of_eight_players_fits_the_phone(phone):
    phone.goto("/games/new/")
    choose_game(phone, "Rami")
    names = ["Annabelle", "Benedikt", "Cem", "Dora", "Emil", "Franziska", "Gustav", "Hanna"]
    seat_players(phone, names)
    game_id = start(phone)
    assert Game.objects.get(pk=game_id).rules["decks"] == 4

    open_round(phone, 1)

    # no sideways scrolling; every row keeps its name and both fields, a thumb wide
    assert phone.evaluate("document.documentElement.scrollWidth") <= 390
    rows = phone.locator("#round-form .hand.rami")
    expect(rows).to_have_count(8)
    for index in range(8):
        row = rows.nth(index)
        for field in row.locator("input[data-dw], .cards-btn").all():
            box = field.bounding_box()
            assert box["width"] >= 44 and box["x"] + box["width"] <= 390, (index, box)
        assert row.bounding_box()["height"] <= 70
    # and the eight rows stand on one screen
    first, last = rows.first.bounding_box(), rows.last.bounding_box()
    assert last["y"] + last["height"] - first["y"] <= 844 - 200
