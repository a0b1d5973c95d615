"""Players' phones letting go and sending again, in a real browser (issue 23, docs/table.md
"Players' phones"): a phone leaves the seat it tapped by mistake, from the shared sheet and
from its hand page, and a hand sent again replaces the one the scorekeeper's form filled in.

Page by page: tests/test_seat_claims.py. Fixtures: tests/browser_support.py.
"""

import re

from django.test import Client
from django.utils import timezone
from playwright.sync_api import expect

from scorekeeper.models import PendingHand, SeatClaim
from scorekeeper.services import policy
from tests.browser_steps import AFTER_A_POLL_MS, game_with, seats

pytest_plugins = ["tests.browser_support"]


def tap_seat(page, game_id, name):
    page.goto(f"/s/{policy.share_token(game_id)}/")
    page.get_by_role("button", name=f"I am {name}").click()
    expect(page.locator(".phone-seat .you")).to_have_text(re.compile(rf"^You are {name} · "))


def test_a_phone_leaves_a_seat_tapped_by_mistake_and_takes_its_own(phones, club):
    game_id = game_with(club, ["Anna", "Ben"])
    phone = phones.open()
    tap_seat(phone, game_id, "Anna")  # meant Ben

    phone.get_by_role("button", name="Leave this seat").click()

    expect(phone.get_by_role("button", name="I am Anna")).to_be_visible()
    assert SeatClaim.objects.get().released_at is not None
    assert not [c for c in phone.context.cookies() if c["name"] == f"seat-{game_id}"]
    tap_seat(phone, game_id, "Ben")
    # And from the hand page: back to the sheet, the seat free for the right phone.
    phone.get_by_role("link", name="Enter my hand").click()
    expect(phone.get_by_role("heading", name="My hand, round 1")).to_be_visible()
    phone.get_by_role("button", name="Leave this seat").click()
    expect(phone.get_by_role("button", name="I am Ben")).to_be_visible()
    assert SeatClaim.objects.filter(released_at__isnull=True).count() == 0


def test_a_hand_sent_again_replaces_the_one_filled_in(phones, bob, club):
    game_id = game_with(club, ["Anna", "Ben"])
    ben = phones.open()
    tap_seat(ben, game_id, "Ben")
    ben.get_by_role("link", name="Enter my hand").click()
    scorekeeper = phones.open(bob)
    scorekeeper.goto(f"/games/{game_id}/rounds/new/")
    points = scorekeeper.locator("#round-form .hand",
                                 has=scorekeeper.locator(".name", has_text="Ben")
                                 ).locator("input[data-dw]")
    wait = AFTER_A_POLL_MS

    for sent in ("14", "16"):
        ben.get_by_label("Points of Ben", exact=True).fill(sent)
        ben.locator("#round-form .save").click()
        expect(ben.locator("p[role=status]")).to_contain_text(f"Sent: {sent} points.")
        expect(points).to_have_value(sent, timeout=wait)

    assert PendingHand.objects.count() == 1


def test_a_link_out_of_claims_says_so_on_the_phone(phones, club):
    """The allowance (seats + 3 claims in 10 minutes) spent by a script: a phone's tap on
    its name shows why, rather than nothing."""
    game_id = game_with(club, ["Anna", "Ben"])
    link = f"/s/{policy.share_token(game_id)}/"
    anna = seats(game_id)["Anna"]
    for _ in range(5):
        assert Client().post(f"{link}claim/", {"player": anna}).status_code == 302
        SeatClaim.objects.update(released_at=timezone.now())
    phones.expected_statuses.add(409)  # the refusal, as the console reports it
    phone = phones.open()
    phone.goto(link)

    phone.get_by_role("button", name="I am Anna").click()

    expect(phone.get_by_role("alert")).to_contain_text(
        "Too many seats were claimed through this link in the last 10 minutes.")
    assert SeatClaim.objects.filter(released_at__isnull=True).count() == 0
