"""Entering a round on a phone (issue 12, "Entering"), in chromium at 390 x 844: a filled
field is replaced by the first key, and the card picker keeps the hand in the page, so no
tap is lost on a slow connection, the grid stays put, used-up cards are greyed out and a
full hand folds the grid away.

Fixtures: tests/browser_support.py; steps: tests/browser_steps.py.
"""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.models import Round
from scorekeeper.services.policy import OPERATOR
from tests.browser_steps import fill_round, game_with, seats, tap_card

# Among the longest modules: run first (tests/conftest.py), so the processes end together.
pytestmark = pytest.mark.slow

pytest_plugins = ["tests.browser_support"]


def points_field(page, name):
    hand = page.locator("#round-form .hand", has=page.locator(".name", has_text=name))
    return hand.locator("input[data-dw]")


def open_picker(page, name):
    page.get_by_role("button", name=f"Enter the cards of {name}").click()
    picker = page.get_by_role("group", name=f"Cards of {name}")
    expect(picker.locator(".count")).to_contain_text("0 of")
    return picker


def slow_network(page, latency_ms=300):
    """Every request takes `latency_ms` longer, as on a phone at the table (chromium's own
    network emulation: the test's clicks are not held up, only the answers)."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": latency_ms, "downloadThroughput": -1,
        "uploadThroughput": -1})


def top_of(locator) -> float:
    """The element's top on the page (not in the viewport, which scrolls)."""
    return locator.evaluate("node => node.getBoundingClientRect().top + window.scrollY")


# --- Replace what is there ----------------------------------------------------------------


def test_typing_into_a_filled_field_replaces_its_value(phone, club):
    game_id = game_with(club, ["Anna", "Ben", "Cem"])
    phone.goto(f"/games/{game_id}/rounds/new/")
    ben, cem = points_field(phone, "Ben"), points_field(phone, "Cem")

    ben.click()
    phone.keyboard.type("4")
    cem.click()
    expect(ben).to_have_value("4")  # left alone, the value stays
    ben.click()
    expect(ben).to_have_value("")
    expect(ben).to_have_attribute("placeholder", "4")  # the old value, faintly
    phone.keyboard.type("3")
    expect(ben).to_have_value("3")  # not 43

    # The number pad replaces the same way: 3, then 8 on the pad, is 8.
    cem.click()
    ben.click()
    phone.locator("#round-form [data-pad] button[data-key='8']").click()
    expect(ben).to_have_value("8")
    phone.locator("#round-form [data-pad] button[data-key='9']").click()
    expect(ben).to_have_value("89")  # after the first key, keys add up again

    # A field focused but not typed into sends its old value.
    fill_round(phone, "Anna", {"Anna": 2, "Cem": 20})
    ben.click()
    phone.locator("#round-form .save").click()
    phone.wait_for_url(f"**/games/{game_id}/")
    hands = {hand.player_id: hand.deadwood for hand in Round.objects.get(game_id=game_id)
             .hands.all()}
    assert hands[seats(game_id)["Ben"]] == 89


def test_a_7_typed_into_155_in_the_correction_form_is_7(phone, club):
    # (The issue saw 151 and the 7 dropped; Rami's laid points here go in fives.)
    view = services.start_game(club=club, name="Rami", preset="rami", players=["Anna", "Ben"],
                               user=OPERATOR)
    ids = {seat.player.name: seat.player_id for seat in view.seats}
    services.record_round(game_id=view.game.pk, number=1, ender=ids["Anna"], finish="none",
                          hands=[services.HandInput(ids["Anna"], laid=155),
                                 services.HandInput(ids["Ben"], laid=40, deadwood=20)],
                                                    user=OPERATOR)
    phone.goto(f"/games/{view.game.pk}/rounds/1/edit/")
    laid = phone.get_by_label("Points laid by Anna", exact=True)
    expect(laid).to_have_value("155")

    laid.click()
    phone.keyboard.type("7")
    expect(laid).to_have_value("7")
    # With the pad: 155 again, then 7.
    laid.fill("155")
    phone.get_by_label("Points laid by Ben", exact=True).click()
    laid.click()
    phone.locator("#round-form [data-pad] button[data-key='7']").click()
    expect(laid).to_have_value("7")
    # Nothing swallows a key: a fourth digit is there, for the server to judge.
    for digit in "123":
        phone.locator(f"#round-form [data-pad] button[data-key='{digit}']").click()
    expect(laid).to_have_value("7123")


# --- The card picker ----------------------------------------------------------------------


