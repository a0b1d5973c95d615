"""More than one phone, hasty thumbs and a bad connection, in a real browser
(docs/reliability.md 10, 28, 29): the share link follows the game by itself, a double tap on
Save, on a re-buy or on ending a points game counts once, a save whose answer is lost
says so and counts once when sent again, and two phones entering the same round get one
round and one set of premiums.

Fixtures: tests/browser_support.py; steps: tests/browser_steps.py.
"""

import re

import pytest
from playwright.sync_api import expect

from ledger.services import lines
from scorekeeper import services
from scorekeeper.models import Round
from scorekeeper.services.policy import OPERATOR
from tests.browser_steps import AFTER_A_POLL_MS, enter_round, fill_round, game_with, seats

# Among the longest modules: run first (tests/conftest.py), so the processes end together.
pytestmark = pytest.mark.slow

pytest_plugins = ["tests.browser_support"]


def test_the_share_link_shows_a_new_round_by_itself(phones, phone, club):
    game_id = game_with(club, ["Anna", "Ben"])
    phone.goto(f"/games/{game_id}/share/")
    expect(phone.locator(".qr svg")).to_be_visible()
    link = phone.locator("#share-url").input_value()
    reader = phones.open()  # another phone, not signed in
    reader.goto(link)
    expect(reader.locator(".sheet")).to_contain_text("No rounds yet.")
    expect(reader.get_by_role("link", name="Enter round 1")).to_have_count(0)
    reader.evaluate("window.stillTheSamePage = true")

    enter_round(phone, game_id, "Anna", {"Anna": 3, "Ben": 12})

    expect(reader.locator(".news")).to_contain_text(
        "Anna knocked with 3 points.", timeout=AFTER_A_POLL_MS)
    expect(reader.locator(".sheet tbody")).to_contain_text("12")
    assert reader.evaluate("window.stillTheSamePage") is True  # swapped in, not reloaded


def test_a_double_tap_on_save_records_one_round(phone, club):
    game_id = game_with(club, ["Anna", "Ben", "Cem"])
    phone.goto(f"/games/{game_id}/rounds/new/")
    fill_round(phone, "Anna", {"Anna": 3, "Ben": 12, "Cem": 20})
    held = []
    phone.route("**/rounds/new/", lambda route: held.append(route))  # held until let go
    save = phone.locator("#round-form .save")

    with phone.expect_request(lambda request: request.method == "POST"):
        save.dblclick()
    expect(save).to_be_disabled()  # while the save is in flight
    post = held[0].request
    for route in held:
        route.continue_()
    phone.unroute("**/rounds/new/")

    expect(phone.locator(".news")).to_contain_text("Anna knocked with 3 points.")
    assert len(held) == 1
    assert Round.objects.filter(game_id=game_id).count() == 1
    # The same save sent again (as if the second tap had got through): the form's key
    # makes it the same round, not a second one.
    again = phone.request.post(post.url, headers=post.headers, data=post.post_data_buffer)
    assert again.status == 200 and "After round 1" in again.text()
    assert Round.objects.filter(game_id=game_id).count() == 1


def test_a_save_whose_answer_is_lost_says_so_and_sending_again_counts_once(phones, phone,
                                                                            club):
    # given a round filled in on a phone whose connection drops on the way back
    game_id = game_with(club, ["Anna", "Ben", "Cem"])
    phone.goto(f"/games/{game_id}/rounds/new/")
    fill_round(phone, "Anna", {"Anna": 3, "Ben": 12, "Cem": 20})

    def lose_the_answer(route):
        route.fetch()  # the server gets the round and saves it,
        route.abort()  # but its answer never reaches the phone

    phone.route("**/rounds/new/", lose_the_answer, times=1)
    # The dropped connection, and htmx logging the failed request.
    phones.expected_console_errors.update({"net::ERR_FAILED", "htmx:sendError",
                                           "htmx:afterRequest"})

    # when Save is tapped, then the phone says what happened instead of showing nothing
    phone.locator("#round-form .save").click()
    expect(phone.locator("#connection-problem")).to_contain_text("No answer from the server")
    assert Round.objects.filter(game_id=game_id).count() == 1

    # and tapping Save again shows the round on the sheet, entered once
    phone.locator("#round-form .save").click()
    expect(phone.locator(".news")).to_contain_text("Anna knocked with 3 points.")
    expect(phone.locator("#connection-problem")).to_be_hidden()
    assert Round.objects.filter(game_id=game_id).count() == 1
    assert kinds(game_id).count("knock_premium") == 2


