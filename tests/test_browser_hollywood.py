"""A phone in a real browser (chromium, 390 x 844, touch) plays Hollywood Gin through the
pages (docs/rules.md 8.12): the box on the new game page, three rounds tapped in with the
number pad, the three games side by side on the sheet, and the same sheet in German.

Fixtures: tests/browser_support.py; steps: tests/browser_steps.py.
"""

from playwright.sync_api import expect

from scorekeeper.models import Game
from tests.browser_steps import choose_game, enter_round, seat_players, start

pytest_plugins = ["tests.browser_support"]


def test_a_hollywood_game_on_a_phone_writes_three_games_side_by_side(phones, phone, bob):
    phone.goto("/games/new/")
    choose_game(phone, "Gin Rummy")
    seat_players(phone, ["Anna", "Ben"])
    phone.get_by_text("Hollywood: a match of two scored in three games at once.").click()
    game_id = start(phone)
    assert Game.objects.get(pk=game_id).rules["hollywood"] is True

    # Anna wins all three rounds (gin preset, target 100; docs/rules.md 8.4 and 8.12):
    #   round 1: knocks with 5, Ben holds 25: 20, her 1st win, game 1        -> 20 |  0 |  0
    #   round 2: knocks with 2, Ben holds 12: 10, her 2nd win, games 1 and 2 -> 30 | 10 |  0
    #   round 3: gin, Ben holds 5: 5 + 20 = 25, her 3rd win, all three      -> 55 | 35 | 25
    # Anna's boxes: 3 in game 1, 2 in game 2, 1 in game 3; Ben has none and 0 everywhere.
    # Nobody reaches 100, so every game plays on.
    enter_round(phone, game_id, "Anna", {"Anna": 5, "Ben": 25}, pad=True)
    enter_round(phone, game_id, "Anna", {"Anna": 2, "Ben": 12}, pad=True)
    enter_round(phone, game_id, "Anna", {"Anna": 0, "Ben": 5}, pad=True)

    sheet = phone.locator(".sheet.gin.hollywood")
    titles = sheet.locator(".game-titles th[scope=colgroup]")
    expect(titles).to_have_text(["Game 1", "Game 2", "Game 3"])
    # side by side: one row, left to right (measured at one moment: the page may scroll)
    boxes = titles.evaluate_all(
        "cells => cells.map(cell => { const box = cell.getBoundingClientRect();"
        " return [box.top, box.left]; })")
    assert len({top for top, _left in boxes}) == 1, boxes
    assert boxes[0][1] < boxes[1][1] < boxes[2][1], boxes
    expect(sheet.locator(".names .nm")).to_have_text(["Anna", "Ben"] * 3)
    expect(sheet.locator(".totals .sum")).to_have_text(["55", "0", "35", "0", "25", "0"])
    expect(sheet.locator(".totals .bx")).to_have_text(
        ["3 boxes", "0 boxes", "2 boxes", "0 boxes", "1 box", "0 boxes"])
    expect(sheet.locator(".written")).to_have_text(
        ["Written in game 1.", "Written in games 1, 2.", "Written in games 1, 2, 3."])

    german = phones.open(bob, locale="de-AT")
    german.goto(f"/games/{game_id}/")
    sheet = german.locator(".sheet.gin.hollywood")
    expect(german.locator("#hollywood-title")).to_have_text("Hollywood: drei Spiele auf einmal")
    expect(sheet.locator(".game-titles th[scope=colgroup]")).to_have_text(
        ["Spiel 1", "Spiel 2", "Spiel 3"])
    expect(sheet.locator(".totals .sum")).to_have_text(["55", "0", "35", "0", "25", "0"])
    expect(sheet.locator(".written")).to_have_text(
        ["Zählt in Spiel 1.", "Zählt in den Spielen 1, 2.", "Zählt in den Spielen 1, 2, 3."])
