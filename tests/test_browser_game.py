"""A phone in a real browser (chromium, 390 x 844, touch) plays through the pages:
a whole Wiener game, the card picker, a re-buy, a correction and the German pages.

Fixtures: tests/browser_support.py; steps: tests/browser_steps.py.
"""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.models import Game, Rebuy, Round
from tests.browser_steps import enter_round, fill_round, game_with, seats, start_game

pytestmark = pytest.mark.slow

pytest_plugins = ["tests.browser_support"]


def test_a_whole_four_player_wiener_game_from_the_new_game_page_to_the_payout(phone):
    phone.goto("/")
    phone.get_by_role("link", name="New game").click()
    expect(phone.get_by_role("heading", name="New game")).to_be_visible()
    game_id = start_game(phone, ["Anna", "Ben", "Cem", "Dora"])
    expect(phone.locator(".sheet .names")).to_contain_text("Anna")
    expect(phone.locator(".status")).to_contain_text("20.00")  # the pot: 4 x 5.00

    # Round 1 with the number pad: Dora goes to 85 and may re-buy.
    enter_round(phone, game_id, "Anna", {"Anna": 3, "Ben": 40, "Cem": 30, "Dora": 85}, pad=True)
    offer = phone.locator(".offer")
    expect(offer).to_contain_text("Dora may re-buy: from 85 to 40 points for €5.00")
    offer.get_by_role("button", name="Dora re-buys").click()
    expect(phone.locator(".offer")).to_have_count(0)
    expect(phone.locator(".status")).to_contain_text("25.00")
    # Round 2: Cem and Dora go over together; round 3: Ben goes over, Anna wins.
    enter_round(phone, game_id, "Ben", {"Anna": 50, "Ben": 0, "Cem": 80, "Dora": 70})
    expect(phone.locator(".news")).to_contain_text("Cem is out.")
    expect(phone.locator(".news")).to_contain_text("Dora is out.")
    enter_round(phone, game_id, "Anna", {"Anna": 2, "Ben": 70})

    result = phone.locator(".result")
    expect(result.get_by_role("heading", name="Anna wins")).to_be_visible()
    placings = result.locator(".placings li")
    expect(placings.first).to_contain_text("1. Anna")
    expect(placings.first.locator("strong")).to_have_text("€25.00")
    expect(result.locator(".payments")).to_contain_text("Ben pays Anna")
    expect(result.locator(".nets")).to_contain_text("Anna")
    expect(phone.get_by_role("link", name=re.compile("Enter round"))).to_have_count(0)
    game = Game.objects.get(pk=game_id)
    assert (game.status, Round.objects.filter(game=game).count()) == ("finished", 3)
    assert Rebuy.objects.filter(game=game).count() == 1
    assert services.verify_game(game) == []


def test_the_card_picker_shows_melds_and_deadwood_as_cards_are_tapped(phone, club):
    game_id = game_with(club, ["Anna", "Ben"])
    phone.goto(f"/games/{game_id}/rounds/new/")
    ben = seats(game_id)["Ben"]
    phone.get_by_role("button", name="Enter the cards of Ben").click()
    picker = phone.locator(f"#entry-{ben}")
    points = picker.locator("output.dw")
    expect(picker.locator(".count")).to_contain_text("0 of 10 cards")

    picker.locator("label.suit", has_text="♠").click()
    ranks = picker.locator(".ranks")
    ranks.get_by_role("button", name="2", exact=True).click()
    expect(points).to_have_text(re.compile(r"^2\b"))
    ranks.get_by_role("button", name="3", exact=True).click()
    expect(points).to_have_text(re.compile(r"^5\b"))
    ranks.get_by_role("button", name="4", exact=True).click()
    expect(points).to_have_text(re.compile(r"^0\b"))  # 2 3 4 of spades: a meld
    expect(picker.locator(".melds .meld").first.locator(".card")).to_have_count(3)
    picker.locator("label.suit", has_text="♥").click()
    ranks.get_by_role("button", name="K", exact=True).click()
    expect(points).to_have_text(re.compile(r"^10\b"))
    expect(picker.locator(".meld.loose .card")).to_have_count(1)
    picker.get_by_role("button", name=re.compile("Take back K")).click()
    expect(points).to_have_text(re.compile(r"^0\b"))
    expect(picker.locator(".count")).to_contain_text("3 of 10 cards")
    for count, (suit, rank) in enumerate([("♥", "5"), ("♥", "6"), ("♥", "7"), ("♣", "Q"),
                                          ("♦", "Q"), ("♠", "Q"), ("♣", "9")], start=4):
        picker.locator("label.suit", has_text=suit).click()
        ranks.get_by_role("button", name=rank, exact=True).click()
        expect(picker.locator(".count")).to_contain_text(f"{count} of 10 cards")
    expect(picker.locator(".count")).to_contain_text("10 of 10 cards")
    expect(points).to_have_text(re.compile(r"^9\b"))  # three melds, the 9 of clubs left
    expect(picker.locator(".melds .meld:not(.loose)")).to_have_count(3)

    fill_round(phone, "Anna", {"Anna": 4})
    phone.locator("#round-form .save").click()
    expect(phone.locator(".news")).to_contain_text("Anna knocked with 4 points.")
    hands = {hand.player_id: hand for hand in Round.objects.get(game_id=game_id).hands.all()}
    assert sorted(hands[ben].cards.split()) == sorted("2S 3S 4S 5H 6H 7H QC QD QS 9C".split())


