"""Money no game accounts for (docs/security.md, "The ledger cannot be orphaned"): ledger
entries whose game row is gone, or that move money of another game's accounts or of a
table session their game does not sit in. `manage.py verifyledger` walks the entries as
well as the games and names them; the club's audit page shows those it can attribute to
the club (through its table sessions' carried pot, or its games)."""

import io
import re

import pytest
from django.core.management import call_command

from ledger.models import Account, Entry
from scorekeeper.models import Game
from tests.api_table import Table
from tests.export_support import carried_session
from tests.test_audit_pages import audit_url, items, text_of

pytestmark = pytest.mark.django_db

THREE = ["Anna", "Ben", "Cem"]


def verifyledger(*args) -> tuple[int, str]:
    """(exit code, output) of `manage.py verifyledger`."""
    out = io.StringIO()
    try:
        call_command("verifyledger", *args, stdout=out)
    except SystemExit as exit_:
        return exit_.code, out.getvalue()
    return 0, out.getvalue()


def delete_behind_the_services(game_id: int) -> list[int]:
    """The game's row deleted with the ORM, as a shell or an admin's cascade would; returns
    the ids of its entries, which stay (they name the game by id only)."""
    entries = list(Entry.objects.filter(game_id=game_id).values_list("pk", flat=True))
    Game.objects.filter(pk=game_id).delete()
    return entries


def named_entries(report: str) -> list[int]:
    return [int(number) for number in re.findall(r"^  Entry (\d+) ", report, re.M)]


def test_verifyledger_names_the_entries_of_a_deleted_game_and_fails(as_alice, club):
    # given two games whose books close
    kept = Table.start(as_alice, THREE)
    kept.knock("Anna", Anna=2, Ben=30, Cem=40)
    gone = Table.start(as_alice, ["Dora", "Emil"])
    assert verifyledger() == (0, "2 games checked, 0 with differences.\n")

    # when one game's row is deleted behind the services' back
    orphans = delete_behind_the_services(gone.id)
    assert orphans

    # then verifyledger fails and names every entry of the missing game, with why
    code, report = verifyledger()
    assert code == 1
    assert named_entries(report) == orphans
    assert f"game {gone.id} does not exist" in report
    assert "buy_in" in report
    assert report.strip().endswith(
        f"1 games checked, 0 with differences; {len(orphans)} ledger entries that no game "
        "accounts for.")
    # and asked about that game alone, it names them too rather than saying it is unknown
    code, report = verifyledger("--game", str(gone.id))
    assert (code, named_entries(report)) == (1, orphans)
    # while the game that is left is fine on its own
    assert verifyledger("--game", str(kept.id))[0] == 0


def test_a_deleted_games_carried_pot_is_found_through_its_evening(as_alice, club, alice_page):
    # given an evening whose first game carried its pot into the second
    session, first, second = carried_session(as_alice, club)

    # when the first game's row is deleted behind the services' back
    orphans = delete_behind_the_services(first.id)
    carried = list(Entry.objects.filter(pk__in=orphans, kind="carry_over")
                   .values_list("pk", flat=True))
    assert carried

    # then verifyledger names all its entries, and for the club those it can attribute:
    # the ones that moved the evening's carried pot
    code, report = verifyledger()
    assert (code, named_entries(report)) == (1, orphans)
    code, report = verifyledger("--club", str(club.pk))
    assert (code, named_entries(report)) == (1, carried)
    # and the club's audit shows them as entries no game accounts for
    response = alice_page.get(audit_url(club))
    assert items(response, "strays") == [
        f"Entry {entry} of game {first.id}, which no longer exists: Carried pot {account} → "
        f"Carried {amount}"
        for entry, account, amount in zip(carried, ["Pot", "Kitty"], ["€15.00", "€5.00"],
                                          strict=True)]
    assert "Ledger entries that no game accounts for" in text_of(response)
    # in German too
    german = alice_page.get(audit_url(club), HTTP_ACCEPT_LANGUAGE="de")
    assert items(german, "strays")[0] == (
        f"Eintrag {carried[0]} von Spiel {first.id}, das es nicht mehr gibt: Übertragener Pot "
        "Pot → Übertrag 15,00 €")


def test_entries_that_move_another_games_or_evenings_money_are_named(as_alice, club):
    # given two games of different evenings
    one = Table.start(as_alice, THREE)
    other = Table.start(as_alice, ["Dora", "Emil"])
    pot_of_other = Account.objects.get(scope="game", scope_id=other.id, key="pot")
    anna = Account.objects.get(scope="game", scope_id=one.id, key=f"player:{one.ids['Anna']}")
    carry = Account.objects.create(scope="session", scope_id=other.game["session"],
                                   key="carry")
    batch = Entry.objects.get(game_id=one.id, kind="buy_in",
                              debit_account=anna).batch

    # when entries of the first game are written around the services with accounts of the
    # other game and of the other game's evening
    wrong_game = Entry.objects.create(
        debit_account=anna, credit_account=pot_of_other, amount_minor=100, currency="EUR",
        kind="buy_in", game_id=one.id, batch=batch)
    wrong_evening = Entry.objects.create(
        debit_account=anna, credit_account=carry, amount_minor=100, currency="EUR",
        kind="carry_over", game_id=one.id, batch=batch)

    # then verifyledger names both, saying whose account each one used
    code, report = verifyledger()
    assert (code, named_entries(report)) == (1, [wrong_game.pk, wrong_evening.pk])
    assert f"account game {other.id} pot belongs to another game" in report
    assert (f"account session {other.game['session']} carry belongs to a table session "
            f"game {one.id} does not sit in") in report
    code, report = verifyledger("--club", str(club.pk))
    assert named_entries(report) == [wrong_game.pk, wrong_evening.pk]


def test_a_clean_ledger_has_no_strays_and_the_audit_says_nothing_of_them(
        as_alice, club, alice_page):
    carried_session(as_alice, club)

    assert verifyledger() == (0, "2 games checked, 0 with differences.\n")
    response = alice_page.get(audit_url(club))
    assert items(response, "strays") == []
    assert "no game accounts for" not in text_of(response)
