"""The organiser's audit pages (docs/organisers.md, "The audit"): every game of the club with
✓ or ✗, a ledger written around the services caught and its difference named in words (in
English and German), who entered and corrected each round and why, and who may look."""

import re
from html import unescape

import pytest

from ledger.models import Account, Entry
from ledger.services import lines as ledger_lines
from scorekeeper import services
from scorekeeper.models import Game, Hand, Round
from scorekeeper.services import HandInput
from scorekeeper.services.audit import PAGE_SIZE
from scorekeeper.services.policy import OPERATOR

GERMAN = {"HTTP_ACCEPT_LANGUAGE": "de"}
# A moment as the audit writes it: the date in the language's short form, then 24 h time.
WHEN = r"\S+ \d\d:\d\d"


def text_of(response) -> str:
    """The page as a reader sees it: tags gone, entities read, spaces collapsed."""
    assert response.status_code == 200, response.content[:300]
    html = response.content.decode()
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", html)))


def items(response, css_class: str) -> list[str]:
    """The text of each item of the lists `<ul class="... css_class ...">` (or ol)."""
    html = response.content.decode()
    lists = [block for _tag, block in re.findall(
        rf'<(ul|ol) class="[^"]*\b{css_class}\b[^"]*">(.*?)</\1>', html, re.S)]
    return [re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", item))).strip()
            for block in lists for item in re.findall(r"<li[^>]*>(.*?)</li>", block, re.S)]


def game_items(response) -> list[str]:
    """Each game of the audit list as "✓ name" or "✗ name", in the page's order."""
    html = response.content.decode()
    return [f"{mark} {name}" for mark, name in re.findall(
        r'<span class="audit-mark" aria-hidden="true">(.)</span> ([^<]+?) <span class="vh">', html)]


def play(club, name, *, user=OPERATOR, players=("Anna", "Ben", "Cem")) -> services.GameView:
    """A Wiener game with one round: Anna knocks with 3 and wins it (Ben and Cem pay her
    the knock premium)."""
    view = services.start_game(club=club, name=name, preset="wiener", players=list(players),
                               user=user)
    ids = {seat.player.name: seat.player_id for seat in view.seats}
    hands = [HandInput(ids["Anna"], deadwood=3)] + [
        HandInput(ids[other], deadwood=40) for other in players[1:]]
    _result, view = services.record_round(game_id=view.game.pk, number=1, ender=ids["Anna"],
                                          hands=hands, user=user)
    return view


def ids_of(view) -> dict[str, int]:
    return {seat.player.name: seat.player_id for seat in view.seats}


def write_around_the_services(view, source: str, target: str, amount: int, kind: str,
                              round_number: int | None) -> None:
    """An entry written straight into the ledger's table, as a bug or a hand in the database
    would: no service, no check of what the facts call for."""
    game_id = view.game.pk
    ids = ids_of(view)

    def account(name: str) -> Account:
        key = f"player:{ids[name]}" if name in ids else name
        return Account.objects.get_or_create(scope=Account.Scope.GAME, scope_id=game_id,
                                             key=key)[0]

    Entry.objects.create(debit_account=account(source), credit_account=account(target),
                         amount_minor=amount, currency="EUR", kind=kind, game_id=game_id,
                         round_number=round_number, batch=Entry.objects.filter(
                             game_id=game_id).first().batch)


def knock_premium(view, source: str, target: str) -> int:
    """What the ledger holds of the knock premium from source to target in round 1."""
    ids = ids_of(view)
    return sum(line.amount for line in ledger_lines(view.game.pk)
               if line.kind == "knock_premium" and line.round == 1
               and (line.source, line.target) == (f"player:{ids[source]}",
                                                  f"player:{ids[target]}"))


def audit_url(club, game=None) -> str:
    return f"/clubs/{club.pk}/audit/" + (f"games/{game.game.pk}/" if game else "")


# --- The list: ✓ and ✗ -------------------------------------------------------------------


