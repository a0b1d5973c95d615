"""The snapshot: a knock game's state as plain data, as large as the seating, never the rounds.

A resumed game knows how many rounds were played but holds none of them; what is played on
after it is as a replay of all the facts gives it.
"""

import json
from dataclasses import replace

import pytest

from scorekeeper.rules import (
    SNAPSHOT_FORMAT,
    HandEntry,
    KnockRound,
    RebuyEntry,
    Rules,
    SnapshotError,
    play_on,
    replay,
    resume,
    snapshot,
    take_rebuy,
)

from .test_rules_knock_facts import FOUR, ROMME, SEED_001, THREE, knock, pay

SIX = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"]
LONG = Rules.preset("wiener", eliminate_at=10000, rebuy_from=9000)


def long_rounds(count):
    """`count` rounds of six players that nobody goes out in."""
    knocks = (0, 0, 2, 3, 4, 5)  # no Wiener hand counts 1 (docs/rules.md 3.1)
    return [
        knock(SIX[n % 6], **{p: (knocks[n % 6] if p == SIX[n % 6] else 6 + (n * 7 + i) % 80)
                             for i, p in enumerate(SIX)})
        for n in range(count)
    ]


def stored(game):
    """The game's snapshot as it comes back from a JSON column."""
    return json.loads(json.dumps(snapshot(game)))


def sizes(data):
    """The shape of plain data: every list replaced by its length, every number by 0."""
    if isinstance(data, dict):
        return {key: sizes(value) for key, value in data.items()}
    if isinstance(data, list):
        return len(data)
    return 0 if isinstance(data, int) and not isinstance(data, bool) else data


def test_a_snapshot_after_40_rounds_is_as_large_as_after_one():
    # given the same table after 1 and after 40 rounds
    short = replay(LONG, SIX, long_rounds(1))
    long = replay(LONG, SIX, long_rounds(40))

    # when each is snapshot
    first, fortieth = snapshot(short), snapshot(long)

    # then both have the same shape: one entry per seat, no round and no transfer
    assert sizes(first) == sizes(fortieth)
    assert (first["rounds"], fortieth["rounds"], len(fortieth["seats"])) == (1, 40, 6)


def test_a_resumed_game_counts_its_rounds_but_holds_none_of_them():
    game = replay(ROMME, FOUR, SEED_001)

    resumed = resume(ROMME, FOUR, stored(game))

    assert resumed == replace(game, rounds=(), transfers=())
    assert (resumed.round_count, resumed.next_round, resumed.rounds, resumed.transfers) == (
        3, 4, (), ())


def test_rounds_and_rebuys_after_a_resume_are_those_a_replay_gives():
    # given seed 001 resumed after round 3, Cem offered a re-buy to 45
    game = replay(ROMME, FOUR, SEED_001)
    resumed = resume(ROMME, FOUR, stored(game))

    # when Cem re-buys and round 4 is played on
    fourth = knock("Anna", Anna=0, Ben=10, Cem=2, Dora=3)
    after = play_on(take_rebuy(resumed, "Cem"), fourth)

    # then only the re-buy and round 4 are there, as the replay of all the facts has them
    full = replay(ROMME, FOUR, [*SEED_001, fourth], [RebuyEntry("Cem", 3)])
    assert after == replace(full, rounds=full.rounds[3:],
                            transfers=full.transfers[len(game.transfers):])
    # Anna's Rummy in round 4: a Rommé Rummy premium is the knock premium, 1.00
    assert after.transfers == (pay("Cem", "pot", 500, "rebuy", 3),
                               pay("Ben", "Anna", 100, "rummy_premium", 4),
                               pay("Cem", "Anna", 100, "rummy_premium", 4),
                               pay("Dora", "Anna", 100, "rummy_premium", 4))
    assert [r.number for r in after.rounds] == [4]


def test_player_ids_that_are_numbers_come_back_as_numbers():
    seats = [11, "Ben", 13]
    game = replay(ROMME, seats, [KnockRound(13, (HandEntry(11, 20), HandEntry("Ben", 30),
                                                 HandEntry(13, 0)))])

    resumed = resume(ROMME, seats, stored(game))

    assert [(s.player, s.total) for s in resumed.standings] == [(11, 20), ("Ben", 30), (13, 0)]
    assert (resumed.next_dealer, resumed.next_participants) == ("Ben", (11, "Ben", 13))
    assert resumed.balances == {"player:11": -600, "player:Ben": -600, "player:13": -300,
                                "pot": 1500, "kitty": 0, "carry": 0}


def test_a_finished_game_resumes_finished_and_pays_out_nothing_twice():
    game = replay(ROMME, THREE, [knock("Anna", Anna=0, Ben=101, Cem=101)])

    resumed = resume(ROMME, THREE, stored(game))

    assert (resumed.status, resumed.winner, resumed.payouts, resumed.balances) == (
        "finished", "Anna", (("Anna", 1500),), game.balances)
    assert resumed.transfers == ()


def test_a_carried_game_resumes_with_its_pot_carried():
    rules = Rules.preset("romme", dead_play_on=True, rummy_kitty=True)
    game = replay(rules, THREE, [knock("Anna", Anna=5, Ben=101, Cem=20),
                                 knock("Ben", Anna=96, Ben=3, Cem=81)])

    resumed = resume(rules, THREE, stored(game))

    assert resumed == replace(game, rounds=(), transfers=())
    assert (resumed.status, resumed.carried_out, resumed.balances["carry"]) == (
        "carried_over", 2000, 2000)


@pytest.mark.parametrize(
    ("change", "rules", "players"),
    [
        pytest.param({"format": SNAPSHOT_FORMAT + 1}, ROMME, FOUR, id="other-format"),
        pytest.param({}, Rules.preset("romme", undercut=True), FOUR, id="other-rules"),
        pytest.param({}, ROMME, ["Anna", "Ben", "Dora", "Cem"], id="other-seating"),
        pytest.param({"seats": [[0, "in", False, None]]}, ROMME, FOUR, id="unreadable"),
        pytest.param({"status": "paused"}, ROMME, FOUR, id="unknown-status"),
    ],
)
def test_a_snapshot_that_does_not_fit_is_refused_so_the_caller_replays(change, rules, players):
    data = {**stored(replay(ROMME, FOUR, SEED_001)), **change}

    with pytest.raises(SnapshotError) as caught:
        resume(rules, players, data)

    assert isinstance(caught.value, ValueError)
    assert "replay the game from its facts" in str(caught.value)
