"""Undo and confirm in a real browser (chromium, 390 x 844, touch; issue 25, item 3;
docs/table.md, "Undo last round"): "Void round" asks once and "no" keeps what was typed;
"Undo round N" takes the last round back with one tap, and round N is entered again.

Fixtures: tests/browser_support.py (a dialog fails the test: the question is the page's
own, not the browser's); steps: tests/browser_steps.py.
"""

from playwright.sync_api import expect

from scorekeeper import services
from scorekeeper.models import Round
from scorekeeper.services.policy import OPERATOR
from tests.browser_steps import enter_round, fill_round, game_with

pytest_plugins = ["tests.browser_support"]


def test_void_round_asks_once_and_no_keeps_what_was_typed(phone, club):
    game = services.start_game(club=club, name="Gin am Freitag", preset="gin",
                               players=["Anna", "Ben"], user=OPERATOR).game
    phone.goto(f"/games/{game.pk}/rounds/new/")
    fill_round(phone, "Anna", {"Anna": 6, "Ben": 23})
    form = phone.locator("#round-form")

    # when "Void round" is tapped, the form asks, and the safe answer has the focus
    form.get_by_role("button", name="Void round").click()
    expect(form.get_by_text("Void round 1? What was typed is discarded.")).to_be_visible()
    keep = form.get_by_role("button", name="No, keep what was typed")
    expect(keep).to_be_focused()
    assert not Round.objects.filter(game=game).exists()

    # when the answer is no: what was typed is still there, and nothing was saved
    keep.click()
    expect(form.get_by_text("What was typed is discarded")).to_have_count(0)
    ben = form.locator(".hand", has=phone.locator(".name", has_text="Ben"))
    expect(ben.locator("input[data-dw]")).to_have_value("23")
    anna = form.locator(".hand", has=phone.locator(".name", has_text="Anna"))
    expect(anna.locator("input[name=ender]")).to_be_checked()
    assert not Round.objects.filter(game=game).exists()

    # when asked again and the answer is yes: a void round is saved
    form.get_by_role("button", name="Void round").click()
    form.get_by_role("button", name="Yes, void round 1").click()
    expect(phone.locator(".news")).to_contain_text("Void round: no score")
    assert Round.objects.get(game=game, number=1).void


def test_undo_last_round_is_one_tap_and_the_round_is_entered_again(phone, club):
    game_id = game_with(club, ["Anna", "Ben", "Cem"], rounds=[
        ("Anna", {"Anna": 3, "Ben": 20, "Cem": 25}),
        ("Ben", {"Anna": 30, "Ben": 0, "Cem": 12}),
    ])
    phone.goto(f"/games/{game_id}/")

    phone.get_by_role("button", name="Undo round 2").click()

    notice = phone.get_by_role("status").filter(has_text="Round 2 was undone at the table")
    expect(notice).to_be_visible()
    expect(phone.get_by_role("link", name="Enter round 2")).to_be_visible()
    expect(phone.get_by_role("button", name="Undo round 1")).to_be_visible()
    assert Round.objects.get(game_id=game_id, number=2).undone_at is not None

    # round 2 again, now won by Cem: the sheet goes on with round 3
    enter_round(phone, game_id, "Cem", {"Anna": 14, "Ben": 9, "Cem": 0})
    expect(phone.get_by_role("link", name="Enter round 3")).to_be_visible()
    expect(notice).to_have_count(0)
    assert services.verify_game(services.load_game(game_id)) == []


def test_undo_last_round_in_german(phones, bob, club):
    phone = phones.open(bob, locale="de-DE")
    game_id = game_with(club, ["Anna", "Ben"], rounds=[("Anna", {"Anna": 3, "Ben": 20})])
    phone.goto(f"/games/{game_id}/")

    phone.get_by_role("button", name="Runde 1 zurücknehmen").click()

    expect(phone.get_by_role("status").filter(
        has_text="Runde 1 wurde am Tisch zurückgenommen")).to_be_visible()
    expect(phone.get_by_role("link", name="Runde 1 eintragen")).to_be_visible()