def test_five_quick_taps_on_a_slow_connection_are_five_right_cards(phone, club):
    game_id = game_with(club, ["Anna", "Ben"])
    phone.goto(f"/games/{game_id}/rounds/new/")
    picker = open_picker(phone, "Ben")
    slow_network(phone, 300)
    cards = ["7H", "8H", "9H", "KS", "2C"]

    for card in cards:  # each tap (suit, then rank) right after the last
        tap_card(picker, card)

    ben = seats(game_id)["Ben"]
    expect(phone.locator(f"input[name='cards-{ben}']")).to_have_value(" ".join(cards))
    expect(picker.locator(".count")).to_contain_text("5 of 10 cards")
    expect(picker.locator(".melds .card")).to_have_count(5)
    # The melds and points follow once the slow answers are in: 7 8 9 of hearts is a meld.
    expect(phone.locator(f"#entry-{ben} output.dw")).to_have_text(re.compile(r"^12\b"))
    expect(picker.locator(".meld:not(.loose) .card")).to_have_count(3)
    # Five more, as quickly, to a full hand; Save sends the ten.
    more = ["KH", "KD", "3C", "4C", "5C"]
    for card in more:
        tap_card(picker, card)
    cards += more
    expect(phone.locator(f"#entry-{ben} output.dw")).to_have_text(re.compile(r"^0\b"))
    fill_round(phone, "Anna", {"Anna": 4})
    phone.locator("#round-form .save").click()
    phone.wait_for_url(f"**/games/{game_id}/")
    hand = Round.objects.get(game_id=game_id).hands.get(player_id=ben)
    assert sorted(hand.cards.split()) == sorted(cards)


def test_the_grid_stays_put_as_cards_are_picked(phone, club):
    game_id = game_with(club, ["Anna", "Ben"])
    phone.goto(f"/games/{game_id}/rounds/new/")
    picker = open_picker(phone, "Ben")
    ranks, suits = picker.locator(".ranks"), picker.locator(".suits")
    before = (top_of(ranks), top_of(suits))

    for count, card in enumerate(["2S", "3S", "4S", "5H", "6H", "7H", "QC", "QD"], start=1):
        tap_card(picker, card)
        expect(picker.locator(".count")).to_contain_text(f"{count} of 10 cards")
        assert (top_of(ranks), top_of(suits)) == before, f"the grid moved at card {count}"

    # The picked cards show below the grid.
    assert top_of(picker.locator(".melds")) > top_of(ranks)
    expect(phone.locator(f"#entry-{seats(game_id)['Ben']} output.dw")).to_have_text(
        re.compile(r"^20\b"))  # two melds, Q♣ Q♦ left
    assert (top_of(ranks), top_of(suits)) == before


def test_a_card_the_decks_hold_no_more_of_is_greyed_out(phone, club):
    game_id = game_with(club, ["Anna", "Ben"])  # Wiener: two decks, no jokers
    phone.goto(f"/games/{game_id}/rounds/new/")
    anna = open_picker(phone, "Anna")
    tap_card(anna, "QH")
    ben = open_picker(phone, "Ben")
    tap_card(ben, "QH")

    queen = ben.locator(".ranks").get_by_role("button", name="Q", exact=True)
    expect(queen).to_be_disabled()  # both queens of hearts are in the round
    expect(anna.locator(".ranks").get_by_role("button", name="Q", exact=True)).to_be_disabled()
    ben.locator("label.suit", has_text="♠").click()
    expect(queen).to_be_enabled()  # the queen of spades is still there
    ben.locator("label.suit", has_text="♥").click()
    expect(queen).to_be_disabled()
    ben.get_by_role("button", name=re.compile("Take back Q")).click()
    expect(queen).to_be_enabled()


def test_a_full_hand_folds_the_grid_away(phone, club):
    game_id = game_with(club, ["Anna", "Ben"])
    phone.goto(f"/games/{game_id}/rounds/new/")
    picker = open_picker(phone, "Ben")
    ranks = picker.locator(".ranks")

    for card in "2S 3S 4S 5H 6H 7H QC QD QS 9C".split():
        tap_card(picker, card)

    expect(picker.locator(".count")).to_contain_text("10 of 10 cards")
    expect(ranks).to_be_hidden()
    reopen = picker.get_by_role("button", name="Show the cards to pick")
    reopen.click()
    expect(ranks).to_be_visible()
    ranks.get_by_role("button", name="K", exact=True).click()  # an eleventh card
    expect(picker.locator(".pick-note")).to_have_text(
        "A hand holds 10 cards at the end of a round")
    expect(picker.locator(".melds .card")).to_have_count(10)
    picker.get_by_role("button", name=re.compile("Take back 9")).click()
    expect(ranks).to_be_visible()
    expect(reopen).to_be_hidden()


def test_cards_are_named_as_the_german_picker_shows_them(phones, bob, club):
    game_id = game_with(club, ["Anna", "Ben"])
    german = phones.open(bob, locale="de-AT")
    german.goto(f"/games/{game_id}/rounds/new/")
    german.get_by_role("button", name="Karten von Ben eingeben").click()
    picker = german.get_by_role("group", name="Karten von Ben")

    picker.locator("label.suit", has_text="♥").click()
    picker.locator(".ranks").get_by_role("button", name="D", exact=True).click()
    picker.locator(".ranks").get_by_role("button", name="B", exact=True).click()

    expect(picker.locator(".melds .card")).to_have_text(["D♥", "B♥"])
    expect(picker.get_by_role("button", name="Herz D zurücknehmen")).to_be_visible()