def test_clean_games_verify_and_a_tampered_one_is_flagged_with_its_difference_in_words(
        club, alice_page):
    # given three games whose books close, the newest last
    first, tampered, last = (play(club, name) for name in ("Montag", "Dienstag", "Mittwoch"))
    assert knock_premium(tampered, "Ben", "Anna") == 100  # Ben paid Anna €1.00 for the knock

    # when the knock premium Ben paid is paid back to him, written around the services
    write_around_the_services(tampered, "Anna", "Ben", 100, "knock_premium", 1)

    # then the audit lists every game newest first, the tampered one with ✗
    response = alice_page.get(audit_url(club))
    assert game_items(response) == ["✓ Mittwoch", "✗ Dienstag", "✓ Montag"]
    # and names the difference in words, with the players' names and the money
    assert items(response, "differences") == [
        "Round 1: Knock premium Ben → Anna €1.00 expected, not found"]
    assert "Games 1–3 of 3: 1 game with differences" in text_of(response)
    # as verifyledger does: the audit and services.verify_game agree on every game
    assert [bool(services.verify_game(view.game)) for view in (last, tampered, first)] == [
        False, True, False]


def test_the_difference_is_named_in_german(club, alice_page):
    # given a game whose knock premium from Ben was paid back around the services
    tampered = play(club, "Dienstag")
    write_around_the_services(tampered, "Anna", "Ben", 100, "knock_premium", 1)

    # when the organiser reads the audit in German
    response = alice_page.get(audit_url(club), **GERMAN)

    # then the difference is in German words and money
    assert items(response, "differences") == [
        "Runde 1: Klopfprämie Ben → Anna 1,00 € erwartet, nicht gefunden"]
    assert "Spiel 1 von 1: 1 Spiel mit Abweichungen" in text_of(response)


def test_each_kind_of_difference_is_named(club, alice_page):
    # given a game where Ben's knock premium went the other way round, three times over
    reversed_ = play(club, "Umgedreht")
    write_around_the_services(reversed_, "Anna", "Ben", 300, "knock_premium", 1)
    # a game where Cem paid a premium twice and money left the pot at the end
    doubled = play(club, "Doppelt")
    write_around_the_services(doubled, "Cem", "Anna", 50, "knock_premium", 1)
    write_around_the_services(doubled, "pot", "Ben", 250, "payout", None)

    # when the organiser opens each game's audit
    wrong_way = items(alice_page.get(audit_url(club, reversed_)), "differences")
    too_much = items(alice_page.get(audit_url(club, doubled)), "differences")

    # then money found going the wrong way is two differences, each in its own direction
    assert wrong_way == ["Round 1: Knock premium Ben → Anna €1.00 expected, not found",
                         "Round 1: Knock premium Anna → Ben €2.00 found, not expected"]
    # and money taken from the pot names the pot, a wrong amount names both amounts
    assert too_much == ["End: Payout Pot → Ben €2.50 found, not expected",
                        "Round 1: Knock premium Cem → Anna €1.00 expected, €1.50 found"]


def test_a_correction_puts_a_tampered_ledger_right_and_the_trail_stays(club, alice, alice_page):
    # given a game with a payout no fact calls for, written around the services
    tampered = play(club, "Dienstag")
    write_around_the_services(tampered, "pot", "Ben", 250, "payout", None)
    assert game_items(alice_page.get(audit_url(club))) == ["✗ Dienstag"]
    entries = Entry.objects.filter(game_id=tampered.game.pk).count()

    # when round 1 is corrected (the same hands, a reason)
    ids = ids_of(tampered)
    game = Game.objects.get(pk=tampered.game.pk)
    services.correct_round(game_id=game.pk, number=1, ender=ids["Anna"], user=alice,
                           version=game.version, reason="checked", hands=[
        HandInput(ids["Anna"], deadwood=3), HandInput(ids["Ben"], deadwood=40),
        HandInput(ids["Cem"], deadwood=40)])  # fmt: skip

    # then the books agree again, and the stray payout is reversed, not erased
    assert game_items(alice_page.get(audit_url(club))) == ["✓ Dienstag"]
    payouts = [line for line in ledger_lines(game.pk) if line.kind == "payout"]
    assert len(payouts) == 2 and payouts[1].reverses == payouts[0].id
    assert Entry.objects.filter(game_id=game.pk).count() == entries + 1


