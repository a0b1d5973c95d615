"""Undoing on the pages (docs/api.md, "Undoing"): the sheet's "Undo re-buy" until the next
round, the notice of a re-buy a correction undid, deleting a game started by mistake and
voiding one (an organiser, with a reason). Plain form posts and htmx posts, as phones send."""

import re

from ledger.models import Entry
from scorekeeper.models import Game, Rebuy

from .test_game_pages import HTMX, ids_of, play, sheet, start_game


def _rebought(client, club) -> Game:
    """Round 1 leaves Cem at 85; Cem re-buys through the sheet's form."""
    game = start_game(client, club, ["Anna", "Ben", "Cem"])
    play(client, game, "Anna", {"Anna": 3, "Ben": 40, "Cem": 85})
    client.post(f"/games/{game.pk}/rebuy/", {"player": ids_of(game)["Cem"], "key": "rb-1"})
    assert Rebuy.objects.filter(game=game, undone_at__isnull=True).count() == 1
    return game


def _undo_form(html: str) -> dict:
    """The hidden fields of the sheet's undo form."""
    form = re.search(r'<form class="undo-rebuy".*?</form>', html, re.S)[0]
    return dict(re.findall(r'name="(player|key)" value="([^"]+)"', form))


def test_the_sheet_offers_to_undo_a_rebuy_until_the_next_round(bob_page, club):
    # given Cem re-bought after round 1
    game = _rebought(bob_page, club)
    html = sheet(bob_page, game)
    assert "Undo Cem's re-buy" in html
    assert "Cem may re-buy" not in html

    # when the scorekeeper taps Undo (htmx: the sheet answers in place)
    response = bob_page.post(f"/games/{game.pk}/rebuy/undo/", _undo_form(html), **HTMX)

    # then the re-buy is undone, the offer is back, the ledger reversed the re-buy
    assert response.status_code == 200
    after = response.content.decode()
    assert "Undo Cem's re-buy" not in after
    assert "Cem may re-buy: from 85 to 40 points for €5.00" in after
    assert Rebuy.objects.get(game=game).undone_at is not None
    rebuy = Entry.objects.get(game_id=game.pk, kind="rebuy", reverses__isnull=True)
    assert Entry.objects.filter(reverses=rebuy).exists()


def test_a_double_tap_on_undo_undoes_once(bob_page, club):
    game = _rebought(bob_page, club)
    form = _undo_form(sheet(bob_page, game))

    first = bob_page.post(f"/games/{game.pk}/rebuy/undo/", form)
    second = bob_page.post(f"/games/{game.pk}/rebuy/undo/", form)

    assert (first.status_code, second.status_code) == (302, 302)
    assert Entry.objects.filter(game_id=game.pk, kind="rebuy").count() == 2  # entry, reversal


def test_after_the_next_round_no_undo_is_offered_and_a_late_one_is_refused(bob_page, club):
    game = _rebought(bob_page, club)
    form = _undo_form(sheet(bob_page, game))
    play(bob_page, game, "Ben", {"Anna": 20, "Ben": 0, "Cem": 10})

    assert "Undo Cem" not in sheet(bob_page, game)
    response = bob_page.post(f"/games/{game.pk}/rebuy/undo/", {**form, "key": "late"})

    assert response.status_code == 409
    assert ("That player has no re-buy since the last saved round to undo. To take back an "
            "earlier one, correct a round.") in response.content.decode()
    assert Rebuy.objects.get(game=game).undone_at is None


def test_a_correction_that_leaves_a_rebuy_impossible_says_so_on_the_sheet(bob_page, club):
    # given Cem re-bought after round 1
    game = _rebought(bob_page, club)
    ids = ids_of(game)
    game.refresh_from_db()

    # when round 1 is corrected: Cem had 30, so never a re-buy
    response = bob_page.post(f"/games/{game.pk}/rounds/1/edit/", {
        "number": 1, "key": "fix-1", "version": game.version, "reason": "Cem had 30",
        "players": list(ids.values()), "ender": ids["Anna"], f"dw-{ids['Anna']}": 3,
        f"dw-{ids['Ben']}": 40, f"dw-{ids['Cem']}": 30}, **HTMX)

    # then the sheet tells the table, with the money given back
    assert response.status_code == 200, response.content.decode()[:2000]
    notice = ("Cem's re-buy after round 1 was undone: the correction of round 1 leaves "
              "it impossible. €5.00 back to Cem.")
    assert notice in response.content.decode()
    assert notice in sheet(bob_page, game)  # every phone, until the next round
    assert Rebuy.objects.get(game=game).undone_by_correction == 1
    play(bob_page, game, "Anna", {"Anna": 2, "Ben": 10, "Cem": 10})
    assert "was undone" not in sheet(bob_page, game)


