"""The share page's Copy and Share buttons in a real browser (static/js/share.js): Copy
puts the link on the clipboard, also where the clipboard API is refused; Share hands the
link to the phone's share sheet and is hidden where the phone has none.

Fixtures: tests/browser_support.py.
"""

import re

from playwright.sync_api import expect

from scorekeeper.services import policy
from tests.browser_steps import game_with

pytest_plugins = ["tests.browser_support"]

NO_WEB_SHARE = "delete Navigator.prototype.share; delete Navigator.prototype.canShare;"
# A share sheet that keeps what it was given, for the test to read.
RECORDING_SHARE = """
Object.defineProperty(Navigator.prototype, "share", {configurable: true, value: function (data) {
  window.sharedData = data; return Promise.resolve();
}});
"""


def share_link(live_server, game_id):
    return f"{live_server.url}/s/{policy.share_token(game_id)}/"


def test_copy_puts_the_link_on_the_clipboard(phones, phone, club, live_server):
    game_id = game_with(club, ["Anna", "Ben"])
    phone.context.grant_permissions(["clipboard-read", "clipboard-write"], origin=phones.base_url)
    phone.goto(f"/games/{game_id}/")
    phone.get_by_role("link", name="Share").click()  # from the sheet, as a player gets there

    phone.get_by_role("button", name="Copy link").click()

    expect(phone.get_by_role("status")).to_have_text("Link copied.")
    assert phone.evaluate("navigator.clipboard.readText()") == share_link(live_server, game_id)


def test_where_the_clipboard_is_missing_copy_falls_back_and_selects_the_link(phone, club):
    # A LAN address over plain http is no secure context: there navigator.clipboard is missing.
    phone.add_init_script("delete Navigator.prototype.clipboard;")
    game_id = game_with(club, ["Anna", "Ben"])
    phone.goto(f"/games/{game_id}/share/")
    link = phone.locator("#share-url")

    phone.get_by_role("button", name="Copy link").click()

    expect(phone.get_by_role("status")).to_have_text(
        re.compile(r"^(Link copied\.|Link selected: copy it with your phone's menu\.)$"))
    expect(link).to_be_focused()
    assert link.evaluate("el => [el.selectionStart, el.selectionEnd]") == [
        0, len(link.input_value())]


def test_share_is_hidden_where_the_phone_has_no_share_sheet(phone, club):
    phone.add_init_script(NO_WEB_SHARE)
    game_id = game_with(club, ["Anna", "Ben"])
    phone.goto(f"/games/{game_id}/share/")

    expect(phone.get_by_role("button", name="Copy link")).to_be_visible()
    expect(phone.locator("[data-share]")).to_be_hidden()
    expect(phone.get_by_role("button", name="Share…")).to_have_count(0)


def test_share_hands_the_link_to_the_share_sheet(phone, club, live_server):
    phone.add_init_script(RECORDING_SHARE)
    game_id = game_with(club, ["Anna", "Ben"])
    phone.goto(f"/games/{game_id}/share/")

    phone.get_by_role("button", name="Share…").click()

    phone.wait_for_function("window.sharedData !== undefined")
    assert phone.evaluate("window.sharedData") == {
        "title": "Freitag", "url": share_link(live_server, game_id)}
