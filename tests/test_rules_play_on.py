"""play_on: one more round onto a replayed game gives exactly the game replay gives.

The services enter a new round with play_on (no replay of the earlier rounds); a
correction or a re-buy replays everything. These properties keep the two paths one.
"""

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import GameOver, Rules, RulesError, play_on, replay
from scorekeeper.rules.knock import HandEntry, RebuyEntry, RoundEntry

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
    """Rules, seating, and a list of steps: a round entry, or a re-buy of a player."""
    rules = draw(rules_strategy)
    players = PLAYERS[:draw(st.integers(2, 6))]
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
        steps.append(("round", RoundEntry(ender=ender, hands=hands)))
    return rules, players, steps


def outcome(function, *args):
    """What a call gives: the Game, or the refusal as (error class, message)."""
    try:
        return function(*args)
    except RulesError as error:
        return type(error), error.message


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(games())
def test_play_on_gives_the_game_a_full_replay_gives(game):
    rules, players, steps = game
    rounds, rebuys = [], []
    current = replay(rules, players)
    for kind, value in steps:
        if kind == "rebuy":
            entry = RebuyEntry(value, after_round=len(rounds))
            try:
                current = replay(rules, players, rounds, [*rebuys, entry])
            except RulesError:
                continue  # not open to this player now: nothing happened
            rebuys.append(entry)
            continue
        before = replay(rules, players, rounds, rebuys)
        expected = outcome(replay, rules, players, [*rounds, value], rebuys)
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
    first = replay(rules, PLAYERS[:3], [RoundEntry("Anna", (HandEntry("Anna", deadwood=0),
                                                            HandEntry("Ben", deadwood=40),
                                                            HandEntry("Cem", deadwood=30)))])
    again = replay(rules, PLAYERS[:3], [RoundEntry("Anna", (HandEntry("Anna", deadwood=0),
                                                            HandEntry("Ben", deadwood=40),
                                                            HandEntry("Cem", deadwood=30)))])
    second = play_on(first, RoundEntry("Ben", (HandEntry("Anna", deadwood=50),
                                               HandEntry("Ben", deadwood=3),
                                               HandEntry("Cem", deadwood=71))))
    assert second.round_count == 2 and second.standing("Cem").state == "out"
    assert first == again
    # The same starting game takes another second round just as well.
    other = play_on(first, RoundEntry("Cem", (HandEntry("Anna", deadwood=5),
                                              HandEntry("Ben", deadwood=6),
                                              HandEntry("Cem", deadwood=0))))
    # Anna went Rummy in round 1: 10 bonus points to the others.
    assert other.standing("Cem").total == 40 and second.standing("Cem").total == 111


def test_play_on_a_finished_game_is_refused():
    rules = Rules.preset("wiener")
    over = replay(rules, ["Anna", "Ben"], [RoundEntry("Anna", (HandEntry("Anna", deadwood=0),
                                                               HandEntry("Ben", deadwood=101)))])
    assert over.status == "finished"
    with pytest.raises(GameOver):
        play_on(over, RoundEntry("Anna", (HandEntry("Anna", deadwood=0),
                                          HandEntry("Ben", deadwood=1))))
