"""Undo last round, and "Void round" that asks once (issue 25, item 3; docs/table.md,
"Undo last round"), on the pages as a phone posts them: plain form posts and htmx.

The last round is undone with one tap while no later round exists: it stays on record,
marked "undone at the table" on the sheet and in the audit, its money is reversed in the
ledger (which still verifies), and the next round entered takes its number again.
"""

import io
import re

from django.core.management import call_command

from ledger.models import Entry
from scorekeeper.models import Round

from .test_game_pages import HTMX, ids_of, play, sheet, start_game
from .test_gin_pages import round_data as gin_round_data
from .test_gin_pages import start_gin


def _undo_form(html: str) -> tuple[str, dict]:
    """Where the sheet's "Undo round N" posts, and its hidden key."""
    form = re.search(r'<form class="undo-round" method="post" action="([^"]+)".*?</form>',
                     html, re.S)
    assert form, "the sheet offers no undo"
    return form[1], {"key": re.search(r'name="key" value="([^"]+)"', form[0])[1]}


def _two_rounds(client, club):
    """Anna, Ben and Cem, each with €5.00 in the pot; Ben wins round 2 (Anna and Cem pay
    him the knock premium)."""
    game = start_game(client, club, ["Anna", "Ben", "Cem"])
    play(client, game, "Anna", {"Anna": 3, "Ben": 20, "Cem": 25})
    play(client, game, "Ben", {"Anna": 30, "Ben": 0, "Cem": 12})
    return game


def _verified(game) -> str:
    out = io.StringIO()
    call_command("verifyledger", "--game", str(game.pk), stdout=out)
    return out.getvalue().strip()


def _standing_entries(game, number: int) -> int:
    """The ledger entries of round `number` that still hold: neither reversed nor reversals."""
    return Entry.objects.filter(game_id=game.pk, round_number=number, reverses__isnull=True,
                                reversal__isnull=True).count()


def test_one_tap_undoes_the_last_round_with_its_money(club, bob_page):
    # given two rounds, the second won by Ben
    game = _two_rounds(bob_page, club)
    html = sheet(bob_page, game)
    assert "Undo round 2" in html
    action, form = _undo_form(html)
    assert action == f"/games/{game.pk}/rounds/2/undo/"
    round_one = _standing_entries(game, 1)
    assert _standing_entries(game, 2) == 2  # Anna and Cem pay Ben the knock premium

    # when the scorekeeper taps it (htmx: the sheet answers in place)
    response = bob_page.post(action, form, **HTMX)

    # then round 2 is gone from the standings, its money reversed, and the sheet says so
    assert response.status_code == 200
    after = response.content.decode()
    assert ("Round 2 was undone at the table: its points and money are taken back. The next "
            "round entered is round 2 again.") in after
    assert "Enter round 2" in after and "Undo round 1" in after
    assert _standing_entries(game, 2) == 0
    assert Entry.objects.filter(game_id=game.pk, round_number=2,
                                reverses__isnull=False).count() == 2
    assert _standing_entries(game, 1) == round_one
    assert _verified(game) == "1 games checked, 0 with differences."
    # and it stays on record, as the correction machinery keeps every revision
    undone = Round.objects.get(game=game, number=2)
    assert undone.undone_at is not None and undone.undo_reason == "undone at the table"
    assert undone.undone_by.username == "bob"


def test_the_next_round_takes_the_undone_rounds_number_and_the_audit_shows_both(
        club, bob_page, alice_page):
    game = _two_rounds(bob_page, club)
    action, form = _undo_form(sheet(bob_page, game))
    bob_page.post(action, form)

    # when round 2 is entered again, now won by Cem
    play(bob_page, game, "Cem", {"Anna": 14, "Ben": 9, "Cem": 0})

    # then it is round 2 once more, the notice is gone, and the books agree
    html = sheet(bob_page, game)
    assert "Enter round 3" in html and "Undo round 2" in html
    assert "was undone at the table" not in html
    rounds = Round.objects.filter(game=game, number=2).order_by("id")
    assert [(r.revision, r.undone_at is None, r.ender.name) for r in rounds] == [
        (0, False, "Ben"), (0, True, "Cem")]
    assert _verified(game) == "1 games checked, 0 with differences."

    # and the audit lists the undone round 2 beside the one that counts
    audit = alice_page.get(f"/clubs/{club.pk}/audit/games/{game.pk}/").content.decode()
    assert "The ledger agrees with the rounds and re-buys." in audit
    section = audit[audit.index('id="rounds-title"'):audit.index('id="rebuys-title"')]
    assert re.search(r'class="replaced undone">.*?Ended by Ben.*?undone at the table by bob',
                     section, re.S)
    assert re.search(r'class="counts">.*?Ended by Cem', section, re.S)


