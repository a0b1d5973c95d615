"""Accessible and steady (issue 25, item 11; docs/table.md, "Accessibility"): what the pages
say to a screen reader and a keyboard, and what a page does when its session has ended.

The browser side (focus after Save, axe-core, layout shift) is in tests/test_browser_axe.py
and tests/test_browser_budget.py; this file checks the HTML the server sends.
"""

import re

import pytest
from django.test import Client

from scorekeeper import services
from scorekeeper.services.claims import claim_seat
from scorekeeper.services.policy import OPERATOR

from .test_game_pages import HTMX, ids_of, play, round_data, start_game
from .test_gin_pages import ids_of as gin_ids
from .test_gin_pages import start_gin
from .test_report_pages import points_game

# --- An ended session and htmx -----------------------------------------------------------------


@pytest.fixture
def ended(club, bob_page):
    """A game Bob keeps, and his phone after the session ended (no session cookie)."""
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem"])
    return game, Client()


def test_the_sheets_poll_after_the_session_ended_sends_the_phone_to_sign_in(ended):
    game, phone = ended
    response = phone.get(f"/games/{game.pk}/?v=1", HTTP_HX_TARGET="board",
                         HTTP_HX_CURRENT_URL=f"http://testserver/games/{game.pk}/", **HTMX)

    assert response.status_code == 401
    # htmx loads the sign-in page, which leads back to the sheet; nothing is swapped in.
    assert response["HX-Redirect"] == f"/accounts/login/?next=/games/{game.pk}/"
    assert response.content == b""


def test_the_round_forms_poll_and_save_after_the_session_ended_are_not_swapped_in(ended):
    game, phone = ended
    form_url = f"/games/{game.pk}/rounds/new/"
    on_form = {"HTTP_HX_CURRENT_URL": f"http://testserver{form_url}", **HTMX}

    poll = phone.get(f"{form_url}pending/?v=0", HTTP_HX_TARGET="pending-hands", **on_form)
    save = phone.post(form_url, {"number": "1", "ender": "1", "key": "k" * 22},
                      HTTP_HX_TARGET="round-form", **on_form)

    for response in (poll, save):
        assert response.status_code == 401
        assert response["HX-Redirect"] == f"/accounts/login/?next={form_url}"
        assert b"<main" not in response.content and b"<h1" not in response.content


def test_htmx_from_another_sites_page_is_sent_to_sign_in_then_home(ended):
    game, phone = ended
    response = phone.get(f"/games/{game.pk}/", HTTP_HX_CURRENT_URL="https://evil.example/x",
                         **HTMX)
    assert response.status_code == 401
    assert response["HX-Redirect"] == "/accounts/login/?next=/"


def test_a_page_opened_after_the_session_ended_still_redirects_to_sign_in(ended):
    game, phone = ended
    response = phone.get(f"/games/{game.pk}/")
    assert response.status_code == 302
    assert response["Location"] == f"/accounts/login/?next=/games/{game.pk}/"
    assert "HX-Redirect" not in response


# --- Counted words agree with their number (issue 25, item 10) ---------------------------------


@pytest.mark.parametrize(("language", "expected"), [
    ("en", "Joker appears 1 time; jokers in this game: 0"),
    ("de", "Joker kommt 1-mal vor; Joker in diesem Spiel: 0"),
])
def test_a_joker_in_a_game_without_jokers_is_counted_once_in_words(club, bob_page, language,
                                                                   expected):
    game = start_game(bob_page, club, ["Anna", "Ben"], preset="basic",
                      extra={"basic_jokers": "0", "basic_hand_size": "7"})
    data = round_data(bob_page, game, "Anna", {"Anna": 0, "Ben": "JK 2S 3S 4S 5S 6S 7S"})

    response = bob_page.post(f"/games/{game.pk}/rounds/new/", data,
                             HTTP_ACCEPT_LANGUAGE=language)

    assert response.status_code == 422
    assert expected in response.content.decode()
    assert "1 times" not in response.content.decode()


# --- After Save: said, and the first invalid control marked ------------------------------------


