"""What is kept of a game is derived data: the engine's snapshot stored with the facts and
the states a process keeps always equal what a replay of the stored facts gives, and a
process that has kept nothing goes on from the snapshot without reading the rounds."""

import dataclasses
from datetime import timedelta

import pytest
from django.core.cache import cache
from django.db import DatabaseError, connection, transaction
from django.test.utils import CaptureQueriesContext

from scorekeeper import rules as engine
from scorekeeper import services
from scorekeeper.models import Game, Round

from .api_table import Table

THREE = ["Anna", "Ben", "Cem"]


def replayed(game_id: int) -> engine.Game:
    """The game rebuilt from the stored facts alone, with nothing kept."""
    view = services.load_game(Game.objects.get(pk=game_id))
    return view.replay()


def stored_snapshot(game_id: int) -> dict:
    return Game.objects.get(pk=game_id).snapshot


@pytest.fixture
def table(as_alice) -> Table:
    """A Wiener game of three rounds with a re-buy, entered through the API."""
    table = Table.start(as_alice, ["Anna", "Ben", "Cem", "Dora"])
    table.knock("Anna", Anna=2, Ben=30, Cem=40, Dora=10)
    table.knock("Dora", Anna=25, Ben=52, Cem=12, Dora=0)
    table.knock("Cem", Anna=33, Ben=4, Cem=5, Dora=60)
    table.rebuy("Ben")
    return table


def test_the_stored_snapshot_is_the_one_a_replay_of_the_facts_gives(table):
    # given a game written round by round (each write played onto the one before)
    # then its stored snapshot equals the snapshot of a fresh replay of its facts
    assert stored_snapshot(table.id) == engine.snapshot(replayed(table.id))


@pytest.mark.parametrize("change", ["correction", "close", "start"])
def test_every_kind_of_write_stores_the_snapshot_of_its_facts(as_alice, change):
    # given a game, changed by one kind of write
    if change == "start":
        table = Table.start(as_alice, THREE)
    elif change == "correction":
        table = Table.start(as_alice, THREE)
        table.knock("Anna", Anna=2, Ben=30, Cem=40)
        table.knock("Ben", Anna=20, Ben=3, Cem=40)
        table.correct(1, "Cem", reason="typo", Anna=20, Ben=30, Cem=4)
    else:
        table = Table.start(as_alice, THREE, rules={"mode": "points"})
        table.knock("Anna", Anna=0, Ben=30, Cem=40)
        assert as_alice.post(f"{table.url}close/").status_code == 200

    # then the stored snapshot is the one its facts give
    assert stored_snapshot(table.id) == engine.snapshot(replayed(table.id))


def test_a_process_that_kept_nothing_goes_on_from_the_snapshot_without_reading_the_rounds(
    table, as_alice,
):
    # given a process that has kept no state of the game (another worker)
    services.recent_games.clear()

    # when it enters the next round
    with CaptureQueriesContext(connection) as queries:
        response = table.post_round("Anna", Anna=3, Ben=20, Cem=11, Dora=9)
    assert response.status_code == 201, response.json()

    # then it read neither the rounds nor the hands
    read_facts = [q["sql"] for q in queries.captured_queries
                  if q["sql"].startswith("SELECT") and (
                      Round._meta.db_table in q["sql"] or "scorekeeper_hand" in q["sql"])]
    assert read_facts == []
    # and the game it answered is the one rebuilt from the facts with nothing kept
    services.recent_games.clear()
    cache.clear()
    Game.objects.filter(pk=table.id).update(snapshot=None)
    assert as_alice.get(table.url).json() == response.json()["game"]


def test_a_snapshot_of_another_format_is_replaced_by_a_replay_of_the_facts(table, as_alice):
    # given a stored snapshot this engine cannot read (written by another version of it)
    before = as_alice.get(table.url).json()
    Game.objects.filter(pk=table.id).update(
        snapshot={**stored_snapshot(table.id), "format": engine.SNAPSHOT_FORMAT + 1})
    services.recent_games.clear()

    # when the next round is entered
    table.knock("Anna", Anna=3, Ben=20, Cem=11, Dora=9)

    # then the game went on from its facts, and the snapshot is whole again
    assert table.game["round_count"] == before["round_count"] + 1
    assert stored_snapshot(table.id) == engine.snapshot(replayed(table.id))