def test_a_double_tap_undoes_one_round_only(club, bob_page):
    game = _two_rounds(bob_page, club)
    action, form = _undo_form(sheet(bob_page, game))

    first = bob_page.post(action, form)
    second = bob_page.post(action, form)

    assert (first.status_code, second.status_code) == (302, 302)
    assert Round.objects.filter(game=game, undone_at__isnull=False).count() == 1
    assert Round.objects.get(game=game, number=1).undone_at is None
    # another phone's late tap (another key) finds round 2 gone, and says so
    late = bob_page.post(action, {"key": "other-phone"})
    assert late.status_code == 409
    assert ("Round 2 is not on the sheet: it was undone already, or never entered."
            in late.content.decode())


def test_an_undo_is_refused_once_a_later_round_exists(club, bob_page):
    # given the sheet after round 1, with its undo
    game = start_game(bob_page, club, ["Anna", "Ben"])
    play(bob_page, game, "Anna", {"Anna": 3, "Ben": 20})
    action, form = _undo_form(sheet(bob_page, game))
    # when round 2 is saved on another phone before the tap arrives
    play(bob_page, game, "Ben", {"Anna": 30, "Ben": 0})
    entries = Entry.objects.filter(game_id=game.pk).count()

    response = bob_page.post(action, form)

    # then nothing is undone, and the sheet says why
    assert response.status_code == 409
    assert ("Round 1 can no longer be undone: a later round was saved. Correct it instead."
            in response.content.decode())
    assert not Round.objects.filter(game=game, undone_at__isnull=False).exists()
    assert Entry.objects.filter(game_id=game.pk).count() == entries


def test_a_rebuy_after_the_round_is_undone_first(club, bob_page):
    # given Cem out after round 1, and re-bought
    game = start_game(bob_page, club, ["Anna", "Ben", "Cem"])
    play(bob_page, game, "Anna", {"Anna": 3, "Ben": 40, "Cem": 85})
    bob_page.post(f"/games/{game.pk}/rebuy/", {"player": ids_of(game)["Cem"], "key": "rb"})
    action, form = _undo_form(sheet(bob_page, game))

    response = bob_page.post(action, form)

    assert response.status_code == 409
    assert ("Cem re-bought after round 1: undo the re-buy first, then the round."
            in response.content.decode())
    assert not Round.objects.filter(game=game, undone_at__isnull=False).exists()


def test_only_those_who_may_write_the_game_can_undo(club, bob_page, carol_page,
                                                     mallory_page):
    game = _two_rounds(bob_page, club)
    action, form = _undo_form(sheet(bob_page, game))

    # a viewer sees no undo and is refused one; a stranger does not find the game
    assert "Undo round" not in sheet(carol_page, game)
    assert carol_page.post(action, form).status_code == 403
    assert mallory_page.post(action, form).status_code == 404
    assert not Round.objects.filter(game=game, undone_at__isnull=False).exists()


def test_a_finished_game_offers_no_undo(club, bob_page):
    game = start_game(bob_page, club, ["Anna", "Ben"])
    play(bob_page, game, "Anna", {"Anna": 3, "Ben": 101})  # Ben is out: Anna wins

    assert "Undo round" not in sheet(bob_page, game)
    response = bob_page.post(f"/games/{game.pk}/rounds/1/undo/", {"key": "late"})
    assert response.status_code == 409
    assert "The game is over: correct a round instead of undoing it." in (
        response.content.decode())


