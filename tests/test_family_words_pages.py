"""Each family's round form in its own words (issue 25, items 6 and 7; docs/table.md):

- Gin: "Knock" and "Gin" (and "Big Gin" where the rules have it); a gin's knocker is not
  asked for a hand; the defender's deadwood is "after laying off"; cards picked for the
  defender show the laid-off result at once, as the sheet will (docs/rules.md 8.9);
- Rami elimination asks only the hands that count: no laid column, and "nobody else had
  laid" is one tap that gives ×4 (docs/rules.md 10.5);
- Basic Rummy and Rami's other modes ask what their rounds need, and no more.

The Django test client plays the phone, as in tests/test_gin_pages.py.
"""

import re

from scorekeeper.models import Round

from .test_basic_pages import play as play_tally
from .test_basic_pages import sheet_rows
from .test_basic_pages import start as start_tally
from .test_gin_pages import (
    ANNA_KNOCKS_WITH_6,
    BEN_23_AFTER_LAYING_OFF,
    HTMX,
    ids_of,
    round_data,
    sheet,
    sheet_rounds,
    start_gin,
    text,
)

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}


def legend(form: str) -> str:
    return text(re.search(r'<fieldset class="hands"[^>]*>\s*<legend>(.*?)</legend>', form,
                          re.S)[1])


# --- Gin ------------------------------------------------------------------------------------