def test_a_game_without_rounds_is_deleted_after_a_second_tap_and_leaves_home(bob_page, club):
    # given a game started by mistake
    game = start_game(bob_page, club, ["Anna", "Ben"])
    html = sheet(bob_page, game)
    assert '<summary class="button">Delete this game</summary>' in html
    assert "Yes, delete this game" in html

    # when the second button is tapped
    response = bob_page.post(f"/games/{game.pk}/delete/")

    # then home says so and lists it no more; its buy-ins are reversed, nothing deleted
    assert (response.status_code, response["Location"]) == (302, "/")
    home = bob_page.get("/").content.decode()
    assert f"{game.name} was deleted; its buy-ins are given back." in home
    assert f'href="/games/{game.pk}/"' not in home
    game.refresh_from_db()
    assert game.status == "void"
    assert Entry.objects.filter(game_id=game.pk, reverses__isnull=False).count() == 2
    assert "Deleted: it was started by mistake." in sheet(bob_page, game)


def test_a_game_with_rounds_offers_no_delete_and_refuses_one(bob_page, club):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    play(bob_page, game, "Anna", {"Anna": 3, "Ben": 40})

    assert "Delete this game" not in sheet(bob_page, game)
    response = bob_page.post(f"/games/{game.pk}/delete/")

    assert response.status_code == 409
    assert "an organiser can void it, with a reason." in response.content.decode()
    game.refresh_from_db()
    assert game.status == "running"


def test_an_organiser_voids_a_game_with_a_reason(alice_page, bob_page, club):
    # given a game with a round
    game = start_game(alice_page, club, ["Anna", "Ben", "Cem"])
    play(alice_page, game, "Anna", {"Anna": 3, "Ben": 40, "Cem": 22})
    assert "Void this game" in sheet(alice_page, game)
    assert "Void this game" not in sheet(bob_page, game)  # a scorekeeper: not theirs

    # when the organiser sends no reason, then one
    page = alice_page.get(f"/games/{game.pk}/void/")
    blank = alice_page.post(f"/games/{game.pk}/void/", {"reason": "  "})
    done = alice_page.post(f"/games/{game.pk}/void/", {"reason": "played with a short deck"})

    # then the reason is asked for, and the voided game is read only with its reason
    assert page.status_code == 200 and "Why is the game voided?" in page.content.decode()
    assert blank.status_code == 422 and "Say why the game is voided." in blank.content.decode()
    assert (done.status_code, done["Location"]) == (302, "/")
    html = sheet(alice_page, game)
    assert "Voided: played with a short deck" in html
    assert "Enter round 2" not in html and "Void this game" not in html
    assert f'href="/games/{game.pk}/"' not in alice_page.get("/").content.decode()
    live = Entry.objects.filter(game_id=game.pk, reverses__isnull=True, reversal__isnull=True)
    assert not live.exists()
    # and a scorekeeper may not void
    assert bob_page.post(f"/games/{game.pk}/void/", {"reason": "x"}).status_code == 403


def test_a_void_game_shows_its_rounds_and_no_money(alice_page, club):
    # given a game with a round, premiums paid and a re-buy offer open
    game = start_game(alice_page, club, ["Anna", "Ben", "Cem"])
    play(alice_page, game, "Anna", {"Anna": 3, "Ben": 40, "Cem": 85})
    before = sheet(alice_page, game)
    assert "Cem may re-buy" in before and 'class="money"' in before

    # when the organiser voids it
    alice_page.post(f"/games/{game.pk}/void/", {"reason": "played with a short deck"})

    # then the sheet keeps the round for the record but shows no money nor offers, and
    # nothing can be corrected or previewed
    html = sheet(alice_page, game)
    assert "Voided: played with a short deck" in html
    assert ">40<" in html or "40</span>" in html  # Ben's round is still there
    for gone in ('class="money"', "Cem may re-buy", "knock premium", "Pot", "/rounds/1/edit/"):
        assert gone not in html, gone
    assert alice_page.get(f"/games/{game.pk}/rounds/1/edit/").status_code == 302
    preview = alice_page.post(f"/games/{game.pk}/rounds/1/preview/", {
        "players": list(ids_of(game).values()), "ender": ids_of(game)["Anna"],
        **{f"dw-{player}": "3" for player in ids_of(game).values()}})
    assert "Not possible as entered" in preview.content.decode()


def test_an_undo_that_finds_no_rebuy_says_so_in_words(bob_page, club):
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem"])
    play(bob_page, game, "Anna", {"Anna": 3, "Ben": 40, "Cem": 22})

    response = bob_page.post(f"/games/{game.pk}/rebuy/undo/",
                             {"player": ids_of(game)["Ben"], "key": "u-1"})

    assert response.status_code == 409
    assert "has no re-buy since the last saved round to undo" in response.content.decode()
