"""The round form's number pad on a phone (issue 25, item 5 and "Accessible and steady"), in
chromium at 390 x 844: the pad never covers the field being typed, the correction's
what-if or an opened penalty list; it folds to one line and the phone remembers that; its
space is held from the first paint, so the form does not shift as it loads; and a
four-player knock round by numbers takes at most 13 taps (docs/table.md "The number pad").

"Covered" is measured, not looked at: an element counts as shown when its box lies
between the top of the viewport and the top edge of the dock (the pad and Save, which
stick to the foot of the screen).

Fixtures: tests/browser_support.py; steps: tests/browser_steps.py.
"""

import time

import pytest
from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.models import Round
from scorekeeper.services.claims import claim_seat, send_hand
from scorekeeper.services.policy import OPERATOR
from tests.browser_steps import game_with, seats

pytestmark = pytest.mark.slow

pytest_plugins = ["tests.browser_support"]

NAMES = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"]

# Summed layout shifts the page did not cause through input (Chromium's Layout Instability
# API), from the first paint on.
WATCH_SHIFTS = """
window.__shifts = 0;
new PerformanceObserver(list => {
  for (const entry of list.getEntries()) if (!entry.hadRecentInput) window.__shifts += entry.value;
}).observe({type: "layout-shift", buffered: true});
"""


def late(route):
    """Hold a request back a moment (the browser goes on painting meanwhile)."""
    time.sleep(0.3)
    route.continue_()


def uncovered(page, locator):
    """Whether the element's whole box is in the viewport and above the dock; the
    measurements, for the message when it is not."""
    box = locator.evaluate("""node => {
        const box = node.getBoundingClientRect();
        const dock = node.closest('form').querySelector('[data-dock]').getBoundingClientRect();
        return {top: box.top, bottom: box.bottom, dock: dock.top, height: innerHeight};
    }""")
    shown = 0 <= box["top"] and box["bottom"] <= min(box["dock"], box["height"])
    return shown, box


def assert_uncovered(page, locator, what):
    shown, box = uncovered(page, locator)
    assert shown, f"{what} is not clear of the pad: {box}"


def pad_key(page, key):
    return page.locator(f"#round-form [data-pad] button[data-key='{key}']")


def type_on_pad(page, number):
    for digit in str(number):
        pad_key(page, digit).click()


def hand_row(page, name):
    return page.locator("#round-form .hand", has=page.locator(".name", has_text=name))


# --- Nothing under the pad -------------------------------------------------------------------


@pytest.mark.parametrize("players", [4, 6])
def test_each_field_typed_into_on_the_pad_is_clear_of_the_pad(phone, club, players):
    # The players' phones box above the form pushes the last rows under the pad.
    names = NAMES[:players]
    game_id = game_with(club, names)
    for name in ("Ben", "Cem"):
        claim_seat(game_id=game_id, player_id=seats(game_id)[name])
    phone.goto(f"/games/{game_id}/rounds/new/")
    expect(phone.locator("#pending-hands")).to_contain_text("Cem's phone")
    dock = phone.locator("#round-form [data-dock]")
    expect(dock.locator("[data-pad]")).to_be_visible()

    phone.locator("#round-form label.who", has_text="Anna").click()
    for index, name in enumerate(names):
        field = hand_row(phone, name).locator("input[data-dw]")
        expect(field).to_be_focused()  # the knocker's field, then the next one's
        assert_uncovered(phone, hand_row(phone, name), f"{name}'s row")
        value = 3 if index == 0 else 20 + index  # complete numbers: the focus moves on
        type_on_pad(phone, value)
        expect(field).to_have_value(str(value))

    # The last row, tapped again from the top of the page, is scrolled clear too.
    phone.evaluate("window.scrollTo(0, 0)")
    last = hand_row(phone, names[-1])
    phone.locator("#round-form label.who", has_text=names[-1]).click()
    assert_uncovered(phone, last, f"{names[-1]}'s row")


@pytest.mark.parametrize("players", [4, 6])
def test_the_corrections_what_if_shows_above_the_pad_with_the_field(phone, club, players):
    names = NAMES[:players]
    points = {name: (2 if name == "Anna" else 10 + index) for index, name in enumerate(names)}
    game_id = game_with(club, names, rounds=[("Anna", points)])
    phone.goto(f"/games/{game_id}/rounds/1/edit/")
    what_if = phone.locator("#what-if")
    expect(what_if).to_contain_text("Nothing changes yet")

    for name in (names[1], names[-1]):  # the row furthest from the what-if, and the nearest
        phone.evaluate("window.scrollTo(0, 0)")
        field = hand_row(phone, name).locator("input[data-dw]")
        field.click()
        type_on_pad(phone, 40)  # complete (400 is no hand): the focus moves on to Save
        expect(what_if.locator(".wi-totals li", has_text=name)).to_contain_text("→ 40")
        phone.wait_for_timeout(100)  # the swap settles, then the page scrolls
        assert_uncovered(phone, hand_row(phone, name), f"{name}'s row")
        assert_uncovered(phone, what_if, "the what-if")
        field.click()
        type_on_pad(phone, points[name])  # as recorded again: nothing changes
        expect(what_if).to_contain_text("Nothing changes yet")


