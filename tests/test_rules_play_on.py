"""play_on, take_rebuy and resume: going on from a game gives exactly the game replay gives.

The services enter a new round with play_on and a re-buy with take_rebuy (no replay of the
earlier rounds), and go on from a stored snapshot with resume; a correction replays
everything. These properties keep the paths one.
"""

import json
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    SNAPSHOT_FORMAT,
    GameOver,
    HandEntry,
    KnockRound,
    RebuyEntry,
    Rules,
    RulesError,
    SnapshotError,
    play_on,
    replay,
    resume,
    snapshot,
    take_rebuy,
)

PLAYERS = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"]

rules_strategy = st.builds(
    lambda preset, points, kitty, dead_play_on, last_living, undercut, knock_at_10, winner_deals,
    eliminate_at: Rules.preset(
        preset,
        mode="points" if points else "pot",
        rummy_kitty=kitty and not points,
        dead_play_on=dead_play_on and not points,
        dead_last_living=last_living,
        undercut=undercut,
        knock_limit=10 if knock_at_10 else 5,
        dealer_rule="winner_deals" if winner_deals else "rotate",
        eliminate_at=eliminate_at,
        rebuy_from=eliminate_at - 20,
    ),
    st.sampled_from(["wiener", "romme"]),
    st.booleans(), st.booleans(), st.booleans(), st.sampled_from(["wins", "plays_on"]),
    st.booleans(), st.booleans(), st.booleans(), st.sampled_from([41, 61, 101]),
)


@st.composite
def games(draw):
    """Rules, seating, a carried pot, and a list of steps: a round entry, or a re-buy."""
    rules = draw(rules_strategy)
    players = PLAYERS[:draw(st.integers(2, 6))]
    carried_in = 0 if rules.mode == "points" else draw(st.sampled_from([0, 0, 1234]))
    steps = []
    for _ in range(draw(st.integers(1, 14))):
        if draw(st.integers(0, 5)) == 0:
            steps.append(("rebuy", draw(st.sampled_from(players))))
            continue
        # Enders and hands from all players: some rounds name someone out, and are refused.
        ender = draw(st.sampled_from(players))
        hands = tuple(
            HandEntry(player, deadwood=draw(st.integers(0, 12)) if player == ender
                      else draw(st.integers(0, 60)))
            for player in players
        )
        steps.append(("round", KnockRound(ender=ender, hands=hands)))
    return rules, players, carried_in, steps


def outcome(function, *args, **kwargs):
    """What a call gives: the Game, or the refusal as (error class, message)."""
    try:
        return function(*args, **kwargs)
    except RulesError as error:
        return type(error), error.message


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_play_on_and_take_rebuy_give_the_game_a_full_replay_gives(game):
    rules, players, carried_in, steps = game
    rounds, rebuys = [], []
    current = replay(rules, players, carried_in=carried_in)
    for kind, value in steps:
        if kind == "rebuy":
            entry = RebuyEntry(value, after_round=len(rounds))
            expected = outcome(replay, rules, players, rounds, [*rebuys, entry],
                               carried_in=carried_in)
            got = outcome(take_rebuy, current, value)
            assert got == expected
            if not isinstance(expected, tuple):  # else not open to this player: nothing happened
                assert got.transfers[:len(current.transfers)] == current.transfers
                rebuys.append(entry)
                current = got
            continue
        before = replay(rules, players, rounds, rebuys, carried_in=carried_in)
        expected = outcome(replay, rules, players, [*rounds, value], rebuys,
                           carried_in=carried_in)
        got = outcome(play_on, current, value)
        if isinstance(expected, tuple):
            assert got == expected
            # A refused round leaves the game it was played onto as it was.
            assert current == before
            continue
        assert got == expected
        assert got.transfers == expected.transfers and got.rounds == expected.rounds
        # Playing on did not change the game it started from: the same round again gives
        # the same game.
        assert play_on(current, value) == expected
        # The money moved before stays as it was; the round only adds movements (what the
        # services post to the ledger for a new round).
        assert got.transfers[:len(current.transfers)] == current.transfers
        rounds.append(value)
        current = got


def test_play_on_leaves_the_game_it_starts_from_unchanged():
    rules = Rules.preset("wiener")
    first = replay(rules, PLAYERS[:3], [KnockRound("Anna", (HandEntry("Anna", deadwood=0),
                                                            HandEntry("Ben", deadwood=40),
                                                            HandEntry("Cem", deadwood=30)))])
    again = replay(rules, PLAYERS[:3], [KnockRound("Anna", (HandEntry("Anna", deadwood=0),
                                                            HandEntry("Ben", deadwood=40),
                                                            HandEntry("Cem", deadwood=30)))])
    second = play_on(first, KnockRound("Ben", (HandEntry("Anna", deadwood=50),
                                               HandEntry("Ben", deadwood=3),
                                               HandEntry("Cem", deadwood=71))))
    assert second.round_count == 2 and second.standing("Cem").state == "out"
    assert first == again
    # The same starting game takes another second round just as well.
    other = play_on(first, KnockRound("Cem", (HandEntry("Anna", deadwood=5),
                                              HandEntry("Ben", deadwood=6),
                                              HandEntry("Cem", deadwood=0))))
    # Anna went Rummy in round 1: 10 bonus points to the others.
    assert other.standing("Cem").total == 40 and second.standing("Cem").total == 111


def test_play_on_a_finished_game_is_refused():
    rules = Rules.preset("wiener")
    over = replay(rules, ["Anna", "Ben"], [KnockRound("Anna", (HandEntry("Anna", deadwood=0),
                                                               HandEntry("Ben", deadwood=101)))])
    assert over.status == "finished"
    with pytest.raises(GameOver):
        play_on(over, KnockRound("Anna", (HandEntry("Anna", deadwood=0),
                                          HandEntry("Ben", deadwood=1))))


def since(game, start):
    """`game` with only the rounds and transfers that came after the game `start`."""
    return replace(game, rounds=game.rounds[len(start.rounds):],
                   transfers=game.transfers[len(start.transfers):])


@settings(max_examples=200, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_a_resumed_snapshot_goes_on_as_the_game_it_was_taken_of(game):
    rules, players, carried_in, steps = game
    rounds, rebuys = [], []
    current = replay(rules, players, carried_in=carried_in)
    for kind, value in steps:
        # given the game's snapshot, stored as JSON and resumed
        data = json.loads(json.dumps(snapshot(current)))
        resumed = resume(rules, players, data, carried_in=carried_in)
        assert resumed == replace(current, rounds=(), transfers=())
        if rules.mode == "points":  # a Punktespiel closed now ends as its facts closed do
            closed = replay(rules, players, rounds, rebuys, closed=True)
            assert resume(rules, players, data, closed=True) == replace(closed, rounds=(),
                                                                         transfers=())
        with pytest.raises(SnapshotError):
            resume(rules, players, {**data, "format": SNAPSHOT_FORMAT + 1})

        # when the next round or re-buy goes onto both
        if kind == "rebuy":
            entry = RebuyEntry(value, after_round=len(rounds))
            facts = (rounds, [*rebuys, entry])
            expected, got = outcome(take_rebuy, current, value), outcome(take_rebuy, resumed,
                                                                         value)
        else:
            facts = ([*rounds, value], rebuys)
            expected, got = outcome(play_on, current, value), outcome(play_on, resumed, value)

        # then the resumed game gives the same game, less the rounds and money before it
        if isinstance(expected, tuple):
            assert got == expected
            continue
        assert got == since(expected, current)
        assert expected == replay(rules, players, *facts, carried_in=carried_in)
        rounds, rebuys = facts
        current = expected