def test_the_gin_form_offers_knock_and_gin_and_says_after_laying_off(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"])

    form = bob_page.get(f"/games/{game.pk}/rounds/new/").content.decode()

    assert re.findall(r'name="how" value="(\w+)"( checked)?><span>(\w+)</span>', form) == [
        ("knock", " checked", "Knock"), ("gin", "", "Gin")]
    assert legend(form) == ("Tap who knocked, then type the deadwood: the other player's "
                            "after laying off. A gin holds 0.")
    assert form.count('<span class="after-lay-off">after laying off</span>') == 2
    assert "type everyone's points" not in form


def test_a_gin_is_two_taps_and_the_defenders_points(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"])
    # the knocker's field is hidden for a gin; whatever it held is not sent
    data = {**round_data(bob_page, game, "Anna", {"Anna": 7, "Ben": 30}), "how": "gin"}

    response = bob_page.post(f"/games/{game.pk}/rounds/new/", data)

    assert response.status_code == 302
    assert sheet_rounds(sheet(bob_page, game))[0][-1] == (
        "Anna went gin and wins 50 = 30 + 20 gin.")
    deadwood = {hand.player.name: hand.deadwood
                for hand in Round.objects.get().hands.select_related("player")}
    assert deadwood == {"Anna": 0, "Ben": 30}


def test_cards_picked_for_the_defender_show_the_laid_off_result_at_once(club, bob_page):
    # seed 004, round 1: Ben's 10 cards hold 40 alone; laid off onto Anna's melds, 23
    game = start_gin(bob_page, club, ["Anna", "Ben"])
    ids = ids_of(game)
    anna, ben = ids["Anna"], ids["Ben"]
    form = {"ender": anna, f"mode-{anna}": "cards", f"cards-{anna}": ANNA_KNOCKS_WITH_6,
            f"mode-{ben}": "cards", f"cards-{ben}": BEN_23_AFTER_LAYING_OFF}

    answer = bob_page.post(f"/games/{game.pk}/hand/", {**form, "pick_show": f"{ben}:"},
                           **HTMX).content.decode()
    alone = bob_page.post(f"/games/{game.pk}/hand/", {
        f"mode-{ben}": "cards", f"cards-{ben}": BEN_23_AFTER_LAYING_OFF,
        "pick_show": f"{ben}:"}, **HTMX).content.decode()
    as_gin = bob_page.post(f"/games/{game.pk}/hand/", {**form, "how": "gin",
                                                        "pick_show": f"{ben}:"},
                           **HTMX).content.decode()

    def shown(page):
        return text(re.search(r'<output class="dw"[^>]*>(.*?)</output>', page, re.S)[1])

    assert shown(answer) == "23 points"
    laid_off = re.search(r'<span class="meld laid-off">(.*?)</span>\s*(?:</div>|<span)',
                         answer, re.S)[1]
    assert re.findall(r'value="\d+:(\w+)"', laid_off) == ["2S", "7S", "8D"]
    assert "laid off" in text(laid_off)
    # without the knocker's cards nothing is laid off; against a gin neither (8.3)
    assert shown(alone) == shown(as_gin) == "40 points"
    assert "laid-off" not in alone


def test_the_sheet_agrees_with_what_the_form_showed(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"])

    response = bob_page.post(f"/games/{game.pk}/rounds/new/", round_data(
        bob_page, game, "Anna", {"Anna": ANNA_KNOCKS_WITH_6, "Ben": BEN_23_AFTER_LAYING_OFF}))

    assert response.status_code == 302
    assert sheet_rounds(sheet(bob_page, game))[0][1:3] == (
        "D K 6 deadwood +17 17", "23 deadwood 0")


def test_the_gin_form_in_german(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"], big_gin="on")
    bob_page.cookies.load({"django_language": "de"})

    form = bob_page.get(f"/games/{game.pk}/rounds/new/", **GERMAN).content.decode()

    assert re.findall(r'name="how" value="\w+"[^>]*><span>([^<]+)</span>', form) == [
        "Klopfen", "Gin", "Big Gin"]
    assert "Wie endete die Runde?" in form
    assert '<span class="after-lay-off">nach dem Anlegen</span>' in form
    assert legend(form).startswith("Tippe an, wer geklopft hat")


# --- Rami -----------------------------------------------------------------------------------


def test_elimination_asks_only_the_hands_and_nobody_else_laid(club, bob_page):
    game = start_tally(bob_page, club, ["Anna", "Ben", "Cem"], preset="rami",
                       rami_mode="elimination")

    form = bob_page.get(f"/games/{game.pk}/rounds/new/").content.decode()

    assert 'name="laid-' not in form and 'name="melds-' not in form
    assert 'class="hand-head"' not in form
    assert re.findall(r'name="dw-(\d+)"', form) == [str(p) for p in ids_of(game).values()]
    assert re.search(r'<input type="checkbox" name="nobody_else_laid"><span>Nobody else had '
                     r"laid: a Rummy counts ×4</span>", form)
    assert legend(form) == "Tap who finished, then type the points left in the others' hands."


def test_nobody_else_laid_is_one_tap_that_gives_x4_and_a_correction_keeps_it(club, bob_page):
    # docs/rules.md 10.5: a Rummy while nobody else had laid multiplies the hands by 4
    game = start_tally(bob_page, club, ["Anna", "Ben", "Cem"], preset="rami",
                       rami_mode="elimination")

    play_tally(bob_page, game, "Anna", {"Ben": 45, "Cem": 60}, finish="rummy",
               nobody_else_laid=True)

    assert sheet_rows(sheet(bob_page, game)) == [
        ("1", "D R 0 0", "45 × 4 180", "60 × 4 240")]
    laid = {hand.player.name: hand.laid
            for hand in Round.objects.get().hands.select_related("player")}
    assert laid == {"Anna": None, "Ben": 0, "Cem": 0}
    correction = bob_page.get(f"/games/{game.pk}/rounds/1/edit/").content.decode()
    assert re.search(r'name="nobody_else_laid" checked', correction)


def test_rami_normal_still_asks_what_everyone_laid_and_no_tap(club, bob_page):
    game = start_tally(bob_page, club, ["Anna", "Ben"], preset="rami")

    form = bob_page.get(f"/games/{game.pk}/rounds/new/").content.decode()

    assert len(re.findall(r'name="laid-\d+"', form)) == 2
    assert 'class="hand-head"' in form
    assert "nobody_else_laid" not in form


def test_basic_rummy_asks_who_went_out_and_the_hands_only(club, bob_page):
    game = start_tally(bob_page, club, ["Anna", "Ben", "Cem"])

    form = bob_page.get(f"/games/{game.pk}/rounds/new/").content.decode()

    assert legend(form) == ("Tap who went out, then type the points left in the others' "
                            "hands.")
    for asked in ('name="laid-', 'name="how"', 'name="finish"', "upcard", "nobody_else_laid",
                  "after-lay-off"):
        assert asked not in form, asked


def test_elimination_in_german(club, bob_page):
    game = start_tally(bob_page, club, ["Anna", "Ben"], preset="rami",
                       rami_mode="elimination")
    bob_page.cookies.load({"django_language": "de"})

    form = bob_page.get(f"/games/{game.pk}/rounds/new/", **GERMAN).content.decode()

    assert "Sonst hat niemand ausgelegt: Ein Rummy zählt ×4" in form
    assert legend(form) == ("Tippe an, wer beendet hat, dann gib die Punkte auf den Händen "
                            "der anderen ein.")