def test_the_kept_state_of_a_process_equals_the_replay_of_the_facts(
    table, django_capture_on_commit_callbacks,
):
    # given the state this process kept after the last write (played on, round by round)
    with django_capture_on_commit_callbacks(execute=True):
        table.knock("Anna", Anna=3, Ben=20, Cem=11, Dora=9)
    game = Game.objects.get(pk=table.id)
    kept = services.recent_games.get(services.state_key(game))

    # then it is the game a replay of the stored facts gives
    assert kept is not None
    assert engine.snapshot(kept) == engine.snapshot(replayed(table.id))
    assert kept.standings == replayed(table.id).standings


def test_a_write_that_fails_leaves_no_state_and_no_snapshot_behind(table, as_alice):
    # given a game, and a database that refuses the next round's ledger entries (after
    # the round and its hands went in)
    before = as_alice.get(table.url).json()
    snapshot = stored_snapshot(table.id)

    def refuse_ledger_entries(execute, sql, params, many, context):
        if sql.startswith('INSERT INTO "ledger_entry"'):
            raise DatabaseError("the ledger write fails")
        return execute(sql, params, many, context)

    with connection.execute_wrapper(refuse_ledger_entries), pytest.raises(DatabaseError):
        table.knock("Anna", Anna=3, Ben=20, Cem=11, Dora=9)

    # then the game, its snapshot and what is kept are as before
    assert as_alice.get(table.url).json() == before
    assert stored_snapshot(table.id) == snapshot
    next_version = Game.objects.get(pk=table.id)
    next_version.version += 1
    assert services.recent_games.get(services.state_key(next_version)) is None


def test_recent_games_keeps_the_most_recently_used():
    games = services.RecentGames(size=2)
    games.put("a", "game a")
    games.put("b", "game b")
    assert games.get("a") == "game a"  # a is now the more recent
    games.put("c", "game c")
    assert (games.get("a"), games.get("b"), games.get("c")) == ("game a", None, "game c")


def test_a_gin_game_stores_the_snapshot_of_its_facts_and_a_cold_process_goes_on_from_it(
    as_alice,
):
    # given a Gin tournament written round by round, one round void
    table = Table.start(as_alice, ["Anna", "Ben", "Cem", "Dora"], preset="gin",
                        rules={"tournament": True, "game_target": 50, "buy_in": "2.00"})
    table.knock("Anna", Anna=0, Ben=40)
    assert as_alice.post(f"{table.url}rounds/", {"number": 2, "void": True, "match": 2},
                         format="json").status_code == 201
    table.refresh()
    assert stored_snapshot(table.id) == engine.snapshot(replayed(table.id))

    # when a process that has kept nothing enters the next round
    services.recent_games.clear()
    cache.clear()
    table.knock("Dora", Cem=30, Dora=0)

    # then what it stored is what a replay of every fact gives
    assert stored_snapshot(table.id) == engine.snapshot(replayed(table.id))
    # and both semifinals are over: Anna and Dora stand at 0 in the final, Ben and Cem out
    assert [(s.total, s.boxes, s.final, s.state) for s in replayed(table.id).standings] == [
        (0, 0, None, "in"), (0, 0, 0, "out"), (0, 0, 0, "out"), (0, 0, None, "in")]


def test_the_facts_are_read_once_into_frozen_values(table):
    # given a game read from the database
    view = services.load_game(table.id)

    # when its facts are asked for twice
    with CaptureQueriesContext(connection) as queries:
        rounds, rebuys = view.rounds, view.rebuys
        assert (view.rounds, view.rebuys) == (rounds, rebuys)
    # then they were read once (the rounds, their hands, the re-buys)
    assert len(queries.captured_queries) == 3
    # and they are values nobody changes: a write gives a new view (services/writing.py)
    assert [facts.number for facts in rounds] == [1, 2, 3]
    assert [(rebuy.player_id, rebuy.after_round) for rebuy in rebuys] == [(table.ids["Ben"], 3)]
    with pytest.raises(dataclasses.FrozenInstanceError):
        rounds[0].hands[0].deadwood = 0
    assert isinstance(rounds, tuple) and isinstance(rounds[0].hands, tuple)


