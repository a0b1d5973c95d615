"""Entering a round on the page (issue 12, "Entering"), through the forms a phone sends:
a forged second ender is refused, every error of a round shows at once next to its field,
a round another phone saved first keeps what this phone typed, and counts read "1 card".

What happens in the browser (replace-on-type, the card picker): test_browser_entering.py.
"""

import re
from html import unescape

import pytest

from scorekeeper import services
from scorekeeper.models import Round
from scorekeeper.rules import RulesError
from scorekeeper.services.policy import OPERATOR

from .test_game_pages import ids_of, play, round_data, start_game


def errors_in(html: str) -> dict[str, str]:
    """The error paragraphs of a page by their id: {"err-3": "Enter Ben's points"}."""
    return {match[1]: unescape(match[2]) for match in re.finditer(
        r'<p class="error" id="([^"]+)">([^<]*)</p>', html)}


def post_round(client, game, data, **headers):
    return client.post(f"/games/{game.pk}/rounds/new/", data, **headers)


# --- A forged second ender ----------------------------------------------------------------


def test_a_form_with_two_knockers_is_refused_next_to_the_names(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem"])
    ids = ids_of(game)
    data = round_data(bob_page, game, "Anna", {"Anna": 3, "Ben": 12, "Cem": 20})
    data["ender"] = [ids["Anna"], ids["Ben"]]  # radio buttons never send two

    response = post_round(bob_page, game, data)

    assert response.status_code == 422
    assert errors_in(response.content.decode())["ender-error"] == (
        "Only one player knocks: the form sent two, tap one name")
    assert Round.objects.filter(game=game).count() == 0


def test_a_field_sent_twice_is_refused_next_to_its_row(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    ids = ids_of(game)
    data = round_data(bob_page, game, "Anna", {"Anna": 3, "Ben": 12})
    data[f"dw-{ids['Ben']}"] = ["12", "21"]

    response = post_round(bob_page, game, data)

    assert response.status_code == 422
    assert errors_in(response.content.decode())[f"err-{ids['Ben']}"] == (
        "The form sent Ben's entry twice: enter it once")
    assert Round.objects.filter(game=game).count() == 0


# --- One form, all its errors ---------------------------------------------------------------


def test_three_bad_hands_show_three_messages_at_once(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem", "Dora"])
    ids = ids_of(game)
    data = round_data(bob_page, game, "Anna", {"Anna": 3})
    data.update({f"dw-{ids['Ben']}": "zwölf", f"dw-{ids['Cem']}": "²"})  # Dora: nothing

    response = post_round(bob_page, game, data)

    errors = errors_in(response.content.decode())
    assert response.status_code == 422
    assert errors == {
        f"err-{ids['Ben']}": "Points are a whole number, like 7 or 23",
        f"err-{ids['Cem']}": "Points are a whole number, like 7 or 23",
        f"err-{ids['Dora']}": "Enter Dora's points",
    }


def test_every_error_the_engine_finds_is_placed_at_its_own_row(club, bob_page, monkeypatch):
    # The engine gathers a round's errors into one RulesError whose `errors` lists them;
    # the page places each. (The engine's side is tested in the rules' tests.)
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem", "Dora"])
    ids = ids_of(game)
    first = RulesError("Ben is wrong", field="hands[1].deadwood")
    found = [first, RulesError("Cem is wrong", field="hands[2].deadwood"),
             RulesError("Dora is wrong", field="hands[3]"), RulesError("The round is wrong")]
    first.errors = found

    def refuse(**_kwargs):
        raise first

    monkeypatch.setattr(services, "record_round", refuse)
    response = post_round(bob_page, game, round_data(
        bob_page, game, "Anna", {"Anna": 3, "Ben": 12, "Cem": 20, "Dora": 7}))

    html = response.content.decode()
    assert response.status_code == 422
    assert errors_in(html) == {f"err-{ids['Ben']}": "Ben is wrong",
                               f"err-{ids['Cem']}": "Cem is wrong",
                               f"err-{ids['Dora']}": "Dora is wrong"}
    assert '<p class="error" role="alert">The round is wrong</p>' in html


def test_impossible_values_in_three_hands_get_three_messages(club, bob_page):
    # Wiener: no hand counts 1 (the smallest card is 2); every such hand is named.
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem", "Dora"])
    ids = ids_of(game)

    response = post_round(bob_page, game, round_data(
        bob_page, game, "Anna", {"Anna": 3, "Ben": 1, "Cem": 1, "Dora": 1}))

    errors = errors_in(response.content.decode())
    assert response.status_code == 422
    assert sorted(errors) == sorted(f"err-{ids[name]}" for name in ("Ben", "Cem", "Dora"))
    assert all(name in errors[f"err-{ids[name]}"] for name in ("Ben", "Cem", "Dora"))
    assert Round.objects.filter(game=game).count() == 0


# --- A stale form keeps what was typed ----------------------------------------------------


def test_a_round_saved_meanwhile_offers_the_typed_numbers_as_a_correction(club, bob_page,
                                                                           alice_page):
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem"])
    ids = ids_of(game)
    bobs = round_data(bob_page, game, "Anna", {"Anna": 3, "Ben": 21, "Cem": 20})
    play(alice_page, game, "Anna", {"Anna": 3, "Ben": 12, "Cem": 20})  # the other phone
    game.refresh_from_db()

    response = post_round(bob_page, game, bobs)

    html = unescape(response.content.decode())
    assert response.status_code == 409
    assert ("Round 1 was entered on another phone meanwhile: here is what you typed, as a "
            "correction of the round as recorded. Save it only if the recorded round is "
            "wrong.") in html
    assert f'action="/games/{game.pk}/rounds/1/edit/"' in html
    assert f'name="version" value="{game.version}"' in html
    # What this phone typed, with the recorded round beside it.
    assert f'name="dw-{ids["Ben"]}" value="21"' in html
    assert f'name="dw-{ids["Cem"]}" value="20"' in html
    assert re.search(rf'value="{ids["Anna"]}" checked', html)
    assert "recorded: knocked, 3" in html and "recorded: 12" in html
    assert 'name="reason" value="entered twice, on two phones"' in html
    assert Round.objects.filter(game=game).count() == 1  # nothing saved on its own

    # Saving it corrects the round.
    data = {**bobs, "version": game.version, "reason": "entered twice, on two phones",
            "key": re.search(r'name="key" value="([^"]+)"', html)[1]}
    saved = bob_page.post(f"/games/{game.pk}/rounds/1/edit/", data)
    assert saved.status_code == 302
    latest = Round.objects.filter(game=game, number=1).order_by("-revision")[0]
    assert {hand.player_id: hand.deadwood for hand in latest.hands.all()}[ids["Ben"]] == 21


def test_the_stale_correction_replaces_the_page_under_htmx(club, bob_page, alice_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    bobs = round_data(bob_page, game, "Anna", {"Anna": 3, "Ben": 12})
    play(alice_page, game, "Ben", {"Anna": 7, "Ben": 2})

    response = post_round(bob_page, game, bobs, HTTP_HX_REQUEST="true",
                          HTTP_HX_TARGET="round-form")

    assert response.status_code == 409
    assert response["HX-Retarget"] == "body"
    assert response["HX-Push-Url"] == f"/games/{game.pk}/rounds/1/edit/"
    assert "<title>Correct round 1" in response.content.decode()


# --- Plurals --------------------------------------------------------------------------------


@pytest.mark.parametrize(("language", "one", "laid"), [
    ("en", "1 of 1 card", "1 card laid"),
    ("de", "1 von 1 Karte", "1 Karte ausgelegt"),
])
def test_one_card_is_counted_in_the_singular(club, bob_page, language, one, laid):
    single = services.start_game(club=club, name="Eins", preset="wiener",
                                 players=["Anna", "Ben"], rules={"hand_size": 1}, user=OPERATOR)
    rami = services.start_game(club=club, name="Rami", preset="rami", players=["Anna", "Ben"],
                               user=OPERATOR)
    anna, rami_anna = (next(seat.player_id for seat in view.seats if seat.player.name == "Anna")
                       for view in (single, rami))
    bob_page.cookies["django_language"] = language

    hand = bob_page.post(f"/games/{single.game.pk}/hand/", {
        f"mode-{anna}": "cards", f"cards-{anna}": "QS", "pick_show": f"{anna}:"})
    melds = bob_page.post(f"/games/{rami.game.pk}/hand/", {
        f"lmode-{rami_anna}": "cards", f"melds-{rami_anna}": "QS",
        "pick_lay_show": f"{rami_anna}:"})
    form = bob_page.get(f"/games/{single.game.pk}/rounds/new/")

    assert f'<p class="count" aria-live="polite">{one} · ' in hand.content.decode()
    assert f'<p class="count" aria-live="polite">{laid} · ' in melds.content.decode()
    # What the browser writes as cards are tapped: the same words.
    assert f'data-t-count="{one.replace("1", "{n}", 1)}"' in form.content.decode()