def test_a_game_voided_after_an_undo_no_longer_asks_for_the_round_again(club, bob_page,
                                                                        alice_page):
    game = _two_rounds(bob_page, club)
    action, form = _undo_form(sheet(bob_page, game))
    bob_page.post(action, form)
    assert "Round 2 was undone at the table" in sheet(bob_page, game)

    alice_page.post(f"/games/{game.pk}/void/", {"reason": "short deck"})

    html = sheet(bob_page, game)
    assert "was undone at the table" not in html and "Undo round" not in html
    assert _verified(game) == "1 games checked, 0 with differences."


def test_undo_reads_in_german(club, bob_page, alice_page):
    game = _two_rounds(bob_page, club)
    german = {"HTTP_ACCEPT_LANGUAGE": "de"}
    html = sheet(bob_page, game, **german)
    assert "Runde 2 zurücknehmen" in html
    action, form = _undo_form(html)

    after = bob_page.post(action, form, **HTMX, **german).content.decode()

    assert ("Runde 2 wurde am Tisch zurückgenommen, mit ihren Punkten und ihrem Geld. Die "
            "nächste Runde, die du einträgst, ist wieder Runde 2.") in after
    audit = alice_page.get(f"/clubs/{club.pk}/audit/games/{game.pk}/", **german)
    assert "am Tisch zurückgenommen von bob" in audit.content.decode()


# --- "Void round" asks once ---------------------------------------------------------------


def _typed_gin_round(client, game) -> dict:
    """Round 1 of a Gin match as typed so far: Anna knocked, Ben has 23."""
    return gin_round_data(client, game, "Anna", {"Anna": 6, "Ben": 23})


def test_void_round_asks_once_and_no_keeps_what_was_typed(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"])
    ids = ids_of(game)
    typed = _typed_gin_round(bob_page, game)

    # when "Void round" is tapped (htmx posts the form with the button's value)
    asked = bob_page.post(f"/games/{game.pk}/rounds/new/", {**typed, "void": "ask"},
                          HTTP_HX_REQUEST="true", HTTP_HX_TARGET="round-form")

    # then nothing is saved; the form asks, with what was typed still in it
    assert asked.status_code == 200
    form = asked.content.decode()
    assert "Void round 1? What was typed is discarded." in form
    assert "Yes, void round 1" in form and "No, keep what was typed" in form
    assert f'name="dw-{ids["Ben"]}"' in form and 'value="23"' in form
    assert re.search(rf'value="{ids["Anna"]}" checked', form)
    assert not Round.objects.filter(game=game).exists()

    # when the answer is no: the form again, as typed, without the question
    kept = bob_page.post(f"/games/{game.pk}/rounds/new/", {**typed, "void": "keep"},
                         HTTP_HX_REQUEST="true", HTTP_HX_TARGET="round-form")
    page = kept.content.decode()
    assert "What was typed is discarded" not in page and 'value="23"' in page
    assert not Round.objects.filter(game=game).exists()

    # when the answer is yes: a void round is saved, and what was typed is not
    bob_page.post(f"/games/{game.pk}/rounds/new/", {**typed, "void": "1"})
    saved = Round.objects.get(game=game, number=1)
    assert (saved.void, saved.ender_id, saved.hands.count()) == (True, None, 0)


def test_void_round_asks_without_javascript_and_in_german(club, bob_page):
    game = start_gin(bob_page, club, ["Anna", "Ben"])

    asked = bob_page.post(f"/games/{game.pk}/rounds/new/",
                          {**_typed_gin_round(bob_page, game), "void": "ask"},
                          HTTP_ACCEPT_LANGUAGE="de")

    html = asked.content.decode()
    assert asked.status_code == 200 and "<html" in html  # the whole page, no script needed
    assert "Runde 1 als ungültig speichern? Das Eingetragene wird verworfen." in html
    assert "Ja, Runde 1 ist ungültig" in html and "Nein, Eingetragenes behalten" in html
    assert not Round.objects.filter(game=game).exists()