def test_a_busy_server_is_said_so_and_the_round_is_saved_when_sent_again(phones, phone, club):
    # given a round filled in, and a server that is busy for the first answer
    game_id = game_with(club, ["Anna", "Ben", "Cem"])
    phone.goto(f"/games/{game_id}/rounds/new/")
    fill_round(phone, "Anna", {"Anna": 3, "Ben": 12, "Cem": 20})
    phone.route("**/rounds/new/", lambda route: route.fulfill(status=503, body="busy"),
                times=1)
    phones.expected_statuses.add(503)
    # htmx logs the failed request as well.
    phones.expected_console_errors.update({"Response Status Error Code 503",
                                           "htmx:responseError", "htmx:afterRequest"})

    # when Save is tapped, then the phone says nothing was saved
    phone.locator("#round-form .save").click()
    expect(phone.locator("#connection-problem")).to_contain_text("nothing was saved")
    assert not Round.objects.filter(game_id=game_id).exists()

    # and the same form sent again enters the round
    phone.locator("#round-form .save").click()
    expect(phone.locator(".news")).to_contain_text("Anna knocked with 3 points.")
    assert Round.objects.filter(game_id=game_id).count() == 1


def test_a_sheet_that_loses_its_connection_says_it_may_be_behind_and_catches_up(phones, phone,
                                                                              club):
    # given the sheet open on a phone, polling for news
    game_id = game_with(club, ["Anna", "Ben"])
    phone.goto(f"/games/{game_id}/")
    expect(phone.locator(".sheet")).to_contain_text("No rounds yet.")
    phones.expected_console_errors.update({"net::ERR_FAILED", "htmx:sendError",
                                           "htmx:afterRequest"})

    # when its next poll finds no connection
    phone.route(re.compile(r"/games/\d+/\?v="), lambda route: route.abort(), times=1)
    notice = phone.locator("#connection-problem")
    expect(notice).to_contain_text("the sheet may be behind",
                                   timeout=AFTER_A_POLL_MS)

    # then, the connection back, the next poll brings a round entered meanwhile
    ids = seats(game_id)
    services.record_round(game_id=game_id, number=1, ender=ids["Anna"],
                          hands=[services.HandInput(ids["Anna"], deadwood=3),
                                 services.HandInput(ids["Ben"], deadwood=12)], user=OPERATOR)
    expect(phone.locator(".news")).to_contain_text(
        "Anna knocked with 3 points.", timeout=AFTER_A_POLL_MS)
    expect(notice).to_be_hidden()


def test_two_phones_entering_the_same_round_make_one_round(phones, alice, bob, club):
    game_id = game_with(club, ["Anna", "Ben", "Cem", "Dora"])
    first, second = phones.open(bob), phones.open(alice)
    for page in (first, second):
        page.goto(f"/games/{game_id}/rounds/new/")
    fill_round(first, "Anna", {"Anna": 3, "Ben": 12, "Cem": 20, "Dora": 7})
    fill_round(second, "Ben", {"Anna": 30, "Ben": 2, "Cem": 9, "Dora": 17})

    first.locator("#round-form .save").click()
    expect(first.locator(".news")).to_contain_text("Anna knocked with 3 points.")
    phones.expected_statuses.add(409)
    second.locator("#round-form .save").click()

    # The second phone keeps what it typed, offered as a correction of the round recorded.
    expect(second.get_by_role("alert")).to_contain_text(
        "Round 1 was entered on another phone meanwhile")
    expect(second.get_by_role("heading", name="Correct round 1")).to_be_visible()
    expect(second.get_by_label("Points of Anna")).to_have_value("30")
    expect(second.locator(".hand", has_text="Anna").locator(".recorded")).to_have_text(
        "recorded: knocked, 3")
    assert Round.objects.filter(game_id=game_id).count() == 1
    second.get_by_role("link", name="Sheet").click()
    expect(second.locator(".news")).to_contain_text("Anna knocked with 3 points.")  # A's round
    expect(second.get_by_role("link", name="Enter round 2")).to_be_visible()
    second.get_by_role("link", name="Ledger").click()
    premiums = second.locator("table.ledger tbody tr", has_text="Knock premium")
    expect(premiums).to_have_count(3)  # Ben, Cem and Dora pay Anna, once
    assert kinds(game_id).count("knock_premium") == 3


def test_a_double_tap_on_a_rebuy_or_on_ending_a_points_game_counts_once(phone, club):
    rebuy_game = game_with(club, ["Anna", "Ben", "Cem"],
                           rounds=[("Anna", {"Anna": 2, "Ben": 30, "Cem": 88})])
    points_game = game_with(club, ["Dana", "Emil", "Fritz"], rules={"mode": "points"},
                            rounds=[("Dana", {"Dana": 0, "Emil": 12, "Fritz": 30})])

    phone.goto(f"/games/{rebuy_game}/")
    phone.get_by_role("button", name="Cem re-buys").dblclick()
    expect(phone.locator(".sheet .rb")).to_have_text("30")
    phone.goto(f"/games/{points_game}/")
    phone.get_by_role("button", name="End the points game").dblclick()
    expect(phone.locator(".payments li")).to_have_count(2)

    expect(phone.get_by_role("alert")).to_have_count(0)  # no "already closed" either
    assert kinds(rebuy_game).count("rebuy") == 1
    assert kinds(points_game).count("point_settlement") == 2


def kinds(game_id: int) -> list[str]:
    """The kinds of the game's ledger entries, in the order written."""
    return [line.kind for line in lines(game_id)]
