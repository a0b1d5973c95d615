"""The round form's number pad as served (issue 25, item 5; docs/table.md "The number pad"):
the pad is in the first HTML, folded when the phone's `pad` cookie says so, and the form
tells the pad the largest hand a field can hold. What the pad does in a browser is in
tests/test_browser_pad.py."""

import re

import pytest

from scorekeeper.models import Game

from .test_game_pages import start_game


def dock_of(html: str) -> str:
    return re.search(r'<div class="dock[^"]*" data-dock>.*?</form>', html, re.S)[0]


def round_form(client, game: Game) -> str:
    response = client.get(f"/games/{game.pk}/rounds/new/")
    assert response.status_code == 200
    return response.content.decode()


def test_the_pad_is_served_open_and_shown_from_the_first_paint(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    dock = dock_of(round_form(bob_page, game))

    assert re.match(r'<div class="dock" data-dock>', dock)
    assert '<div class="pad" id="pad-keys" data-pad>' in dock  # not hidden until a script runs
    assert re.search(r'<button type="button" class="pad-fold" data-pad-fold '
                     r'aria-controls="pad-keys" aria-expanded="true">.*Number pad</button>', dock)


@pytest.mark.parametrize(("cookie", "folded"), [("folded", True), ("open", False),
                                                ("<b>", False)])
def test_the_phones_pad_cookie_decides_whether_the_pad_is_served_folded(
        club, bob_page, cookie, folded):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    bob_page.cookies["pad"] = cookie
    dock = dock_of(round_form(bob_page, game))

    assert dock.startswith('<div class="dock folded" data-dock>') is folded
    assert f'aria-expanded="{"false" if folded else "true"}"' in dock
    assert "<b>" not in dock


def test_the_german_toggle_is_the_ziffernblock(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    bob_page.cookies["django_language"] = "de"
    dock = dock_of(round_form(bob_page, game))

    assert "Ziffernblock</button>" in dock


@pytest.mark.parametrize(("preset", "most"), [("wiener", 128), ("gin", 100)])
def test_the_form_names_the_largest_hand_for_the_pad(club, bob_page, preset, most):
    game = start_game(bob_page, club, ["Anna", "Ben"], preset=preset)
    html = round_form(bob_page, game)

    hand_max = int(re.search(r'data-hand-max="(\d+)"', html)[1])
    assert hand_max == most
    assert hand_max > int(re.search(r'data-knock-limit="(\d+)"', html)[1])