def test_a_saved_round_is_said_on_the_sheet_htmx_swaps_in(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem"])
    data = round_data(bob_page, game, "Anna", {"Anna": 3, "Ben": 12, "Cem": 20})

    answer = bob_page.post(f"/games/{game.pk}/rounds/new/", data,
                           HTTP_HX_TARGET="round-form", **HTMX).content.decode()

    # static/js/app.js announces the marked status line and focuses the sheet.
    assert '<p class="notice ok" role="status" data-saved>Round 1 saved.</p>' in answer
    # said once: the sheet's next load (or poll) says nothing more
    assert "data-saved" not in bob_page.get(f"/games/{game.pk}/").content.decode()


def test_a_saved_round_is_said_after_the_redirect_too_and_in_german(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem"])
    data = round_data(bob_page, game, "Ben", {"Anna": 30, "Ben": 2, "Cem": 20})

    answer = bob_page.post(f"/games/{game.pk}/rounds/new/", data, follow=True,
                           HTTP_ACCEPT_LANGUAGE="de")

    assert answer.redirect_chain == [(f"/games/{game.pk}/", 302)]
    assert 'role="status" data-saved>Runde 1 gespeichert.</p>' in answer.content.decode()


def test_a_repeated_tap_of_save_says_nothing(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    data = round_data(bob_page, game, "Anna", {"Anna": 3, "Ben": 12})
    bob_page.post(f"/games/{game.pk}/rounds/new/", data, **HTMX)

    again = bob_page.post(f"/games/{game.pk}/rounds/new/", data, **HTMX).content.decode()

    assert "data-saved" not in again


def test_a_correction_saved_is_said(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    play(bob_page, game, "Anna", {"Anna": 3, "Ben": 12})
    game.refresh_from_db()
    form = bob_page.get(f"/games/{game.pk}/rounds/1/edit/").content.decode()
    ids = ids_of(game)
    data = {"number": "1", "version": str(game.version), "ender": ids["Anna"],
            "key": re.search(r'name="key" value="([^"]+)"', form)[1],
            "players": [ids["Anna"], ids["Ben"]], f"dw-{ids['Anna']}": "3",
            f"dw-{ids['Ben']}": "15", "reason": "Ben counted again"}

    answer = bob_page.post(f"/games/{game.pk}/rounds/1/edit/", data, **HTMX).content.decode()

    assert 'data-saved>Round 1 corrected.</p>' in answer


def test_a_save_without_the_knocker_marks_the_radios_first(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem"])
    ids = ids_of(game)
    data = round_data(bob_page, game, "Anna", {"Anna": 3, "Ben": 12})  # Cem's points missing
    del data["ender"]

    form = bob_page.post(f"/games/{game.pk}/rounds/new/", data, HTTP_HX_TARGET="round-form",
                         **HTMX).content.decode()

    invalid = re.findall(r'<input[^>]*aria-invalid="true"[^>]*>', form)
    # In the form's order the knocker's radios come first, then Cem's empty field: the
    # first of them is what static/js/app.js focuses.
    assert [re.search(r'name="([^"]+)"', tag)[1] for tag in invalid] == [
        "ender", "ender", "ender", f"dw-{ids['Cem']}"]


# --- Names say whose and what ------------------------------------------------------------------


@pytest.mark.parametrize(("language", "knocked", "account", "has"), [
    ("en", "Anna knocked", "Anna's account: −6.00", "has 3"),  # the buy-in and Ben's knock
    ("de", "Anna: geklopft", "Konto von Anna: −6,00", "hat 3"),
])
def test_the_knocker_radios_and_money_links_say_whose_and_what(club, bob_page, language,
                                                                knocked, account, has):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    play(bob_page, game, "Ben", {"Anna": 3, "Ben": 2})
    ids = ids_of(game)

    form = bob_page.get(f"/games/{game.pk}/rounds/new/",
                        HTTP_ACCEPT_LANGUAGE=language).content.decode()
    sheet = bob_page.get(f"/games/{game.pk}/", HTTP_ACCEPT_LANGUAGE=language).content.decode()

    radio = re.search(rf'<input type="radio" name="ender" value="{ids["Anna"]}"[^>]*>', form)[0]
    assert f'aria-label="{knocked}"' in radio
    # what the player has is said after the name, as the radio's description
    assert f'aria-describedby="total-{ids["Anna"]}"' in radio
    assert re.search(rf'id="total-{ids["Anna"]}">[^<]*{has}', form)
    link = re.search(rf'<a href="/games/{game.pk}/players/{ids["Anna"]}/"[^>]*aria-label="'
                     r'([^"]+)">([^<]+)</a>', sheet)
    assert link and link[1] == account and link[2] in link[1]


def test_release_says_whose_phone(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    claim_seat(game_id=game.pk, player_id=ids_of(game)["Ben"])

    share = bob_page.get(f"/games/{game.pk}/share/").content.decode()
    pending = bob_page.get(f"/games/{game.pk}/rounds/new/pending/").content.decode()

    for page in (share, pending):
        assert '<button type="submit" class="link" aria-label="Release Ben\'s phone">Release' \
            '</button>' in page


def test_the_gin_winner_is_said_in_words_and_every_label_points_at_an_id(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"])
    ids = gin_ids(game)
    services.record_round(game_id=game.pk, number=1, ender=ids["Anna"], user=OPERATOR, hands=[
        services.HandInput(ids["Anna"], deadwood=0), services.HandInput(ids["Ben"], deadwood=90)])

    sheet = bob_page.get(f"/games/{game.pk}/").content.decode()

    won = re.search(r'<td class="won">(.*?)</td>', sheet, re.S)
    assert won and '<span class="vh">won the match</span>' in won[1]
    ids_in_page = set(re.findall(r'\sid="([^"]+)"', sheet))
    for labelled in re.findall(r'aria-labelledby="([^"]+)"', sheet):
        assert set(labelled.split()) <= ids_in_page, labelled


def test_the_reports_scrolling_tables_are_named_regions_a_keyboard_reaches(club, alice_page):
    points_game(club)
    page = alice_page.get(f"/clubs/{club.pk}/report/",
                          {"from": "2024-01-01", "to": "2024-12-31"}).content.decode()

    scrolling = re.findall(r'<div class="books-scroll"([^>]*)>', page)
    assert scrolling == [' tabindex="0" role="region" aria-label="Each player over the period"',
                         ' tabindex="0" role="region" aria-label="Each game of the period"']