@pytest.mark.parametrize("players", [4, 6])
def test_an_opened_penalty_list_shows_above_the_pad(phone, club, players):
    view = services.start_game(club=club, name="Rami", preset="rami", players=NAMES[:players],
                               user=OPERATOR)
    phone.goto(f"/games/{view.game.pk}/rounds/new/")
    penalties = phone.locator("#round-form details.penalties")
    penalties.locator("summary").click()
    expect(penalties.locator("select").last).to_be_visible()
    assert_uncovered(phone, penalties, "the penalty list")


# --- Folding ----------------------------------------------------------------------------


def test_the_pad_folds_to_one_line_and_the_phone_remembers_it(phone, club):
    game_id = game_with(club, NAMES[:4])
    phone.goto(f"/games/{game_id}/rounds/new/")
    toggle = phone.get_by_role("button", name="Number pad")
    keys = phone.locator("#round-form [data-pad]")
    save = phone.locator("#round-form .save")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(toggle).to_have_attribute("aria-controls", "pad-keys")
    expect(keys).to_be_visible()
    opened = phone.locator("#round-form [data-dock]").bounding_box()["height"]

    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(keys).to_be_hidden()
    folded = phone.locator("#round-form [data-dock]").bounding_box()
    toggle_box, save_box = toggle.bounding_box(), save.bounding_box()
    assert toggle_box["y"] == save_box["y"]  # one line: the toggle beside Save
    assert folded["height"] < save_box["height"] * 1.6 < opened
    # Folded, the phone's own keyboard types: the fields ask for numbers again.
    expect(hand_row(phone, "Ben").locator("input[data-dw]")).to_have_attribute(
        "inputmode", "numeric")

    phone.reload()  # the phone remembers (a cookie: the server draws the pad folded)
    toggle = phone.get_by_role("button", name="Number pad")
    expect(toggle).to_have_attribute("aria-expanded", "false")
    expect(keys).to_be_hidden()

    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "true")
    expect(keys).to_be_visible()
    expect(hand_row(phone, "Ben").locator("input[data-dw]")).to_have_attribute(
        "inputmode", "none")


def test_the_german_pad_toggle_is_named_in_german(phones, club, bob):
    page = phones.open(bob, locale="de-DE")
    game_id = game_with(club, NAMES[:4])
    page.goto(f"/games/{game_id}/rounds/new/")
    if page.locator("html").get_attribute("lang") != "de":
        page.locator("footer .lang button[lang='de']").click()
        page.wait_for_url(f"**/games/{game_id}/rounds/new/")
    toggle = page.get_by_role("button", name="Ziffernblock")
    expect(toggle).to_have_attribute("aria-expanded", "true")
    toggle.click()
    expect(toggle).to_have_attribute("aria-expanded", "false")


# --- No shift as it loads ------------------------------------------------------------------


@pytest.mark.parametrize("folded", [False, True])
def test_the_round_form_does_not_shift_as_it_loads(phone, club, live_server, folded):
    game_id = game_with(club, NAMES[:4])
    phone.context.add_init_script(WATCH_SHIFTS)
    if folded:  # the fold a phone remembers is not a shift either
        phone.context.add_cookies([{"name": "pad", "value": "folded", "url": live_server.url}])
    # The scripts come late, as on a slow phone: the page is painted before they run.
    phone.route("**/*.js", late)
    phone.goto(f"/games/{game_id}/rounds/new/", wait_until="networkidle")
    phone.wait_for_timeout(300)
    expect(phone.get_by_role("button", name="Number pad")).to_have_attribute(
        "aria-expanded", "false" if folded else "true")
    shifts = phone.evaluate("window.__shifts")
    assert shifts < 0.02, f"the round form shifted by {shifts:.3f} as it loaded"


# --- Taps ----------------------------------------------------------------------------------