def test_a_game_whose_rounds_cannot_be_played_through_is_flagged_not_an_error(
        club, alice_page):
    # given a round revision written around the services with a hand no deck can hold
    view = play(club, "Kaputt")
    ids = ids_of(view)
    stored = Round.objects.create(game=view.game, number=1, revision=1,
                                  ender_id=ids["Anna"], reason="by hand")
    for position, (name, points) in enumerate({"Anna": 1, "Ben": 40, "Cem": 40}.items()):
        Hand.objects.create(round=stored, player_id=ids[name], position=position,
                            deadwood=points)

    # when the organiser reads the audit
    response = alice_page.get(audit_url(club))

    # then the game is flagged with the engine's reason, and the page still answers
    assert game_items(response) == ["✗ Kaputt"]
    [difference] = items(response, "differences")
    assert difference.startswith("Its rounds cannot be played through: ")
    assert "Anna" in difference
    assert alice_page.get(audit_url(club, view)).status_code == 200


def test_a_voided_game_verifies_and_says_why_it_is_void(club, alice, alice_page):
    # given a game voided by alice: every movement reversed, nothing deleted
    voided = play(club, "Falsch gemischt")
    services.void_game(game_id=voided.game.pk, reason="short deck", user=alice)

    # when the organiser reads the audit
    response = alice_page.get(audit_url(club))

    # then it verifies and says it is void, why, and on the game's page who voided it
    assert game_items(response) == ["✓ Falsch gemischt"]
    assert "Voided: short deck" in text_of(response)
    assert re.search(rf"Voided: short deck by alice, {WHEN}",
                     text_of(alice_page.get(audit_url(club, voided))))


def test_many_games_are_checked_a_page_at_a_time(club, alice_page):
    # given a club with one game more than a page holds
    for number in range(PAGE_SIZE + 1):
        services.start_game(club=club, name=f"Spiel {number:02d}", preset="wiener",
                            players=["Anna", "Ben"], user=OPERATOR)

    # when the organiser pages through the audit
    first = alice_page.get(audit_url(club))
    second = alice_page.get(audit_url(club) + "?page=2")

    # then the newest fifty come first, the oldest on the second page
    assert len(game_items(first)) == PAGE_SIZE
    assert game_items(first)[0] == f"✓ Spiel {PAGE_SIZE:02d}"
    assert game_items(second) == ["✓ Spiel 00"]
    assert f"Games 1–{PAGE_SIZE} of {PAGE_SIZE + 1}" in text_of(first)
    assert 'href="?page=2" rel="next"' in first.content.decode()
    assert 'href="?page=1" rel="prev"' in second.content.decode()


# --- A game's history: who, when, why ------------------------------------------------------


