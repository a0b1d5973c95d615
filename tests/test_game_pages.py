"""The pages: a whole evening through the forms a phone sends, in English and German.

The Django test client plays the phone: plain form posts (no JavaScript) and the
same posts as htmx sends them (HX-Request), which get fragments back.
"""

import gzip
import re

import pytest
from django.test import Client

from scorekeeper import services
from scorekeeper.models import Club, Game, IdempotencyKey, Membership, Round
from scorekeeper.services import policy
from scorekeeper.services.policy import OPERATOR
from scorekeeper.web import presenters as pages

from .api_table import Table

HTMX = {"HTTP_HX_REQUEST": "true"}


def start_game(client, club, players, *, preset="wiener", buy_in="5.00", extra=None, **headers):
    data = {"club": club.pk, "preset": preset, "buy_in": buy_in, "knock_premium": "1.00",
            "rebuy": "on", "lay_off": "none", "seat": players, "start": "1", **(extra or {})}
    response = client.post("/games/new/", data, **headers)
    assert response.status_code == 302, response.content.decode()[:2000]
    return Game.objects.get(pk=int(response["Location"].strip("/").split("/")[-1]))


def ids_of(game) -> dict[str, int]:
    return {seat.player.name: seat.player_id for seat in game.seats.select_related("player")}


def data_key(game, name) -> str:
    """The form field of a player's points."""
    return f"dw-{ids_of(game)[name]}"


def round_form(client, game) -> dict:
    """The round form's hidden fields, as a phone got them."""
    response = client.get(f"/games/{game.pk}/rounds/new/")
    assert response.status_code == 200
    html = response.content.decode()
    return {
        "number": re.search(r'name="number" value="(\d+)"', html)[1],
        "key": re.search(r'name="key" value="([^"]+)"', html)[1],
        "players": re.findall(r'name="players" value="(\d+)"', html),
    }


def round_data(client, game, ender, points, **extra) -> dict:
    form = round_form(client, game)
    ids = ids_of(game)
    data = {**form, "ender": ids[ender], **extra}
    for name, value in points.items():
        if isinstance(value, str) and not value.isdigit():
            data[f"mode-{ids[name]}"] = "cards"
            data[f"cards-{ids[name]}"] = value
        else:
            data[f"dw-{ids[name]}"] = str(value)
    return data


def play(client, game, ender, points, **headers):
    response = client.post(f"/games/{game.pk}/rounds/new/",
                           round_data(client, game, ender, points), **headers)
    assert response.status_code in (200, 302), response.content.decode()[:3000]
    return response


def sheet(client, game, **headers) -> str:
    response = client.get(f"/games/{game.pk}/", **headers)
    assert response.status_code == 200
    return response.content.decode()


# --- Access -------------------------------------------------------------------------------


def test_every_page_asks_a_stranger_to_sign_in(club, alice):
    game = services.start_game(club=club, name="G", preset="wiener", players=["A", "B"],
                               user=OPERATOR).game
    anonymous = Client()

    answers = [anonymous.get(url) for url in (
        "/", "/games/new/", f"/games/{game.pk}/", f"/games/{game.pk}/rounds/new/",
        f"/games/{game.pk}/ledger/", f"/games/{game.pk}/share/",
    )]

    assert [(r.status_code, r["Location"].split("?")[0]) for r in answers] == [
        (302, "/accounts/login/")] * 6


def test_the_login_page_signs_in_and_goes_home(alice):
    client = Client()
    assert client.get("/accounts/login/").status_code == 200

    response = client.post("/accounts/login/",
                           {"username": "alice", "password": "alice-secret-42"})

    assert (response.status_code, response["Location"]) == (302, "/")
    assert "Running" in client.get("/").content.decode()


