"""Seating on the new-game page in a real browser, on a slow connection (issue 25, item 2;
docs/table.md, "Seating"): static/js/seating.js seats the players in the page, so taps
made faster than the connection answers are all kept, in order, and sent once with Start.

The round trip per tap that the page falls back to without JavaScript: tests/test_game_pages.py
and tests/test_dates_and_names.py. Fixtures: tests/browser_support.py.
"""

import re

import pytest
from playwright.sync_api import expect

from scorekeeper.models import Game, Player
from tests.browser_steps import choose_game, start

pytestmark = pytest.mark.slow

pytest_plugins = ["tests.browser_support"]

LATENCY_MS = 400


def slow_network(page):
    """Every request takes LATENCY_MS longer (chromium's own network emulation)."""
    session = page.context.new_cdp_session(page)
    session.send("Network.enable")
    session.send("Network.emulateNetworkConditions", {
        "offline": False, "latency": LATENCY_MS, "downloadThroughput": -1,
        "uploadThroughput": -1})


def seated(page) -> list[str]:
    return page.locator(".seats li .name").all_inner_texts()


def posts_of(page) -> list[str]:
    """The form posts the page sends from now on."""
    sent = []
    page.on("request", lambda request: sent.append(request.url)
            if request.method == "POST" else None)
    return sent


def test_four_chips_tapped_150_ms_apart_at_400_ms_latency_are_all_seated_in_order(phone,
                                                                                    club):
    for name in ("Anna", "Ben", "Cem", "Dora", "Emil"):
        Player.objects.create(club=club, name=name)
    phone.goto("/games/new/")
    slow_network(phone)
    posts = posts_of(phone)

    for name in ("Cem", "Anna", "Dora", "Ben"):
        phone.get_by_role("button", name=f"Seat {name}").tap()
        phone.wait_for_timeout(150)

    assert seated(phone) == ["Cem", "Anna", "Dora", "Ben"]
    assert posts == []  # nothing went to the server yet
    # Each chip tapped is disabled; the thumb stays on the chips, the keyboard closed.
    for name in ("Cem", "Anna", "Dora", "Ben"):
        expect(phone.get_by_role("button", name=f"Seat {name}")).to_be_disabled()
    expect(phone.get_by_role("button", name="Seat Emil")).to_be_focused()
    expect(phone.get_by_label("New player")).not_to_be_focused()

    phone.locator("#buy_in").fill("5.00")
    game_id = start(phone)

    assert posts == [f"{phone.url.split('/games/')[0]}/games/new/"]
    game = Game.objects.get(pk=game_id)
    assert [seat.player.name for seat in game.seats.order_by("number")] == [
        "Cem", "Anna", "Dora", "Ben"]


def test_moves_and_removals_are_made_in_the_page_and_free_the_chip(phone, club):
    for name in ("Anna", "Ben", "Cem"):
        Player.objects.create(club=club, name=name)
    phone.goto("/games/new/")
    slow_network(phone)
    posts = posts_of(phone)
    for name in ("Anna", "Ben", "Cem"):
        phone.get_by_role("button", name=f"Seat {name}").tap()

    phone.get_by_role("button", name="Move Cem up").tap()
    expect(phone.get_by_role("button", name="Move Cem up")).to_be_focused()
    phone.get_by_role("button", name="Remove Anna").tap()

    assert seated(phone) == ["Cem", "Ben"]
    assert [text.strip() for text in phone.locator(".seats .seat-no").all_inner_texts()] == [
        "1", "2"]
    expect(phone.get_by_role("button", name="Move Cem up")).to_be_disabled()
    expect(phone.get_by_role("button", name="Move Ben down")).to_be_disabled()
    expect(phone.get_by_role("button", name="Seat Anna")).to_be_enabled()
    assert posts == []


def test_a_typed_name_goes_to_the_server_and_taps_made_meanwhile_are_kept(phone, club):
    for name in ("Anna", "Ben"):
        Player.objects.create(club=club, name=name)
    phone.goto("/games/new/")
    slow_network(phone)

    phone.get_by_label("New player").fill("Zoë")
    phone.get_by_role("button", name="Add", exact=True).click()
    phone.get_by_role("button", name="Seat Anna").tap()  # while Zoë's request is out
    phone.get_by_role("button", name="Seat Ben").tap()

    expect(phone.locator(".seats li .name")).to_have_text(["Zoë", "Anna", "Ben"])
    phone.wait_for_timeout(2 * LATENCY_MS)  # the answer came and was swapped in
    expect(phone.locator(".seats li .name")).to_have_text(["Zoë", "Anna", "Ben"])
    expect(phone.get_by_role("button", name="Seat Anna")).to_be_disabled()


def test_the_gin_tournaments_bye_follows_the_seats_tapped(phone, club):
    for name in ("Anna", "Ben", "Cem"):
        Player.objects.create(club=club, name=name)
    phone.goto("/games/new/")
    choose_game(phone, "Gin Rummy")
    phone.locator("label.choice", has=phone.locator(".title", has_text=re.compile(
        "^Tournament$"))).click()
    bye = phone.get_by_role("group", name="Tournament of three: who gets the bye into the "
                                          "final?")
    expect(bye).to_be_hidden()

    for name in ("Anna", "Ben", "Cem"):
        phone.get_by_role("button", name=f"Seat {name}").tap()

    expect(bye).to_be_visible()
    expect(bye.locator("label")).to_have_text(["Anna", "Ben", "Cem"])
    bye.get_by_label("Ben").check()
    game = Game.objects.get(pk=start(phone))
    assert game.rules["bye"] == 1


def test_the_page_reached_from_home_seats_in_the_page_too(phone, club):
    """The home page's link loads the page itself, with its script: a page swapped in by
    htmx's boost would not run it (base.html: allowScriptTags is off)."""
    Player.objects.create(club=club, name="Anna")
    phone.goto("/")
    phone.get_by_role("link", name="New game").click()
    phone.wait_for_url("**/games/new/**")
    posts = posts_of(phone)

    phone.get_by_role("button", name="Seat Anna").tap()

    expect(phone.get_by_role("button", name="Seat Anna")).to_be_disabled()
    assert seated(phone) == ["Anna"] and posts == []
