"""A player's phone refuses what the scorekeeper's Save would refuse (issue 25, item 1;
docs/table.md, "Players' phones"), in Chromium at 390x844: Ben picks 6 cards of Gin's ten
and taps Send; his phone says why, in the Save's words, and keeps the 6 cards picked.
"Type the points instead" then keeps the 9 points they counted. And the scorekeeper's
round form as served holds the hands sent already (item 9).

Page by page: tests/test_phone_pages.py. Fixtures: tests/browser_support.py.
"""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.models import PendingHand
from scorekeeper.services import claims as claim_services
from scorekeeper.services import policy
from scorekeeper.services.policy import OPERATOR
from tests.browser_steps import AFTER_A_POLL_MS, POLL_SECONDS, game_with, seats, tap_card

# Among the longer modules (two polls waited out): run first (tests/conftest.py).
pytestmark = pytest.mark.slow

pytest_plugins = ["tests.browser_support"]

# Three of spades to five a meld; A♦ 2♥ 6♣ left over: 9 points, 6 cards of 10.
SIX_CARDS = "3S 4S 5S AD 2H 6C"


# What Ben's phone says and shows, in English and in German (docs/glossary.md).
WORDS = {
    "en-GB": {"i_am": "I am Ben", "enter": "Enter my hand", "heading": "My hand, round 1",
              "cards": "Enter the cards of Ben", "picker": "Cards of Ben",
              "count": "6 of 10 cards", "send": "Send to the scorekeeper",
              "why": "Ben has 6 cards; a hand at the end of a round has 10",
              "type": "Type the points instead", "points": "Points of Ben",
              "sent": "Sent: 9 points. The scorekeeper confirms the round."},
    "de-DE": {"i_am": "Ich bin Ben", "enter": "Meine Hand eintragen",
              "heading": "Meine Hand, Runde 1", "cards": "Karten von Ben eingeben",
              "picker": "Karten von Ben", "count": "6 von 10 Karten",
              "send": "An den Schreiber senden",
              "why": "Ben hat 6 Karten; eine Hand am Ende einer Runde hat 10",
              "type": "Stattdessen Punkte eingeben", "points": "Punkte von Ben",
              "sent": "Gesendet: 9 Punkte. Der Schreiber bestätigt die Runde."},
}


@pytest.mark.parametrize("locale", WORDS)
def test_six_cards_of_a_gin_hand_are_refused_on_the_phone_and_kept(phones, club, locale):
    words = WORDS[locale]
    game = services.start_game(club=club, name="Gin", preset="gin", players=["Anna", "Ben"],
                               user=OPERATOR).game
    ben = seats(game.pk)["Ben"]
    phone = phones.open(locale=locale)
    phones.expected_statuses.add(422)  # the refused Send, swapped in by htmx as a form
    phone.goto(f"/s/{policy.share_token(game.pk)}/")
    phone.get_by_role("button", name=words["i_am"]).click()
    phone.get_by_role("link", name=words["enter"]).click()
    expect(phone.get_by_role("heading", name=words["heading"])).to_be_visible()

    phone.get_by_role("button", name=words["cards"]).click()
    picker = phone.get_by_role("group", name=words["picker"])
    for count, card in enumerate(SIX_CARDS.split(), start=1):
        tap_card(picker, card)
        expect(picker.locator(".count")).to_contain_text(re.compile(rf"^{count} "))
    expect(phone.locator(f"#entry-{ben} output.dw")).to_have_text(re.compile(r"^9\b"))
    phone.get_by_role("button", name=words["send"]).click()

    expect(phone.locator(f"#err-{ben}")).to_have_text(words["why"])
    expect(phone.locator("p[role=status]")).to_have_count(0)  # no "Sent: ..."
    assert PendingHand.objects.count() == 0
    # The 6 cards are still picked: the picker shows them, ready for the other four.
    picker = phone.get_by_role("group", name=words["picker"])
    expect(picker.locator(".count")).to_contain_text(words["count"])
    expect(picker.locator(".melds .card")).to_have_count(6)
    expect(phone.locator(f"input[name='cards-{ben}']")).to_have_value(SIX_CARDS)
    # The error is in view on the phone, not below the fold.
    expect(phone.locator(f"#err-{ben}")).to_be_in_viewport()

    picker.get_by_role("button", name=words["type"]).click()

    points = phone.get_by_label(words["points"], exact=True)
    expect(points).to_have_value("9")
    phone.get_by_role("button", name=words["send"]).click()
    expect(phone.locator("p[role=status]")).to_have_text(words["sent"])
    assert PendingHand.objects.get().entry == {"dw": "9"}


def test_a_hand_in_the_form_as_served_stays_and_a_later_send_replaces_it(phones, bob, club):
    """Issue 25, item 9: the round form as served holds Ben's 14 already, marked; the list's
    answers change nothing until his phone sends again (static/js/hands.js)."""
    game_id = game_with(club, ["Anna", "Ben", "Cem"])
    ben = seats(game_id)["Ben"]
    claim = claim_services.claim_seat(game_id=game_id, player_id=ben)
    claim_services.send_hand(game_id=game_id, claim_id=claim.pk, number=1,
                             hand=services.HandInput(ben, deadwood=14))
    scorekeeper = phones.open(bob)

    scorekeeper.goto(f"/games/{game_id}/rounds/new/")

    points = scorekeeper.get_by_label("Points of Ben", exact=True)
    expect(points).to_have_value("14")
    row = scorekeeper.locator("#round-form .hand.from-phone")
    expect(row).to_have_count(1)
    expect(row.locator(".phone-mark")).to_have_text("sent from the phone")
    scorekeeper.wait_for_timeout((POLL_SECONDS + 1) * 1000)  # the list answered meanwhile
    expect(points).to_have_value("14")
    expect(row.locator(".phone-mark")).to_have_count(1)

    claim_services.send_hand(game_id=game_id, claim_id=claim.pk, number=1,
                             hand=services.HandInput(ben, deadwood=16))

    expect(points).to_have_value("16", timeout=AFTER_A_POLL_MS)
