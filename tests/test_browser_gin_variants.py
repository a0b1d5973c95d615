"""A phone in a real browser (chromium, 390 x 844, touch) plays Oklahoma Gin through the
pages (docs/rules.md 8.11): the new game page shows Oklahoma's options once it is ticked;
on the round form the upcard's knock limit and doubling show as soon as it is tapped, a
knock over the limit is refused with the engine's message, and the sheet writes the
upcard and the deal's terms. Also the defender's cards laid off at once (8.9).

Fixtures: tests/browser_support.py; steps: tests/browser_steps.py.
"""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.models import Round, Seat
from scorekeeper.services.policy import OPERATOR
from tests.browser_steps import choose_game, fill_round, pick_cards
from tests.test_browser_axe import violations

pytestmark = pytest.mark.slow

pytest_plugins = ["tests.browser_support"]


def gin_game(club, **rules) -> int:
    view = services.start_game(club=club, name="Sonntag", preset="gin", players=["Anna", "Ben"],
                               rules=rules, user=OPERATOR)
    return view.game.pk


def test_an_oklahoma_round_with_its_upcard_on_a_phone(phones, phone, club):
    # the new game page: Oklahoma's options appear once it is ticked
    phone.goto("/games/new/")
    choose_game(phone, "Gin Rummy")
    spades = phone.get_by_text("A spade upcard doubles every point of its deal")
    expect(spades).to_be_hidden()
    phone.get_by_text("Oklahoma Gin: the first upcard").click()
    expect(spades).to_be_visible()

    game_id = gin_game(club, oklahoma=True, spades_double=True)
    phone.goto(f"/games/{game_id}/rounds/new/")
    form = phone.locator("#round-form")
    terms = form.locator("output.deal-terms")

    # the upcard, 4♠: its terms show at once
    form.locator(".upcard label.suit", has_text="♠").click()
    form.locator(".upcard-ranks label", has_text=re.compile(r"^4$")).click()
    expect(terms).to_have_text("Knock with up to 4 points · every point doubled")
    form.locator(".upcard-ranks label", has_text=re.compile(r"^K$")).click()
    expect(terms).to_have_text("Knock with up to 10 points · every point doubled")
    form.locator(".upcard label.suit", has_text="♥").click()
    expect(terms).to_have_text("Knock with up to 10 points")
    form.locator(".upcard label.suit", has_text="♠").click()
    form.locator(".upcard-ranks label", has_text=re.compile(r"^4$")).click()

    # Anna knocks with 5 over the limit of 4: refused next to her, nothing saved
    phones.expected_statuses.add(422)
    fill_round(phone, "Anna", {"Anna": 5, "Ben": 25})
    form.locator(".save").click()
    expect(phone.locator("#round-form .hand .error")).to_have_text(
        "False knock: Anna has 5 deadwood, but the knock limit is 4")
    assert Round.objects.count() == 0
    expect(phone.locator("#round-form output.deal-terms")).to_have_text(
        "Knock with up to 4 points · every point doubled")

    # with 3 it holds: (25 - 3) x 2 = 44
    fill_round(phone, "Anna", {"Anna": 3})
    phone.locator("#round-form .save").click()
    phone.wait_for_url(f"**/games/{game_id}/")
    expect(phone.locator(".sheet.gin tr.how").first).to_have_text(
        "Anna knocked with 3 and wins 44. Upcard 4♠: Knock with up to 4 points · every point "
        "doubled")
    assert Round.objects.get().upcard == "4S"


def test_the_defenders_cards_show_the_lay_off_as_they_are_picked(phone, club):
    # seed 004, round 1: Anna knocks with 6; Ben lays off 2♠ 7♠ 8♦ and keeps 23
    game_id = gin_game(club)
    phone.goto(f"/games/{game_id}/rounds/new/")
    form = phone.locator("#round-form")
    form.locator("label.who", has_text="Anna").click()
    expect(form.locator(".hand", has=phone.locator(".name", has_text="Ben"))
           .locator(".after-lay-off")).to_be_visible()

    pick_cards(phone, "Ben", "KS KH KC KD 2S 7S 8D QD JC 3D")
    ben_id = Seat.objects.get(game_id=game_id, player__name="Ben").player_id
    ben = form.locator(f"#entry-{ben_id}")
    expect(ben.locator("output.dw")).to_have_text(re.compile(r"^40\b"))
    pick_cards(phone, "Anna", "8S 8H 8C 3S 4S 5S 6S AD 2H 3C")

    # the knocker's cards ask Ben's picker again: laid off, 23
    expect(ben.locator("output.dw")).to_have_text(re.compile(r"^23\b"))
    expect(ben.locator(".meld.laid-off")).to_have_text("laid off2♠7♠8♦")
    # a gin lays nothing off
    form.locator(".gin-end label", has_text=re.compile(r"^Gin$")).click()
    expect(ben.locator("output.dw")).to_have_text(re.compile(r"^40\b"))


def test_axe_finds_nothing_on_the_forms_in_their_own_words(phones, bob, club):
    oklahoma = gin_game(club, oklahoma=True, spades_double=True, big_gin=True)
    elimination = services.start_game(club=club, name="Rami", preset="rami",
                                      players=["Anna", "Ben", "Cem"],
                                      rules={"mode": "elimination"}, user=OPERATOR).game.pk
    phone = phones.open(bob, bypass_csp=True)
    found = {}
    for url in (f"/games/{oklahoma}/rounds/new/", f"/games/{elimination}/rounds/new/"):
        phone.goto(url)
        phone.wait_for_load_state("networkidle")
        found[url] = violations(phone)
    # a Save without the upcard: the error beside it
    phones.expected_statuses.add(422)
    phone.goto(f"/games/{oklahoma}/rounds/new/")
    phone.locator("#round-form .save").click()
    expect(phone.locator("#upcard-error")).to_be_visible()
    found["the refused Save"] = violations(phone)

    problems = [f"{url}: {line}" for url, lines in found.items() for line in lines]
    assert not problems, "\n".join(problems)
