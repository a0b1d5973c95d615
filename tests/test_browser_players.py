"""Every player's own phone in a real browser (issue 15, docs/table.md "Players' phones"):
three phones at one table, the scorekeeper signed in and Ben and Anna through the share
link. Both claim their seats, Ben types his points and Anna picks her cards; the
scorekeeper's round form fills both in, and one tap on Save records the round with them.

Page by page, with every refusal: tests/test_seat_claims.py. Fixtures:
tests/browser_support.py; steps: tests/browser_steps.py.
"""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.models import PendingHand, Round
from scorekeeper.services import policy
from tests.browser_steps import AFTER_A_POLL_MS, game_with, pick_cards, seats

# Among the longest modules: run first (tests/conftest.py), so the processes end together.
pytestmark = pytest.mark.slow

pytest_plugins = ["tests.browser_support"]

ANNA_CARDS = "AS 2S 3S QH QS QC 9D 9H 9C 2D"  # three melds and the 2 of diamonds: 2
# The hand page asks every 5 s whether its round was saved (seat_hand.html).
ROUND_WATCH_MS = AFTER_A_POLL_MS


def claim_seat(page, game_id, name):
    """A player opens the share link, taps "I am <name>" and opens their hand page."""
    page.goto(f"/s/{policy.share_token(game_id)}/")
    page.get_by_role("button", name=f"I am {name}").click()
    expect(page.locator(".phone-seat .you")).to_have_text(
        re.compile(rf"^You are {name} · code [A-Z0-9]{{4}}$"))
    page.get_by_role("link", name="Enter my hand").click()
    expect(page.get_by_role("heading", name="My hand, round 1")).to_be_visible()


def row(page, name):
    return page.locator("#round-form .hand", has=page.locator(".name", has_text=name))


def test_the_round_is_confirmed_with_the_hands_the_players_sent(phones, bob, club):
    game_id = game_with(club, ["Anna", "Ben", "Cem"])
    ids = seats(game_id)
    ben, anna = phones.open(), phones.open()

    claim_seat(ben, game_id, "Ben")
    ben.get_by_label("Points of Ben", exact=True).fill("14")
    ben.get_by_role("button", name="Send to the scorekeeper").click()
    expect(ben.locator("p[role=status]")).to_have_text(
        "Sent: 14 points. The scorekeeper confirms the round.")

    claim_seat(anna, game_id, "Anna")
    picker = pick_cards(anna, "Anna", ANNA_CARDS)
    expect(anna.locator(f"#entry-{ids['Anna']} output.dw")).to_have_text(re.compile(r"^2\b"))
    expect(picker.locator(".meld:not(.loose) .card")).to_have_count(9)
    anna.get_by_role("button", name="Send to the scorekeeper").click()
    expect(anna.locator("p[role=status]")).to_have_text(
        "Sent: 2 points. The scorekeeper confirms the round.")
    assert Round.objects.filter(game_id=game_id).count() == 0  # nothing before the Save

    scorekeeper = phones.open(bob)
    scorekeeper.goto(f"/games/{game_id}/rounds/new/")
    sent = scorekeeper.locator("#pending-hands")
    expect(sent).to_contain_text("Anna: 2, from Anna's phone")
    expect(sent).to_contain_text("Ben: 14, from Ben's phone")
    sent.get_by_text("Anna: 2, from Anna's phone").click()  # the cards, on a tap
    expect(sent.locator("details[open] .cards")).to_contain_text("2♦")
    # Filled in, still editable: Ben's points typed, Anna's cards picked in her row.
    expect(row(scorekeeper, "Ben").locator("input[data-dw]")).to_have_value("14")
    expect(scorekeeper.locator(f"input[name='cards-{ids['Anna']}']")).to_have_value(ANNA_CARDS)
    expect(scorekeeper.locator(f"#entry-{ids['Anna']} output.dw")).to_have_text(
        re.compile(r"^2\b"))
    expect(row(scorekeeper, "Anna")).to_have_class(re.compile(r"\bfrom-phone\b"))

    row(scorekeeper, "Anna").locator("label.who").click()
    row(scorekeeper, "Cem").locator("input[data-dw]").fill("20")
    scorekeeper.locator("#round-form .save").click()
    scorekeeper.wait_for_url(f"**/games/{game_id}/")

    hands = {hand.player_id: (hand.deadwood, hand.cards)
             for hand in Round.objects.get(game_id=game_id).hands.all()}
    assert hands == {ids["Anna"]: (None, ANNA_CARDS), ids["Ben"]: (14, ""),
                     ids["Cem"]: (20, "")}
    view = services.load_game(game_id)
    totals = {view.name(standing.player): str(standing.total)
              for standing in view.state.standings}
    names = scorekeeper.locator("table.sheet tr.names th .nm").all_inner_texts()
    shown = scorekeeper.locator("table.sheet tr.totals td").all_inner_texts()
    assert dict(zip(names, (re.sub(r"\D", "", cell) for cell in shown), strict=True)) == totals
    # The players' phones move on to round 2 by themselves.
    expect(ben.get_by_role("heading", name="My hand, round 2")).to_be_visible(
        timeout=ROUND_WATCH_MS)
    expect(ben.get_by_label("Points of Ben", exact=True)).to_have_value("")


def test_a_hand_sent_later_never_overwrites_what_the_scorekeeper_typed(phones, bob, club):
    game_id = game_with(club, ["Anna", "Ben"])
    ben, anna = phones.open(), phones.open()
    claim_seat(ben, game_id, "Ben")
    claim_seat(anna, game_id, "Anna")
    scorekeeper = phones.open(bob)
    scorekeeper.goto(f"/games/{game_id}/rounds/new/")
    expect(scorekeeper.locator("#pending-hands")).to_contain_text("Ben's phone, code")
    typed = row(scorekeeper, "Ben").locator("input[data-dw]")
    typed.fill("20")

    for phone, name, points in ((ben, "Ben", "14"), (anna, "Anna", "3")):
        phone.get_by_label(f"Points of {name}", exact=True).fill(points)
        phone.get_by_role("button", name="Send to the scorekeeper").click()
        expect(phone.locator("p[role=status]")).to_contain_text(f"Sent: {points} points.")

    # Anna's empty row is filled in the same pass that reads Ben's hand (Ben sent first).
    anna_row = row(scorekeeper, "Anna").locator("input[data-dw]")
    expect(anna_row).to_have_value("3", timeout=AFTER_A_POLL_MS)
    expect(scorekeeper.locator("#pending-hands")).to_contain_text("Ben: 14, from Ben's phone")
    expect(typed).to_have_value("20")
    expect(row(scorekeeper, "Ben")).not_to_have_class(re.compile(r"\bfrom-phone\b"))
    expect(row(scorekeeper, "Anna")).to_have_class(re.compile(r"\bfrom-phone\b"))
    assert PendingHand.objects.count() == 2