def test_a_games_page_shows_who_entered_and_corrected_each_round_and_why(
        club, alice, bob, alice_page):
    # given a game of four bob started and entered, a round alice corrected with a reason,
    # and re-buys: Cem's undone by bob, Ben's undone by the correction
    view = play(club, "Freitag", user=bob, players=("Anna", "Ben", "Cem", "Dora"))
    ids = ids_of(view)
    services.record_round(game_id=view.game.pk, number=2, ender=ids["Anna"], user=bob, hands=[
        HandInput(ids["Anna"], deadwood=2), HandInput(ids["Ben"], deadwood=45),
        HandInput(ids["Cem"], deadwood=42), HandInput(ids["Dora"], deadwood=5)])
    services.take_rebuy(game_id=view.game.pk, player=ids["Cem"], user=bob)
    services.undo_rebuy(game_id=view.game.pk, player=ids["Cem"], user=bob)
    services.take_rebuy(game_id=view.game.pk, player=ids["Ben"], user=bob)
    game = Game.objects.get(pk=view.game.pk)
    services.correct_round(game_id=game.pk, number=2, ender=ids["Anna"], user=alice,
                           version=game.version, reason="Ben had 6, not 45", hands=[
        HandInput(ids["Anna"], deadwood=2), HandInput(ids["Ben"], deadwood=6),
        HandInput(ids["Cem"], deadwood=42), HandInput(ids["Dora"], deadwood=5)])  # fmt: skip

    # when the organiser opens the game from the audit
    response = alice_page.get(audit_url(club, view))
    page = text_of(response)

    # then the books agree, and each round's revisions say who, when and why
    assert "✓ The ledger agrees with the rounds and re-buys." in page
    assert re.search(rf"Started by bob, {WHEN}", page)
    history = items(response, "audit-history")
    round_one = [line for line in history if "Anna 3" in line]
    assert len(round_one) == 1 and re.match(rf"Entered by bob, {WHEN} Ended by Anna · "
                                            r"Anna 3 · Ben 40 · Cem 40 · Dora 40$", round_one[0])
    round_two = [line for line in history if "Anna 2" in line]
    assert len(round_two) == 2
    assert re.match(rf"Entered by bob, {WHEN} Ended by Anna · Anna 2 · Ben 45 · Cem 42 · "
                    r"Dora 5 replaced by the correction below$", round_two[0])
    assert re.match(rf"Correction 1 by alice, {WHEN} Why: Ben had 6, not 45 Ended by Anna · "
                    r"Anna 2 · Ben 6 · Cem 42 · Dora 5$", round_two[1])
    # and the re-buys, undone ones too, say who took them and who or what undid them
    rebuys = [line for line in history if "after round" in line]
    assert len(rebuys) == 2
    assert re.match(rf"Cem, after round 2 by bob, {WHEN} Undone by bob, {WHEN} · "
                    r"Noted: “undone”$", rebuys[0])
    assert re.match(rf"Ben, after round 2 by bob, {WHEN} Undone by the correction of "
                    rf"round 2, {WHEN}$", rebuys[1])


def test_a_games_page_in_german(club, bob, alice_page):
    view = play(club, "Freitag", user=bob)

    page = text_of(alice_page.get(audit_url(club, view), **GERMAN))

    assert "✓ Das Kassabuch stimmt mit den Runden und Nachkäufen überein." in page
    assert re.search(rf"Eingetragen von bob, {WHEN} Beendet von Anna", page)


# --- Who may look --------------------------------------------------------------------------


@pytest.mark.parametrize(("persona", "status"), [
    ("alice_page", 200), ("bob_page", 403), ("carol_page", 403), ("mallory_page", 404)])
def test_only_the_clubs_organisers_see_its_audit(request, club, persona, status):
    view = play(club, "Freitag")
    client = request.getfixturevalue(persona)

    assert client.get(audit_url(club)).status_code == status
    assert client.get(audit_url(club, view)).status_code == status


def test_a_game_of_another_club_or_none_is_not_in_this_clubs_audit(
        club, other_club, alice_page, mallory_page, client):
    theirs = play(other_club, "Max und Moritz", players=("Anna", "Max", "Moritz"))

    # alice organises Ottakring: Favoriten's game is not found under it, nor a game of none
    assert alice_page.get(audit_url(club, theirs)).status_code == 404
    assert alice_page.get(f"/clubs/{club.pk}/audit/games/999999/").status_code == 404
    assert alice_page.get("/clubs/999999/audit/").status_code == 404
    # mallory sees her own club's game; signing in comes first for anyone
    assert mallory_page.get(audit_url(other_club, theirs)).status_code == 200
    assert client.get(audit_url(club)).status_code == 302


def test_the_home_page_links_the_audit_for_organisers_only(club, alice_page, bob_page):
    link = f'href="{audit_url(club)}"'

    assert link in alice_page.get("/").content.decode()
    assert link not in bob_page.get("/").content.decode()
