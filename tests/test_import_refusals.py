"""Import refusals (scorekeeper/services/documents.py and exports.py): a corrupted
document, or one of another kind, is refused with the path of what is wrong and a code,
and writes nothing."""

import copy

import pytest
from django.contrib.auth import get_user_model
from django.db import transaction
from rest_framework.test import APIClient

from scorekeeper import services
from scorekeeper.models import Club, Membership
from scorekeeper.services import exports
from tests.api_table import API, errors
from tests.export_support import carried_session, corrected_game, counts, organised_by_alice


@pytest.fixture
def favoriten(alice, other_club, mallory):
    """Mallory's club, where alice organises too: the target of the imports."""
    return organised_by_alice(other_club, alice)


@pytest.fixture(scope="module")
def corrected_export(django_db_setup, django_db_blocker) -> dict:
    """The export of export_support.corrected_game, made once for the corruptions below:
    each spoils a copy of it. The game is made in a transaction rolled back at once, so
    every test still starts from an empty database with its own alice and clubs."""
    with django_db_blocker.unblock(), transaction.atomic():
        club = Club.objects.create(name="Ottakring")
        alice = get_user_model().objects.create_user("alice")
        Membership.objects.create(user=alice, club=club, role=Membership.Role.ORGANISER)
        client = APIClient()
        client.force_authenticate(alice)
        table = corrected_game(client, club)
        exported = client.get(f"{table.url}export/")
        assert exported.status_code == 200, exported.content[:300]
        transaction.set_rollback(True)
    return exported.json()


def _mutate(path: str, value):
    def change(document):
        target = document
        keys = path.split("/")
        for key in keys[:-1]:
            target = target[int(key) if key.isdigit() else key]
        last = keys[-1]
        if value is DELETE:
            del target[int(last) if last.isdigit() else last]
        else:
            target[int(last) if last.isdigit() else last] = value(target[
                int(last) if last.isdigit() else last]) if callable(value) else value
    return change


DELETE = object()

CORRUPTIONS = [
    pytest.param(_mutate("format", "scorekeeper-backup"), "format", "unknown_format",
                 id="format"),
    pytest.param(_mutate("version", 2), "version", "unsupported_version", id="version"),
    pytest.param(_mutate("export_id", "not-a-uuid"), "export_id", "invalid_document",
                 id="export-id"),
    pytest.param(_mutate("game/preset", "poker"), "game.preset", "unknown_preset", id="preset"),
    pytest.param(_mutate("game/rules/buy_in", "-1.00"), "game.rules.buy_in", "invalid_amount",
                 id="rules"),
    pytest.param(_mutate("game/rounds/0/hands/2/deadwood", 21), "game.standings",
                 "standings_mismatch", id="deadwood-changed"),
    pytest.param(_mutate("game/rounds/0/hands/1/deadwood", 40), "game.rounds[2].hands",
                 "inconsistent_facts", id="deadwood-changes-who-plays"),
    pytest.param(_mutate("game/rounds/2/hands/1/deadwood", 80), "game.rounds[3].hands",
                 "inconsistent_facts", id="correction-changes-who-plays"),
    pytest.param(_mutate("game/rounds/0/hands/1/player", "Zora"), "game.rounds[0].hands[1].player",
                 "unknown_player", id="unknown-player"),
    pytest.param(_mutate("game/rounds/1", DELETE), "game.rounds[1]", "inconsistent_facts",
                 id="revision-missing"),
    pytest.param(_mutate("game/standings/winner", "Ben"), "game.standings",
                 "standings_mismatch", id="winner-changed"),
    pytest.param(_mutate("game/ledger/5/amount", "2.00"), "game.ledger", "ledger_mismatch",
                 id="amount-changed"),
    pytest.param(_mutate("game/ledger/5/to", "pot"), "game.ledger", "ledger_mismatch",
                 id="account-changed"),
    pytest.param(_mutate("game/ledger/3", DELETE), "game.ledger[3].seq", "invalid_document",
                 id="entry-missing"),
    pytest.param(_mutate("game/ledger/5/from", "player:999999"), "game.ledger[5].from",
                 "unknown_account", id="foreign-account"),
    pytest.param(_mutate("game/ledger/5/amount", "-1.00"), "game.ledger[5].amount",
                 "invalid_document", id="negative-amount"),
    pytest.param(_mutate("game/rebuys/0/player", "Anna"), "game.rebuys[0].player",
                 "inconsistent_facts", id="rebuy-of-another"),
    pytest.param(_mutate("game/seats", lambda seats: seats[:1]), "game.seats",
                 "too_few_players", id="one-seat"),
    pytest.param(_mutate("game", DELETE), "game", "invalid_document", id="no-game"),
]