def test_members_see_the_game_and_others_get_404(club, alice_page, bob_page, carol_page,
                                                 mallory_page):
    game = services.start_game(club=club, name="Freitag", preset="wiener",
                               players=["Anna", "Ben"], user=OPERATOR).game
    urls = [f"/games/{game.pk}/", f"/games/{game.pk}/ledger/", f"/games/{game.pk}/share/",
            f"/games/{game.pk}/rounds/new/", f"/games/{game.pk}/rounds/1/edit/"]

    assert [alice_page.get(url).status_code for url in urls[:4]] == [200, 200, 200, 200]
    assert [carol_page.get(url).status_code for url in urls[:3]] == [200, 200, 200]
    assert [mallory_page.get(url).status_code for url in urls] == [404] * 5
    assert "Freitag" not in mallory_page.get("/").content.decode()
    assert "Freitag" in carol_page.get("/").content.decode()


def test_a_viewer_sees_the_sheet_but_no_entry_forms_and_gets_403_on_writes(club, carol_page):
    view = services.start_game(club=club, name="G", preset="wiener", players=["Anna", "Ben"],
                               user=OPERATOR)
    game, ids = view.game, ids_of(view.game)

    html = sheet(carol_page, game)
    writes = [
        carol_page.get(f"/games/{game.pk}/rounds/new/"),
        carol_page.post(f"/games/{game.pk}/rounds/new/", {"number": 1, "ender": ids["Anna"]}),
        carol_page.post(f"/games/{game.pk}/rebuy/", {"player": ids["Anna"]}),
        carol_page.post(f"/games/{game.pk}/hand/", {"pick_cards": f"{ids['Anna']}:"}),
        carol_page.get("/games/new/"),
    ]

    assert "Enter round" not in html and "/rounds/new/" not in html
    assert [response.status_code for response in writes] == [403] * 5
    assert Round.objects.count() == 0


# --- A whole game ---------------------------------------------------------------------------


def test_a_four_player_wiener_game_through_the_page_forms_to_the_payout(club, bob_page):
    home = bob_page.get("/").content.decode()
    assert "New game" in home
    form = bob_page.get("/games/new/").content.decode()
    assert "Wiener Rummy" in form and "Rommé ohne Auslegen" in form

    game = start_game(bob_page, club, ["Anna", "Ben", "Cem", "Dora"])
    ids = ids_of(game)
    assert "Enter round 1" in sheet(bob_page, game)

    # Round 1: Dora goes to 85 and may re-buy to Ben's 40 for the buy-in.
    play(bob_page, game, "Anna", {"Anna": 3, "Ben": 40, "Cem": 30, "Dora": 85})
    html = sheet(bob_page, game)
    assert "Dora may re-buy: from 85 to 40 points for €5.00, 45 points saved." in html
    bob_page.post(f"/games/{game.pk}/rebuy/", {"player": ids["Dora"], "key": "rebuy-1"})
    # Round 2 by cards for Ben (a Rummy hand: 0), Cem and Dora go over together.
    play(bob_page, game, "Ben", {"Anna": 50, "Ben": "AS 2S 3S 4S 7H 7D 7C QD QH QS",
                                 "Cem": 80, "Dora": 70})
    html = sheet(bob_page, game)
    assert "Ben went Rummy." in html
    assert "Cem is out." in html and "Dora is out." in html
    # Round 3: Anna knocks, Ben goes over: Anna wins the pot of 25.00.
    play(bob_page, game, "Anna", {"Anna": 2, "Ben": 70})

    html = sheet(bob_page, game)
    game.refresh_from_db()
    assert game.status == "finished"
    assert "Anna wins" in html
    assert re.search(r'<span class="name">Anna</span>.*?<strong>€25.00</strong>', html, re.S)
    assert "<b>Ben</b> pays <b>Anna</b>" in html
    assert "Enter round" not in html
    assert services.verify_game(game) == []
    ledger = bob_page.get(f"/games/{game.pk}/ledger/").content.decode()
    assert ledger.count("Buy-in") == 4 and "Payout" in ledger and "Re-buy" in ledger


