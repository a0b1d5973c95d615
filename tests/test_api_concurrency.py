"""Concurrent and failing writes through the REST API, with real separate DB connections.

docs/reliability.md items 7, 9-11, 13 and 14. Every test here commits for real
(`transaction=True`), and each thread opens its own connection, so the game
row lock (PostgreSQL) and the IMMEDIATE write lock (SQLite, file test database
in WAL mode) are what keeps two phones apart: never a test transaction.
"""

import time
import uuid

import pytest
from django.db import OperationalError, connection
from rest_framework.test import APIClient

import ledger.services
from ledger.models import Entry
from scorekeeper.models import Game, Hand, IdempotencyKey, Rebuy, Round
from tests.concurrency import together

pytestmark = pytest.mark.django_db(transaction=True)


# --- Helpers -----------------------------------------------------------------------------


def _start(client, players=("Anna", "Ben", "Cem", "Dora")) -> dict:
    response = client.post("/api/v1/games/", {"name": "Freitag", "preset": "wiener",
                                              "players": list(players)}, format="json")
    assert response.status_code == 201, response.json()
    return response.json()


def _round(game: dict, number: int) -> dict:
    """Round `number`: the enders take turns knocking with 2 deadwood (no Wiener hand counts
    1, docs/rules.md 3.1); everyone else has 3.

    The last seat starts on 82 in round 1, inside the re-buy window (81-100) for seven
    rounds, so a re-buy can be taken; nobody else comes near elimination in a short test.
    """
    ids = [player["id"] for player in game["players"]]
    ender = ids[(number - 1) % (len(ids) - 1)]
    hands = []
    for player in ids:
        deadwood = 2 if player == ender else 3
        if number == 1 and player == ids[-1]:
            deadwood = 82
        hands.append({"player": player, "deadwood": deadwood})
    return {"number": number, "ender": ender, "hands": hands}


def _client(user) -> APIClient:
    client = APIClient()
    client.force_authenticate(user)
    return client


def _together(user, calls):
    """Each call(client) with a client of the user's own, at the same moment."""
    return together([lambda call=call: call(_client(user)) for call in calls])


@pytest.fixture
def slow_ledger(monkeypatch):
    """Hold the write lock a while: the other request surely arrives while it is taken."""
    original = ledger.services.post

    def slow(*args, **kwargs):
        time.sleep(0.3)
        return original(*args, **kwargs)

    monkeypatch.setattr(ledger.services, "post", slow)


def _knock_premiums(client, game_id) -> list[dict]:
    entries = client.get(f"/api/v1/games/{game_id}/ledger/").json()
    return [entry for entry in entries if entry["kind"] == "knock_premium"]


def _assert_verified(client, game_id):
    verify = client.get(f"/api/v1/games/{game_id}/verify/")
    assert verify.status_code == 200
    assert verify.json()["verified"] is True, verify.json()["differences"]


def _errors_body(response) -> list[dict]:
    body = response.json()
    assert isinstance(body.get("errors"), list) and body["errors"], body
    return body["errors"]


# --- Two phones, one round ---------------------------------------------------------------


@pytest.mark.parametrize("keys", [("phone-a", "phone-b"), (None, None)],
                         ids=["different-keys", "no-keys"])
def test_two_phones_post_the_same_round_one_wins(bob, as_bob, slow_ledger, keys):
    game = _start(as_bob)
    body = _round(game, 1)

    def post(key):
        headers = {"HTTP_IDEMPOTENCY_KEY": key} if key else {}
        return lambda client: client.post(f"/api/v1/games/{game['id']}/rounds/", body,
                                          format="json", **headers)

    responses = _together(bob, [post(key) for key in keys])

    assert sorted(r.status_code for r in responses) == [201, 409], [r.json() for r in responses]
    won = next(r for r in responses if r.status_code == 201)
    lost = next(r for r in responses if r.status_code == 409)
    assert [e["code"] for e in _errors_body(lost)] == ["stale_round"]
    assert lost.json()["next_round"] == 2
    assert Round.objects.filter(game_id=game["id"]).count() == 1
    assert Hand.objects.filter(round__game_id=game["id"]).count() == 4
    # One set of knock premiums: the three losers pay the winner once.
    premiums = _knock_premiums(as_bob, game["id"])
    assert len(premiums) == 3 and {e["to"] for e in premiums} == {f"player:{body['ender']}"}
    assert won.json()["game"]["version"] == Game.objects.get(pk=game["id"]).version
    _assert_verified(as_bob, game["id"])
    assert IdempotencyKey.objects.count() == (1 if keys[0] else 0)


