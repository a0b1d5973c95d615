"""A phone in a real browser (chromium, 390 x 844, touch) plays Gin Rummy through the
pages: the new game page shows only Gin's settings, and seed 004 is played to its final
accounts (round 1 by cards, with the lay-off; a void round; the number pad).

Fixtures: tests/browser_support.py; steps: tests/browser_steps.py.
"""

import re

from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.models import Game, Round
from tests.browser_steps import (
    choose_game,
    enter_round,
    fill_round,
    pick_cards,
    seat_players,
    seats,
    start,
)

pytest_plugins = ["tests.browser_support"]


def test_the_new_game_page_shows_only_the_settings_of_the_chosen_game(phone):
    phone.goto("/games/new/")
    expect(phone.locator("#buy_in")).to_be_visible()
    expect(phone.get_by_text("Knock with up to", exact=True)).to_be_hidden()

    choose_game(phone, "Gin Rummy")

    expect(phone.locator("#buy_in")).to_be_hidden()
    expect(phone.get_by_text("House rules")).to_be_hidden()
    expect(phone.get_by_text("Knock with up to", exact=True)).to_be_visible()
    expect(phone.locator("#stake_per_point")).to_be_visible()
    expect(phone.get_by_text("Rounds to play")).to_be_hidden()
    expect(phone.locator("#pool_stake")).to_be_hidden()
    phone.locator("label.choice", has_text="Ring game").click()
    expect(phone.get_by_text("Rounds to play")).to_be_visible()
    expect(phone.locator("#pool_stake")).to_be_visible()
    phone.locator("label.choice", has_text="Tournament").click()
    expect(phone.get_by_text("Rounds to play")).to_be_hidden()
    expect(phone.locator("#winner_share")).to_be_visible()
    choose_game(phone, "Rommé ohne Auslegen")
    expect(phone.locator("#buy_in")).to_be_visible()
    expect(phone.locator("#stake_per_point")).to_be_hidden()


def test_seed_004_played_on_a_phone_ends_69_to_263(phone):
    # A Gin match at 0.10 a point, from the new game page.
    phone.goto("/games/new/")
    choose_game(phone, "Gin Rummy")
    # Typed first: each seat added re-renders the form, which must keep what was typed.
    phone.locator("#stake_per_point").fill("0.10")
    seat_players(phone, ["Anna", "Ben"])
    expect(phone.locator("#stake_per_point")).to_have_value("0.10")
    game_id = start(phone)
    expect(phone.locator(".sheet.gin .names")).to_contain_text("Anna")
    rules = Game.objects.get(pk=game_id).rules
    assert (rules["knock_limit"], rules["game_target"], rules["stake_per_point"]) == (
        10, 100, "0.10")

    # Round 1 by cards: Anna knocks with 6; Ben lays off 2♠ 7♠ 8♦ and keeps 23.
    phone.get_by_role("link", name="Enter round 1").click()
    anna = pick_cards(phone, "Anna", "8S 8H 8C 3S 4S 5S 6S AD 2H 3C")
    expect(anna.locator(".ranks button")).to_have_count(13)  # one deck, no joker
    expect(phone.locator("#round-form output.dw").first).to_have_text(re.compile(r"^6\b"))
    pick_cards(phone, "Ben", "KS KH KC KD 2S 7S 8D QD JC 3D")
    fill_round(phone, "Anna", {})
    phone.locator("#round-form .save").click()
    line = phone.locator(".sheet.gin tr.how").first
    expect(line).to_have_text("Anna knocked with 6 and wins 17. Ben laid off: 2♠ 7♠ 8♦")

    # Round 2 with the number pad: Ben goes gin, Anna has 13.
    enter_round(phone, game_id, "Ben", {"Anna": 13, "Ben": 0}, pad=True)
    expect(phone.locator(".news")).to_contain_text("Ben went gin and wins 33 = 13 + 20 gin.")

    # Round 3 is void: two cards left in the stock, nobody knocked.
    phone.get_by_role("link", name="Enter round 3").click()
    phone.get_by_role("button", name="Void round").click()
    phone.get_by_role("button", name="Yes, void round 3").click()  # it asks once
    expect(phone.locator(".news")).to_contain_text("Void round: no score; Ben deals again.")

    # Rounds 4 to 6: Anna undercuts, Ben goes gin, Ben knocks to 103.
    enter_round(phone, game_id, "Ben", {"Anna": 6, "Ben": 8})
    expect(phone.locator(".news")).to_contain_text(
        "Ben knocked with 8; Anna undercuts and wins 12 = 2 + 10 undercut.")
    enter_round(phone, game_id, "Ben", {"Anna": 22, "Ben": 0})
    enter_round(phone, game_id, "Ben", {"Anna": 30, "Ben": 2})

    # The final accounts: 29 + 40 boxes = 69 and 103 + 100 + 60 = 263; Ben wins.
    account = phone.locator(".sheet.gin tr.account td")
    expect(account).to_have_text(["29 + 0 + 40 = 69", "103 + 100 + 60 = 263"])
    expect(phone.locator(".sheet.gin .totals .bx")).to_have_text(["2 boxes", "3 boxes"])
    result = phone.locator(".result")
    expect(result.get_by_role("heading", name="Ben wins")).to_be_visible()
    expect(result.locator(".placings li")).to_have_text([
        re.compile(r"1\.\s+Ben\s+263 points"), re.compile(r"2\.\s+Anna\s+69 points")])
    expect(result.locator(".payments")).to_have_text(re.compile(r"Anna pays Ben\s+€19.40"))
    expect(phone.get_by_role("link", name=re.compile("Enter round"))).to_have_count(0)
    game = Game.objects.get(pk=game_id)
    assert (game.status, Round.objects.filter(game=game).count()) == ("finished", 6)
    assert services.verify_game(game) == []
    hands = {hand.player_id: hand.cards for hand in Round.objects.get(
        game=game, number=1).hands.all()}
    assert hands[seats(game_id)["Ben"]] == "KS KH KC KD 2S 7S 8D QD JC 3D"
