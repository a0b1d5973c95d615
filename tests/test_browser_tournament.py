"""Two phones in a real browser (chromium, 390 x 844, touch) run a club's Gin tournament of
six (docs/organisers.md, "A Gin tournament"): the organiser starts it from the club's
tournaments and watches the bracket, which follows live; a scorekeeper's phone plays every
match from the bracket's links to the end, where the prizes stand.

Fixtures: tests/browser_support.py; steps: tests/browser_steps.py.
"""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.models import Tournament
from tests.browser_steps import AFTER_A_POLL_MS, enter_round

pytestmark = pytest.mark.slow

pytest_plugins = ["tests.browser_support"]

FIELD = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"]
LIVE = AFTER_A_POLL_MS  # the bracket polls every 5 s too


def test_an_organiser_runs_six_players_to_the_end_on_two_phones(phones, alice, bob, club):
    organiser, scorekeeper = phones.open(alice), phones.open(bob)
    organiser.goto("/")
    organiser.get_by_role("link", name="Tournaments").first.click()
    organiser.get_by_role("link", name="New tournament").click()
    expect(organiser.get_by_role("heading", name="New tournament")).to_be_visible()
    organiser.locator("#id_name").fill("Herbstpokal")
    organiser.locator("#id_game_target").fill("10")
    organiser.locator("#id_players").fill("\n".join(FIELD))
    organiser.get_by_label("In this order: the first is seed 1").check()
    organiser.locator("#id_entry_fee").fill("5")
    organiser.get_by_role("button", name="Start the tournament").click()
    organiser.wait_for_url(re.compile(r"/tournaments/\d+/$"))
    expect(organiser.get_by_role("heading", name="Herbstpokal")).to_be_visible()
    bracket = organiser.locator("#bracket")
    expect(bracket.locator(".bye")).to_have_count(2)  # seeds 1 and 2
    tournament = Tournament.objects.get()

    scorekeeper.goto(f"/tournaments/{tournament.pk}/")
    played = 0
    while played < 5:
        links = scorekeeper.get_by_role("link", name="Play the match")
        if played == 5 or links.count() == 0:
            break
        links.first.click()
        scorekeeper.wait_for_url(re.compile(r"/games/\d+/$"))
        game_id = int(re.search(r"/games/(\d+)/", scorekeeper.url)[1])
        expect(scorekeeper.get_by_role("link", name=re.compile("to the bracket"))).to_be_visible()
        seated = scorekeeper.locator(".sheet .names").inner_text()
        better, worse = sorted((n for n in FIELD if n in seated), key=FIELD.index)
        enter_round(scorekeeper, game_id, better, {better: 0, worse: 30})
        played += 1
        # The organiser's bracket follows without a reload.
        expect(bracket.locator(".side.won", has_text=better)).not_to_have_count(0, timeout=LIVE)
        scorekeeper.get_by_role("link", name=re.compile("to the bracket")).click()
        scorekeeper.wait_for_url(f"**/tournaments/{tournament.pk}/")

    assert played == 5  # 4 v 5, 3 v 6, two semi-finals, the final
    expect(organiser.locator("#bracket-state")).to_have_text("Anna wins the tournament.",
                                                             timeout=LIVE)
    placings = organiser.locator(".placings li")
    expect(placings.first).to_contain_text("Anna")
    expect(placings.first.locator("strong")).to_have_text("€22.50")  # 75 % of 6 x 5.00
    expect(placings.nth(1).locator("strong")).to_have_text("€7.50")
    tournament.refresh_from_db()
    assert tournament.status == "finished"