def test_the_same_key_twice_at_once_has_one_effect(bob, as_bob, slow_ledger):
    game = _start(as_bob)
    body = _round(game, 1)

    def post(client):
        return client.post(f"/api/v1/games/{game['id']}/rounds/", body, format="json",
                           HTTP_IDEMPOTENCY_KEY="double-tap")

    responses = _together(bob, [post, post])

    # The slower one waited for the game, found its round taken, and answers as the first.
    assert [r.status_code for r in responses] == [201, 201], [r.json() for r in responses]
    assert sorted(r.headers.get("Idempotent-Replayed", "") for r in responses) == ["", "true"]
    assert responses[0].json() == responses[1].json()
    assert Round.objects.filter(game_id=game["id"]).count() == 1
    assert len(_knock_premiums(as_bob, game["id"])) == 3
    assert IdempotencyKey.objects.filter(key="double-tap").count() == 1
    _assert_verified(as_bob, game["id"])


def test_one_key_sent_to_two_games_at_once_writes_one_of_them(bob, as_bob, slow_ledger):
    """The game locks do not hold these apart; the key's unique row does, without a 500."""
    games = [_start(as_bob), _start(as_bob)]

    def post(game):
        return lambda client: client.post(f"/api/v1/games/{game['id']}/rounds/",
                                          _round(game, 1), format="json",
                                          HTTP_IDEMPOTENCY_KEY="one-key")

    responses = _together(bob, [post(game) for game in games])

    assert sorted(r.status_code for r in responses) == [201, 422], [r.json() for r in responses]
    refused = next(r for r in responses if r.status_code == 422)
    assert _errors_body(refused)[0]["code"] == "idempotency_key_reused"
    assert Round.objects.filter(game_id__in=[g["id"] for g in games]).count() == 1
    for game in games:
        _assert_verified(as_bob, game["id"])


def test_a_lost_response_is_retried_with_the_same_key(as_bob):
    game = _start(as_bob)
    url = f"/api/v1/games/{game['id']}/rounds/"
    body = _round(game, 1)

    first = as_bob.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="lost-1")
    assert first.status_code == 201, first.json()
    entries = [line.id for line in ledger.services.lines(game["id"])]
    # The client never saw `first` and sends the same request again.
    retry = as_bob.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="lost-1")

    assert retry.status_code == 201
    assert retry.headers["Idempotent-Replayed"] == "true"
    assert retry.json() == first.json()
    assert retry.headers["ETag"] == first.headers["ETag"]
    assert Round.objects.filter(game_id=game["id"]).count() == 1
    assert [line.id for line in ledger.services.lines(game["id"])] == entries
    assert as_bob.get(f"/api/v1/games/{game['id']}/").json()["next_round"] == 2
    _assert_verified(as_bob, game["id"])


# --- Many phones, many rounds ------------------------------------------------------------

THREADS = 10
ROUNDS_EACH = 2