def test_a_write_hands_back_a_new_view_and_leaves_the_one_read_as_it_was(table):
    # given a game read before a round is entered
    before = services.load_game(table.id)
    version, played = before.game.version, before.state.round_count

    # when the next round is entered
    result, after = services.record_round(
        game_id=table.id, number=played + 1, ender=table.ids["Anna"],
        hands=[services.HandInput(table.ids[name], deadwood)
               for name, deadwood in (("Anna", 3), ("Ben", 20), ("Cem", 11), ("Dora", 9))],
        user=services.policy.OPERATOR)

    # then the view handed back is the game after it, and the one read is unchanged
    assert (after.game.version, after.state.round_count) == (version + 1, played + 1)
    assert (before.game.version, before.state.round_count) == (version, played)
    assert after.round_line(result).number == played + 1


# --- The accounts a process keeps (services/kept.py) -----------------------------------------


def account_reads(queries) -> list[str]:
    return [q["sql"] for q in queries if 'FROM "ledger_account"' in q["sql"]]


def test_a_round_post_reads_no_account_once_the_process_keeps_the_games_accounts(
    table, as_alice, django_capture_on_commit_callbacks,
):
    # given a process that kept the game's accounts when it entered a round (committed)
    with django_capture_on_commit_callbacks(execute=True):
        table.knock("Anna", Anna=3, Ben=20, Cem=11, Dora=9)
    # and that kept no state of the game (another worker wrote the last version)
    services.recent_games.clear()

    # when the next round is posted
    with CaptureQueriesContext(connection) as queries:
        response = table.post_round("Dora", Anna=14, Ben=7, Cem=23, Dora=0)

    # then it read no account, and its money went between the game's own accounts
    assert response.status_code == 201, response.json()
    assert account_reads(queries.captured_queries) == []
    assert services.verify_game(Game.objects.get(pk=table.id)) == []


def test_accounts_read_in_a_transaction_that_rolls_back_are_not_kept(
    table, django_capture_on_commit_callbacks,
):
    # given a transfer to an account that a transaction creates, then rolls back
    from ledger.models import Account
    from scorekeeper.services import kept

    game = Game.objects.get(pk=table.id)
    transfer = engine.Transfer("p:1", "kept-test", 100, "payment", None)

    class RolledBack(Exception):
        pass

    with django_capture_on_commit_callbacks(execute=True) as callbacks:
        with pytest.raises(RolledBack), transaction.atomic():
            Account.objects.create(scope=Account.Scope.GAME, scope_id=game.pk,
                                   key="kept-test")
            found = kept.known_accounts(game, [transfer])
            assert "kept-test" in {account.key for account in found}
            raise RolledBack
    # then nothing was kept of it: no later write takes an account that does not exist
    assert callbacks == []
    assert kept.game_accounts.get(kept.game_key(game)) is None

    # and once such an account commits, it is kept
    with django_capture_on_commit_callbacks(execute=True):
        with transaction.atomic():
            created = Account.objects.create(scope=Account.Scope.GAME, scope_id=game.pk,
                                             key="kept-test")
            kept.known_accounts(game, [transfer])
    assert created.pk in {account.pk for account in kept.game_accounts.get(kept.game_key(game))}


def test_a_games_rules_are_parsed_once_per_process_and_kept_under_the_games_key(table):
    # given a game's rules, as a process reads them
    game = Game.objects.get(pk=table.id)
    first = services.rules_of(game)
    assert first == engine.Rules.from_dict(game.rules)

    # when the game is read again: the rules parsed the first time
    assert services.rules_of(Game.objects.get(pk=table.id)) is first

    # and a game that reuses the id with other rules (a test database, a restored backup)
    # is another game: its own rules
    other = Game.objects.get(pk=table.id)
    other.created_at += timedelta(seconds=1)
    other.rules = engine.Rules.preset("gin").to_dict()
    assert services.rules_of(other) == engine.Rules.preset("gin")
    assert services.rules_of(game) is first