@pytest.mark.parametrize(("corrupt", "field", "code"), CORRUPTIONS)
def test_a_corrupted_document_is_refused_and_writes_nothing(as_alice, favoriten,
                                                            corrected_export, corrupt, field,
                                                            code):
    document = copy.deepcopy(corrected_export)
    corrupt(document)
    before = counts()

    refused = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")

    assert refused.status_code == 400, refused.json()
    [(where, got, message)] = errors(refused)
    assert (where or "", got) == (field, code), message
    assert counts() == before


def test_a_reversal_that_does_not_mirror_its_entry_is_refused(as_alice, club, favoriten):
    table = corrected_game(as_alice, club)
    document = as_alice.get(f"{table.url}export/").json()
    reversal = next(e for e in document["game"]["ledger"] if e["reverses"])
    reversal["amount"] = "3.00"
    refused = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")
    index = reversal["seq"] - 1
    assert errors(refused) == [(
        f"game.ledger[{index}].reverses", "inconsistent_ledger",
        f"entry {reversal['seq']} does not mirror entry {reversal['reverses']}, which it "
        "claims to reverse")]


def test_documents_that_are_not_objects_or_of_the_wrong_kind_are_refused(as_alice, favoriten):
    url = f"{API}/clubs/{favoriten.pk}/import/"
    assert errors(as_alice.post(url, [1, 2], format="json")) == [
        (None, "invalid_document", "must be an object")]
    assert errors(as_alice.post(url, {"format": "scorekeeper-game"}, format="json")) == [
        ("version", "required", "version is missing")]
    with pytest.raises(exports.ImportRefused, match="'scorekeeper-session' was expected"):
        exports.import_session({"format": "scorekeeper-game", "version": 1,
                                "export_id": "00000000-0000-0000-0000-000000000001",
                                "exported_at": "2026-01-02T20:00:00Z", "club": {"name": "X"},
                                "session": {"name": "", "created_at": None}},
                               club=favoriten)


def test_a_single_game_that_took_a_carried_pot_is_refused(
    as_alice, club, favoriten,
):
    session, _, second = carried_session(as_alice, club)
    document = as_alice.get(f"{second.url}export/").json()
    before = counts()
    refused = as_alice.post(f"{API}/clubs/{favoriten.pk}/import/", document, format="json")
    assert errors(refused) == [(
        "game.carried_in", "carried_pot_needs_session",
        "This game took a pot carried over from an earlier game of its session; import the "
        "whole session (its export) so that the pot comes with it")]
    assert counts() == before


def test_an_export_id_reused_with_other_content_is_409(as_alice, alice, club, favoriten):
    table = corrected_game(as_alice, club)
    document = as_alice.get(f"{table.url}export/").json()
    url = f"{API}/clubs/{favoriten.pk}/import/"
    assert as_alice.post(url, document, format="json").status_code == 201
    document["game"]["name"] = "Samstag"
    before = counts()
    refused = as_alice.post(url, document, format="json")
    assert (refused.status_code, errors(refused)[0][:2]) == (409, ("export_id",
                                                                   "export_id_reused"))
    assert counts() == before
    # the same document into another club is a copy there, not a replay
    other = services.create_club(name="Meidling", user=alice)
    assert as_alice.post(f"{API}/clubs/{other.pk}/import/", document,
                         format="json").status_code == 201