def test_a_four_player_knock_round_by_numbers_takes_at_most_13_taps(phone, club):
    """Every tap is counted as it happens: a listener in the page counts the pointers put
    down (a tap on a label clicks its radio too, so clicks would count it twice), kept
    over the page change. Digits are typed only on the pad."""
    game_id = game_with(club, NAMES[:4])
    phone.context.add_init_script("""
        document.addEventListener('pointerdown', event => {
          if (event.isTrusted) sessionStorage.taps = +(sessionStorage.taps || 0) + 1;
        }, true);""")
    phone.goto(f"/games/{game_id}/rounds/new/")
    phone.evaluate("sessionStorage.taps = 0")

    # The knocker; a complete number moves on by itself, so Next is never needed here:
    # 3 is all the knocker can have (30 is over the knock limit, 5), and 24, 41 and 17
    # are complete since no hand counts 240, 410 or 170 (docs/rules.md 3.1).
    phone.locator("#round-form label.who", has_text="Anna").click()
    for value in (3, 24, 41, 17):  # Anna, Ben, Cem and Dora
        type_on_pad(phone, value)
    expect(phone.locator("#round-form .save")).to_be_focused()
    phone.locator("#round-form .save").click()
    phone.wait_for_url(f"**/games/{game_id}/")
    expect(phone.locator(".sheet")).to_be_visible()

    taps = int(phone.evaluate("sessionStorage.taps"))
    ids = seats(game_id)
    hands = {hand.player_id: hand.deadwood for hand in Round.objects.get(game_id=game_id)
             .hands.all()}
    assert hands == {ids["Anna"]: 3, ids["Ben"]: 24, ids["Cem"]: 41, ids["Dora"]: 17}
    assert taps <= 13, f"{taps} taps"
    assert taps == 9  # knocker, 3, 2 4, 4 1, 1 7, Save


def test_with_every_player_entering_their_own_hand_the_scorekeeper_taps_at_most_3_times(
        phone, club):
    """Issue 25, "Done when": the four players send their hands from their phones; the
    round form as served holds them (docs/table.md, "Players' phones"), so the scorekeeper
    taps who knocked and Save."""
    game_id = game_with(club, NAMES[:4])
    ids = seats(game_id)
    sent = {"Anna": 3, "Ben": 24, "Cem": 41, "Dora": 17}
    for name, points in sent.items():
        claim = claim_seat(game_id=game_id, player_id=ids[name])
        send_hand(game_id=game_id, claim_id=claim.pk, number=1,
                  hand=services.HandInput(ids[name], deadwood=points))
    phone.context.add_init_script("""
        document.addEventListener('pointerdown', event => {
          if (event.isTrusted) sessionStorage.taps = +(sessionStorage.taps || 0) + 1;
        }, true);""")
    phone.goto(f"/games/{game_id}/rounds/new/")
    phone.evaluate("sessionStorage.taps = 0")

    phone.locator("#round-form label.who", has_text="Anna").click()
    phone.locator("#round-form .save").click()
    phone.wait_for_url(f"**/games/{game_id}/")
    expect(phone.locator(".sheet")).to_be_visible()

    taps = int(phone.evaluate("sessionStorage.taps"))
    hands = {hand.player_id: hand.deadwood for hand in Round.objects.get(game_id=game_id)
             .hands.all()}
    assert hands == {ids[name]: points for name, points in sent.items()}
    assert taps <= 3, f"{taps} taps"


def test_the_pad_waits_for_next_while_a_number_could_go_on(phone, club):
    game_id = game_with(club, NAMES[:4])
    phone.goto(f"/games/{game_id}/rounds/new/")
    phone.locator("#round-form label.who", has_text="Anna").click()
    anna = hand_row(phone, "Anna").locator("input[data-dw]")
    ben = hand_row(phone, "Ben").locator("input[data-dw]")
    cem = hand_row(phone, "Cem").locator("input[data-dw]")

    type_on_pad(phone, 0)  # 0 could still become 5: the knocker's field waits
    expect(anna).to_be_focused()
    pad_key(phone, "next").click()
    type_on_pad(phone, 12)  # 120 is a hand
    expect(ben).to_be_focused()
    type_on_pad(phone, 0)
    expect(ben).to_have_value("120")
    expect(cem).to_be_focused()  # 1200 is not
    # Rami's laid points are no hand: they wait for Next however long.
    view = services.start_game(club=club, name="Rami", preset="rami", players=NAMES[:2],
                               user=OPERATOR)
    phone.goto(f"/games/{view.game.pk}/rounds/new/")
    laid = phone.get_by_label("Points laid by Anna", exact=True)
    laid.click()
    type_on_pad(phone, 955)
    expect(laid).to_be_focused()
    expect(laid).to_have_value("955")