def test_a_rebuy_takes_one_tap(phone, club):
    game_id = game_with(club, ["Anna", "Ben", "Cem"],
                        rounds=[("Anna", {"Anna": 2, "Ben": 30, "Cem": 88})])
    phone.goto(f"/games/{game_id}/")

    phone.get_by_role("button", name="Cem re-buys").click()

    expect(phone.locator(".offer")).to_have_count(0)
    expect(phone.locator(".sheet .totals")).to_contain_text("30")
    expect(phone.locator(".sheet .rb")).to_have_text("30")  # 88 struck, 30 written
    assert Rebuy.objects.filter(game_id=game_id).count() == 1


def test_a_correction_with_its_reason_is_marked_in_the_sheet(phones, phone, club):
    game_id = game_with(club, ["Anna", "Ben", "Cem"],
                        rounds=[("Anna", {"Anna": 3, "Ben": 12, "Cem": 20})])
    phone.goto(f"/games/{game_id}/")

    phones.expected_statuses.add(422)  # the first save, without a reason, is refused
    phone.get_by_role("link", name="Correct round 1").click()
    expect(phone.get_by_role("heading", name="Correct round 1")).to_be_visible()
    fill_round(phone, "Anna", {"Ben": 21})
    phone.locator("#round-form .save").click()
    expect(phone.locator("#reason-error")).to_be_visible()  # a reason is needed
    phone.get_by_label("Why is it corrected?").fill("Ben had 21, not 12")
    phone.locator("#round-form .save").click()

    expect(phone.locator(".corrections")).to_contain_text(
        "Round 1 corrected: Ben had 21, not 12")
    row = phone.locator(".sheet tbody tr").first
    expect(row.locator(".corr")).to_have_text("✎")
    expect(row.locator("td").nth(1).locator(".t")).to_have_text("21")
    assert Round.objects.filter(game_id=game_id, number=1).order_by("-revision")[0].revision == 1


def test_german_from_the_browser_language_and_from_the_switch(phones, bob, club):
    game_id = game_with(club, ["Anna", "Ben"], rules={"buy_in": "8.75"})
    german = phones.open(bob, locale="de-AT")
    german.goto(f"/games/{game_id}/")
    expect(german.locator("html")).to_have_attribute("lang", "de")
    expect(german.get_by_role("link", name="Runde 1 eintragen")).to_be_visible()
    expect(german.locator(".status")).to_contain_text("17,50\u00a0€")
    expect(german.locator(".sheet")).to_contain_text("Noch keine Runde.")

    english = phones.open(bob, locale="en-GB")
    english.goto("/")
    expect(english.get_by_role("link", name="New game")).to_be_visible()
    english.get_by_role("button", name="Deutsch").click()
    expect(english.get_by_role("link", name="Neues Spiel")).to_be_visible()
    english.goto(f"/games/{game_id}/")
    expect(english.locator(".status")).to_contain_text("17,50\u00a0€")