def test_ten_phones_enter_rounds_and_rebuys_against_each_other(bob, as_bob):
    game = _start(as_bob, players=("Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"))
    url = f"/api/v1/games/{game['id']}"
    unexpected = []

    def phone(client):
        entered = 0
        # Each attempt reads the game first, so that a re-buy is taken while it is open:
        # retrying a lost round at once let a loaded machine pass the last seat's window
        # with no phone looking, and the rounds after it named a player who was out.
        for _ in range(THREADS * ROUNDS_EACH * 4):
            if entered == ROUNDS_EACH:
                break
            current = client.get(f"{url}/").json()
            for player in current["players"]:
                if player["rebuy"]["eligible"]:
                    rebuy = client.post(f"{url}/rebuys/", {"player": player["id"]},
                                        format="json", HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
                    # Another phone may have been faster: then it is refused, never a 500.
                    if rebuy.status_code not in (201, 400):
                        unexpected.append(("rebuy", rebuy.status_code, rebuy.json()))
            response = client.post(f"{url}/rounds/", _round(game, current["next_round"]),
                                   format="json", HTTP_IDEMPOTENCY_KEY=str(uuid.uuid4()))
            if response.status_code == 201:
                entered += 1
            elif response.status_code != 409:  # 409: another phone was faster; read again
                unexpected.append(("round", response.status_code, response.json()))
                break
        return entered

    # A deadlock or a lock never released fails in tests/concurrency.py's waits; how fast the
    # phones get through is the bench's to say (make bench), not a test's.
    entered = _together(bob, [phone] * THREADS)

    assert unexpected == []
    assert sum(entered) == THREADS * ROUNDS_EACH
    numbers = list(Round.objects.filter(game_id=game["id"]).values_list("number", flat=True))
    assert sorted(numbers) == list(range(1, THREADS * ROUNDS_EACH + 1))
    assert Rebuy.objects.filter(game_id=game["id"]).count() == 1
    final = as_bob.get(f"{url}/").json()
    assert final["round_count"] == THREADS * ROUNDS_EACH
    assert final["status"] == "running"
    _assert_verified(as_bob, game["id"])


def test_ten_phones_correct_rounds_while_others_enter_new_ones_and_no_change_is_lost(
    bob, as_bob,
):
    # given a game of three rounds
    game = _start(as_bob)
    url = f"/api/v1/games/{game['id']}"
    for number in (1, 2, 3):
        assert as_bob.post(f"{url}/rounds/", _round(game, number), format="json").status_code == 201
    ids = [player["id"] for player in game["players"]]

    def corrector(phone: int):
        """Corrects round 1, 2 or 3 with its own deadwood; a stale version is read again."""
        number = phone % 3 + 1
        body = {**_round(game, number), "reason": f"phone {phone}"}
        loser = ids[number % 3]  # neither the round's ender nor Dora, who is near 101
        body["hands"] = [{**hand, "deadwood": hand["deadwood"] + phone * (hand["player"] == loser)}
                         for hand in body["hands"]]  # fmt: skip

        def run(client):
            for _ in range(100):
                version = client.get(f"{url}/").json()["version"]
                response = client.put(f"{url}/rounds/{number}/", body, format="json",
                                      HTTP_IF_MATCH=f'"{version}"')
                if response.status_code == 200:
                    return "corrected"
                if response.status_code != 412:  # only "someone changed it meanwhile"
                    return (response.status_code, response.json())
            return "gave up"
        return run

    def enterer(client):
        for _ in range(100):
            number = client.get(f"{url}/").json()["next_round"]
            response = client.post(f"{url}/rounds/", _round(game, number), format="json")
            if response.status_code == 201:
                return "entered"
            if response.status_code != 409:
                return (response.status_code, response.json())
        return "gave up"

    # when seven phones correct rounds while three enter new ones, all at once
    outcomes = _together(bob, [corrector(phone) for phone in range(7)] + [enterer] * 3)

    # then every change landed: each correction is its own revision, none overwritten
    assert outcomes == ["corrected"] * 7 + ["entered"] * 3
    reasons = Round.objects.filter(game_id=game["id"], revision__gt=0).values_list("reason",
                                                                                  flat=True)
    assert sorted(reasons) == sorted(f"phone {phone}" for phone in range(7))
    assert Round.objects.filter(game_id=game["id"], revision=0).count() == 6
    # and the game and its books are the replay of the last revision of every round
    _assert_verified(as_bob, game["id"])
    for number in (1, 2, 3):
        last = Round.objects.filter(game_id=game["id"], number=number).order_by("-revision")[0]
        shown = as_bob.get(f"{url}/rounds/{number}/").json()
        assert (shown["revision"], shown["reason"]) == (last.revision, last.reason)


# --- Failures inside the write -----------------------------------------------------------


def _nothing_written(game: dict, entries_before: int, version_before: int):
    assert not Round.objects.filter(game_id=game["id"]).exists()
    assert not Hand.objects.filter(round__game_id=game["id"]).exists()
    assert len(ledger.services.lines(game["id"])) == entries_before
    assert not IdempotencyKey.objects.exists()
    assert Game.objects.get(pk=game["id"]).version == version_before


def _inserts_ledger_entries(sql: str) -> bool:
    return sql.startswith('INSERT INTO "ledger_entry"')


def test_a_crash_after_the_ledger_write_leaves_nothing(as_bob):
    game = _start(as_bob)
    entries_before = len(ledger.services.lines(game["id"]))
    version_before = Game.objects.get(pk=game["id"]).version
    written = []

    def crash_after_the_ledger_entries(execute, sql, params, many, context):
        result = execute(sql, params, many, context)
        if _inserts_ledger_entries(sql):
            written.append(Entry.objects.filter(game_id=game["id"]).count())
            assert Round.objects.filter(game_id=game["id"]).exists()
            raise RuntimeError("the disk is full")
        return result

    with (connection.execute_wrapper(crash_after_the_ledger_entries),
          pytest.raises(RuntimeError, match="disk is full")):
        as_bob.post(f"/api/v1/games/{game['id']}/rounds/", _round(game, 1), format="json",
                    HTTP_IDEMPOTENCY_KEY="crash-1")

    assert written and written[0] > entries_before, "the crash must come after rows were written"
    _nothing_written(game, entries_before, version_before)
    _assert_verified(as_bob, game["id"])


def test_a_locked_database_answers_503_and_the_retry_succeeds_once(as_bob):
    game = _start(as_bob)
    url = f"/api/v1/games/{game['id']}/rounds/"
    body = _round(game, 1)
    entries_before = len(ledger.services.lines(game["id"]))
    version_before = Game.objects.get(pk=game["id"]).version
    failures = [OperationalError("database is locked")]

    def locked_at_the_ledger_entries(execute, sql, params, many, context):
        if _inserts_ledger_entries(sql) and failures:
            assert Round.objects.filter(game_id=game["id"]).exists()
            raise failures.pop()
        return execute(sql, params, many, context)

    with connection.execute_wrapper(locked_at_the_ledger_entries):
        locked = as_bob.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="locked-1")

    assert locked.status_code == 503
    assert locked.headers["Retry-After"] == "1"
    assert _errors_body(locked)[0]["code"]
    _nothing_written(game, entries_before, version_before)

    retry = as_bob.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="locked-1")
    assert retry.status_code == 201, retry.json()
    assert "Idempotent-Replayed" not in retry.headers
    again = as_bob.post(url, body, format="json", HTTP_IDEMPOTENCY_KEY="locked-1")
    assert again.status_code == 201 and again.headers["Idempotent-Replayed"] == "true"
    assert again.json() == retry.json()
    assert Round.objects.filter(game_id=game["id"]).count() == 1
    assert len(_knock_premiums(as_bob, game["id"])) == 3
    _assert_verified(as_bob, game["id"])