def test_a_round_corrected_with_a_reason_is_marked_in_the_sheet(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem"])
    play(bob_page, game, "Anna", {"Anna": 3, "Ben": 12, "Cem": 20})
    ids = ids_of(game)
    edit = bob_page.get(f"/games/{game.pk}/rounds/1/edit/").content.decode()
    assert 'value="12"' in edit and "Save correction" in edit
    key = re.search(r'name="key" value="([^"]+)"', edit)[1]
    version = re.search(r'name="version" value="(\d+)"', edit)[1]
    data = {"number": 1, "key": key, "version": version, "ender": ids["Anna"],
            "players": list(ids.values()), f"dw-{ids['Anna']}": 3,
            f"dw-{ids['Ben']}": 21, f"dw-{ids['Cem']}": 20}

    missing_reason = bob_page.post(f"/games/{game.pk}/rounds/1/edit/", data)
    corrected = bob_page.post(f"/games/{game.pk}/rounds/1/edit/",
                              {**data, "reason": "Ben had 21, not 12"})

    assert missing_reason.status_code == 422
    assert "Say in a few words why the round is corrected" in missing_reason.content.decode()
    assert corrected.status_code == 302
    html = sheet(bob_page, game)
    assert "Round 1 corrected: Ben had 21, not 12" in html
    assert '<span class="t">21</span>' in html


def test_a_correction_from_an_old_version_shows_the_sheet_with_a_message(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    play(bob_page, game, "Anna", {"Anna": 3, "Ben": 12})
    ids = ids_of(game)
    data = {"number": 1, "key": "k-old", "version": 1, "ender": ids["Anna"],
            "reason": "typo", "players": list(ids.values()),
            f"dw-{ids['Anna']}": 3, f"dw-{ids['Ben']}": 13}

    response = bob_page.post(f"/games/{game.pk}/rounds/1/edit/", data)

    assert response.status_code == 409
    assert "The game changed while you were correcting round 1" in response.content.decode()
    assert Round.objects.filter(game=game, revision=1).count() == 0


def test_a_points_game_is_ended_by_hand_and_settled(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem"], extra={"points_game": "on"})
    play(bob_page, game, "Anna", {"Anna": 0, "Ben": 12, "Cem": 30})
    html = sheet(bob_page, game)
    assert "End the points game" in html and "Pot" not in html

    bob_page.post(f"/games/{game.pk}/close/")

    html = sheet(bob_page, game)
    assert "<b>Ben</b> pays <b>Anna</b> <strong>€1.20</strong>" in html
    assert "<b>Cem</b> pays <b>Anna</b> <strong>€3.00</strong>" in html
    assert "Enter round" not in html and "End the points game" not in html


def test_the_dead_play_on_and_are_marked(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem"],
                      extra={"dead_play_on": "on", "rebuy": ""})
    play(bob_page, game, "Anna", {"Anna": 2, "Ben": 101, "Cem": 30})
    play(bob_page, game, "Ben", {"Anna": 20, "Ben": 3, "Cem": 10})

    html = sheet(bob_page, game)

    assert "Ben is dead and plays on." not in html  # that was after round 1
    assert '<span class="dead-mark" aria-hidden="true">†</span>' in html
    assert '<td class="dead en">' in html and '<span class="t">†</span>' in html


# --- The round form: errors, double taps, other phones -------------------------------------


def test_errors_appear_next_to_their_field_in_plain_words(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem"])
    ids = ids_of(game)

    false_knock = bob_page.post(f"/games/{game.pk}/rounds/new/", round_data(
        bob_page, game, "Anna", {"Anna": 20, "Ben": 12, "Cem": 4}))
    missing = bob_page.post(f"/games/{game.pk}/rounds/new/", {
        **round_form(bob_page, game), f"dw-{ids['Anna']}": "3", f"dw-{ids['Ben']}": "x"})

    assert false_knock.status_code == 422
    row = re.search(rf'<p class="error" id="err-{ids["Anna"]}">(.*?)</p>',
                    false_knock.content.decode())
    assert row[1] == "False knock: Anna has 20 deadwood, but the knock limit is 5"
    html = missing.content.decode()
    assert '<p class="error" id="ender-error">Tap the name of the player who knocked</p>' in html
    assert f'<p class="error" id="err-{ids["Ben"]}">Points are a whole number' in html
    assert f'<p class="error" id="err-{ids["Cem"]}">Enter Cem&#x27;s points</p>' in html
    assert f'name="dw-{ids["Ben"]}" value="x"' in html  # what was typed stays
    assert Round.objects.count() == 0


def test_an_engine_error_reads_in_german_too(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])

    response = bob_page.post(f"/games/{game.pk}/rounds/new/", round_data(
        bob_page, game, "Anna", {"Anna": 9, "Ben": 12}), HTTP_ACCEPT_LANGUAGE="de")

    assert (f'<p class="error" id="err-{ids_of(game)["Anna"]}">Falsch geklopft: Anna hat 9 '
            "Punkte, geklopft wird aber nur bis 5</p>") in response.content.decode()


def test_a_double_tap_records_the_round_once(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem"])
    data = round_data(bob_page, game, "Anna", {"Anna": 3, "Ben": 12, "Cem": 20})

    first = bob_page.post(f"/games/{game.pk}/rounds/new/", data)
    second = bob_page.post(f"/games/{game.pk}/rounds/new/", data)
    third = bob_page.post(f"/games/{game.pk}/rounds/new/", data, **HTMX)

    assert [first.status_code, second.status_code] == [302, 302]
    assert second["Location"] == f"/games/{game.pk}/"
    assert third.status_code == 200 and third["HX-Push-Url"] == f"/games/{game.pk}/"
    assert Round.objects.filter(game=game).count() == 1
    assert IdempotencyKey.objects.filter(key=data["key"]).count() == 1


def test_a_failed_round_leaves_its_key_unused_for_the_corrected_form(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    data = round_data(bob_page, game, "Anna", {"Anna": 30, "Ben": 12})

    refused = bob_page.post(f"/games/{game.pk}/rounds/new/", data)
    fixed = bob_page.post(f"/games/{game.pk}/rounds/new/", {**data, data_key(game, "Anna"): 3})

    assert (refused.status_code, fixed.status_code) == (422, 302)
    assert Round.objects.filter(game=game).count() == 1


def test_a_round_another_phone_entered_first_is_offered_as_a_correction(club, bob_page,
                                                                        alice_page):
    # (what the correction form shows: tests/test_round_form_entering.py)
    game = start_game(bob_page, club, ["Anna", "Ben"])
    bobs = round_data(bob_page, game, "Anna", {"Anna": 3, "Ben": 12})
    play(alice_page, game, "Ben", {"Anna": 7, "Ben": 2})

    response = bob_page.post(f"/games/{game.pk}/rounds/new/", bobs)

    assert response.status_code == 409
    html = response.content.decode()
    assert "Round 1 was entered on another phone meanwhile" in html
    assert f'action="/games/{game.pk}/rounds/1/edit/"' in html
    assert Round.objects.filter(game=game).count() == 1


# --- htmx fragments -----------------------------------------------------------------------


def test_htmx_gets_only_the_fragment_it_replaces(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem"])
    ids = ids_of(game)
    play(bob_page, game, "Anna", {"Anna": 3, "Ben": 12, "Cem": 20})
    game.refresh_from_db()

    board = bob_page.get(f"/games/{game.pk}/", HTTP_HX_TARGET="board", **HTMX)
    unchanged = bob_page.get(f"/games/{game.pk}/?v={game.version}", HTTP_HX_TARGET="board",
                             **HTMX)
    form = bob_page.post(f"/games/{game.pk}/rounds/new/",
                         {**round_form(bob_page, game), "ender": ids["Ben"]},
                         HTTP_HX_TARGET="round-form", **HTMX)
    seats = bob_page.post("/games/new/", {"club": club.pk, "seat": ["Anna"],
                                          "seat_new": "1", "new_name": "Zoë"},
                          HTTP_HX_TARGET="game-form", **HTMX)
    picker = bob_page.post(f"/games/{game.pk}/hand/", {
        "pick_add": f"{ids['Ben']}:3", f"mode-{ids['Ben']}": "cards",
        f"cards-{ids['Ben']}": "AS 2S", f"suit-{ids['Ben']}": "S"}, **HTMX)

    assert board.content.decode().startswith('\n<section id="board"')
    assert unchanged.status_code == 204 and unchanged.content == b""
    assert form.status_code == 422 and form.content.decode().startswith('\n<form id="round-form"')
    assert seats.content.decode().startswith('\n<form id="game-form"')
    assert 'name="seat" value="Zoë"' in seats.content.decode()
    html = picker.content.decode()
    assert html.strip().startswith(f'<div class="entry cards" id="entry-{ids["Ben"]}">')
    assert f'name="cards-{ids["Ben"]}" value="AS 2S 3S"' in html
    assert ">0<span" in html  # A♠ 2♠ 3♠ is a meld: no deadwood
    for response in (board, form, seats, picker):
        assert "<html" not in response.content.decode()


def test_starting_a_game_from_htmx_sends_the_phone_to_the_sheet(club, bob_page):
    response = bob_page.post("/games/new/", {
        "club": club.pk, "preset": "romme", "buy_in": "5", "knock_premium": "0,50",
        "rebuy": "on", "seat": ["Anna", "Ben"], "start": "1"}, HTTP_HX_TARGET="game-form",
        **HTMX)

    game = Game.objects.get()
    assert (response.status_code, response["HX-Location"]) == (204, f"/games/{game.pk}/")
    assert (game.preset, game.rules["knock_premium"], game.rules["buy_in"]) == (
        "romme", "0.50", "5.00")


def test_a_new_game_names_its_problems_next_to_the_fields(club, bob_page):
    response = bob_page.post("/games/new/", {
        "club": club.pk, "preset": "wiener", "buy_in": "fünf", "knock_premium": "1",
        "seat": ["Anna"], "start": "1"})

    html = response.content.decode()
    assert response.status_code == 422
    assert '<p class="error" id="buy-in-error">Enter an amount like 5 or 5.50</p>' in html
    assert Game.objects.count() == 0
    response = bob_page.post("/games/new/", {
        "club": club.pk, "preset": "wiener", "buy_in": "5", "knock_premium": "1",
        "seat": ["Anna"], "start": "1"})
    assert '<p class="error" id="players-error">A game needs at least 2 players</p>' in (
        response.content.decode())


def test_the_card_picker_works_without_javascript_too(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    data = round_form(bob_page, game)
    ben = ids_of(game)["Ben"]

    opened = bob_page.post(f"/games/{game.pk}/rounds/new/", {**data, "pick_cards": f"{ben}:"})
    added = bob_page.post(f"/games/{game.pk}/rounds/new/", {
        **data, f"mode-{ben}": "cards", f"cards-{ben}": "KS KH", f"suit-{ben}": "D",
        "pick_add": f"{ben}:K"})

    assert opened.status_code == 200 and "<html" in opened.content.decode()
    assert f'name="mode-{ben}" value="cards"' in opened.content.decode()
    assert f'name="cards-{ben}" value="KS KH KD"' in added.content.decode()
    assert Round.objects.count() == 0


def test_the_picker_refuses_a_third_copy_of_a_card(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    ben = ids_of(game)["Ben"]

    response = bob_page.post(f"/games/{game.pk}/hand/", {
        f"mode-{ben}": "cards", f"cards-{ben}": "QH QH", f"suit-{ben}": "H",
        "pick_add": f"{ben}:Q"}, **HTMX)

    html = response.content.decode()
    assert f'name="cards-{ben}" value="QH QH"' in html
    assert "The decks hold 2 × Q of hearts" in html


def test_pages_are_ready_for_a_strict_csp_and_send_csrf_with_htmx(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    play(bob_page, game, "Anna", {"Anna": 3, "Ben": 12})
    urls = ["/", "/games/new/", f"/games/{game.pk}/", f"/games/{game.pk}/rounds/new/",
            f"/games/{game.pk}/rounds/1/edit/", f"/games/{game.pk}/ledger/",
            f"/games/{game.pk}/share/", f"/s/{policy.share_token(game.pk)}/"]

    for url in urls:
        html = bob_page.get(url).content.decode()
        assert re.search(r"<script(?![^>]*\bsrc=)", html) is None, url
        assert re.search(r"\sstyle=|\son[a-z]+=|javascript:", html) is None, url
        assert re.search(r"src=\"(https?:)?//", html) is None, url  # loads nothing third-party
        assert '<body hx-headers=\'{"X-CSRFToken": "' in html, url


# --- Sharing ------------------------------------------------------------------------------


def test_the_share_link_opens_the_sheet_without_login_and_polls(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    share = bob_page.get(f"/games/{game.pk}/share/").content.decode()
    url = re.search(r'id="share-url" class="url" value="([^"]+)"', share)[1]
    path = url.removeprefix("http://testserver")
    anonymous = Client()

    page = anonymous.get(path).content.decode()
    game.refresh_from_db()
    same = anonymous.get(f"{path}?v={game.version}", HTTP_HX_TARGET="board", **HTMX)
    play(bob_page, game, "Anna", {"Anna": 3, "Ben": 12})
    changed = anonymous.get(f"{path}?v={game.version}", HTTP_HX_TARGET="board", **HTMX)

    assert "<svg" in share and "segno" in share
    assert path == f"/s/{policy.share_token(game.pk)}/"
    assert 'hx-trigger="every 5s"' in page and "Enter round" not in page
    assert same.status_code == 204
    assert changed.status_code == 200 and "After round 1" in changed.content.decode()
    assert anonymous.get(path[:-3] + "xx/").status_code == 404
    assert anonymous.get(f"/s/{game.pk}/").status_code == 404


# --- Languages, escaping, money -----------------------------------------------------------


def test_german_from_the_browser_with_german_numbers_and_money(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"], buy_in="8,75",
                      HTTP_ACCEPT_LANGUAGE="de")

    html = sheet(bob_page, game, HTTP_ACCEPT_LANGUAGE="de")
    english = sheet(bob_page, game, HTTP_ACCEPT_LANGUAGE="en")

    assert '<html lang="de">' in html
    assert "17,50\u00a0€" in html
    assert "Runde 1 eintragen" in html and "Noch keine Runde." in html
    assert "€17.50" in english and "Enter round 1" in english


def test_the_language_switch_keeps_german(club, bob_page):
    bob_page.post("/i18n/setlang/", {"language": "de", "next": "/"})

    html = bob_page.get("/").content.decode()

    assert "Neues Spiel" in html and '<html lang="de">' in html


def test_player_names_with_markup_are_escaped_everywhere(club, bob_page):
    evil = "<img src=x onerror=alert(1)>"
    game = start_game(bob_page, club, [evil, "Ben"])
    play(bob_page, game, evil, {evil: 3, "Ben": 12})

    pages_html = [sheet(bob_page, game), bob_page.get("/").content.decode(),
                  bob_page.get(f"/games/{game.pk}/rounds/new/").content.decode(),
                  bob_page.get(f"/games/{game.pk}/ledger/").content.decode(),
                  bob_page.get("/games/new/").content.decode()]

    for html in pages_html:
        assert "<img src=x" not in html
    assert "&lt;img src=x onerror=alert(1)&gt;" in pages_html[0]


def test_money_per_language():
    from django.utils import translation

    with translation.override("de"):
        german = [pages.money_text(1750), pages.money_text(-500), pages.money_text(123456)]
    with translation.override("en"):
        english = [pages.money_text(1750), pages.money_text(-500), pages.money_text(123456)]

    assert german == ["17,50\u00a0€", "\u22125,00\u00a0€", "1.234,56\u00a0€"]
    assert english == ["€17.50", "\u2212€5.00", "€1,234.56"]


# --- A long evening: size and queries -------------------------------------------------------

SIX = ["Anna", "Ben", "Cem", "Dora", "Emil", "Franziska"]


def long_game(club, rounds: int) -> Game:
    """Six players, `rounds` rounds, everyone under 101 (2 to 4 points a round: no Wiener hand
    counts 1, docs/rules.md 3.1); after 30 rounds the totals are 80 to 90."""
    view = services.start_game(club=club, name="Lange Nacht", preset="wiener", players=SIX,
                               user=OPERATOR)
    ids = [seat.player_id for seat in view.seats]
    for number in range(1, rounds + 1):
        ender = ids[number % 6]
        services.record_round(
            game_id=view.game.pk, number=number, ender=ender,
            hands=[services.HandInput(player, deadwood=2 if player == ender
                                      else (number + seat) % 3 + 2)
                   for seat, player in enumerate(ids)], user=OPERATOR,
        )
    return view.game


def test_the_sheet_of_a_30_round_6_player_game_is_under_60_kb_gzipped(club, bob_page):
    game = long_game(club, 30)

    response = bob_page.get(f"/games/{game.pk}/")

    size = len(gzip.compress(response.content))
    print(f"30 rounds x 6 players: {len(response.content)} bytes, {size} gzipped")
    assert response.status_code == 200
    assert response.content.decode().count('<th scope="row" class="rn"><a') == 30
    assert size < 60_000


@pytest.mark.parametrize("rounds", [1, 30])
def test_the_sheet_takes_the_same_queries_for_1_or_30_rounds(club, bob_page, rounds,
                                                            django_assert_max_num_queries):
    game = long_game(club, rounds)

    with django_assert_max_num_queries(8):
        assert bob_page.get(f"/games/{game.pk}/").status_code == 200
    with django_assert_max_num_queries(5):
        assert Client().get(f"/s/{policy.share_token(game.pk)}/").status_code == 200


def test_home_takes_the_same_queries_for_many_games(club, bob, bob_page,
                                                    django_assert_max_num_queries):
    for number in range(12):
        services.start_game(club=club, name=f"Spiel {number}", preset="romme",
                            players=["Anna", "Ben", "Cem"], user=OPERATOR)
    Membership.objects.create(club=Club.objects.create(name="Meidling"), user=bob,
                              role="viewer")

    with django_assert_max_num_queries(8):
        html = bob_page.get("/").content.decode()

    assert html.count('<li><a href="/games/') == 12


def test_the_sheet_of_a_game_that_took_in_a_carried_pot_shows_its_end(as_alice, alice_page):
    # given an evening whose first game left its pot standing (a dead player's knock put
    # the last living out) and whose second game took that pot in and was won
    session = as_alice.post("/api/v1/sessions/", {"name": "Freitagabend"}, format="json").json()
    first = Table.start(as_alice, ["Anna", "Ben", "Cem"], preset="romme", session=session["id"],
                        rules={"dead_play_on": True})
    first.knock("Anna", Anna=5, Ben=101, Cem=20)
    first.knock("Ben", Anna=96, Ben=3, Cem=81)
    second = Table.start(as_alice, ["Anna", "Ben", "Cem"], preset="romme",
                         session=session["id"])
    second.knock("Anna", Anna=0, Ben=101, Cem=101)

    # when the scorekeeper opens the second game's sheet
    response = alice_page.get(f"/games/{second.id}/")

    # then it shows who won and each player's money (Anna: the pot of 30.00 with the 15.00
    # carried in, two knock premiums, less her buy-in); the payments wait for the evening,
    # since the nets include the pot carried in
    assert response.status_code == 200
    page = response.content.decode()
    assert "Anna wins" in page
    assert "Who pays whom" not in page
    assert [amount for _name, amount in re.findall(
        r'<li><span>(\w+)</span> <strong class="\w*">([^<]+)</strong>', page)] == [
        "+€27.00", "−€6.00", "−€6.00"]


def test_a_round_saved_from_the_page_locks_the_game_once(club, bob_page,
                                                        django_assert_max_num_queries):
    # given a round form filled in on a phone
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem"])
    data = round_data(bob_page, game, "Anna", {"Anna": 3, "Ben": 12, "Cem": 20})

    # when it is saved, the sheet coming back in the same answer (20: one is the look-up of
    # the club's webhooks for the event outbox, docs/api.md "Webhooks"; one the command's
    # own question to the access policy, docs/security.md "Commands ask too")
    with django_assert_max_num_queries(20) as queries:
        response = bob_page.post(f"/games/{game.pk}/rounds/new/", data, **HTMX)

    # then the game was read once to check the form and once under its lock, no more
    assert response.status_code == 200
    game_reads = [q["sql"] for q in queries.captured_queries
                  if q["sql"].startswith('SELECT "scorekeeper_game"')]
    assert len(game_reads) == 2