# --- SQLite configuration ----------------------------------------------------------------


@pytest.mark.skipif(connection.vendor != "sqlite", reason="SQLite's own settings")
def test_sqlite_runs_in_wal_with_immediate_transactions_and_foreign_keys(settings):
    import sqlite3

    with connection.cursor() as cursor:
        assert cursor.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
        assert cursor.execute("PRAGMA foreign_keys").fetchone()[0] == 1
    assert connection.settings_dict["OPTIONS"]["transaction_mode"] == "IMMEDIATE"
    name = connection.settings_dict["NAME"]
    assert "memory" not in str(name), "the concurrency tests need a file test database"

    # IMMEDIATE takes the write lock at BEGIN: another writer cannot start meanwhile.
    from django.db import transaction

    other = sqlite3.connect(name, timeout=0, isolation_level=None)
    try:
        with transaction.atomic():
            connection.ensure_connection()
            with pytest.raises(sqlite3.OperationalError, match="locked"):
                other.execute("BEGIN IMMEDIATE")
        other.execute("BEGIN IMMEDIATE")
        other.execute("ROLLBACK")
    finally:
        other.close()


# --- Two games started at once --------------------------------------------------------------


def test_two_games_started_at_once_with_the_same_new_players_seat_the_same_players(
        bob, as_bob, monkeypatch):
    # Both starts must meet in the window between reading the club's players and making
    # a new one: making a player is slowed, so the second start arrives inside it.
    from scorekeeper.models import Player

    original = Player.objects.create

    def slow_create(**fields):
        time.sleep(0.2)
        return original(**fields)

    monkeypatch.setattr(Player.objects, "create", slow_create)
    players = ["Neu Anna", "Neu Ben"]
    responses = _together(bob, [lambda client: client.post(
        "/api/v1/games/", {"name": "Gleichzeitig", "preset": "wiener", "players": players},
        format="json")] * 2)

    assert [r.status_code for r in responses] == [201, 201], [r.content for r in responses]
    seated = [sorted(player["id"] for player in r.json()["players"]) for r in responses]
    assert seated[0] == seated[1]
    assert Player.objects.filter(name__in=players).count() == 2
