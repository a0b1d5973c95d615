"""Hollywood Gin (docs/rules.md 8.12): one match of two players scored in three games at
once, each ending at the target with its own final account and money.

Pure engine tests: no database. Rounds read as they were entered at the table; every
number is worked out by hand in the comment above it (the `gin` preset: gin 20,
undercut 10, game bonus 100, box bonus 20, target 100).
"""

import pytest

from scorekeeper.rules import (
    GameOver,
    GinRound,
    HandEntry,
    InvalidRules,
    PlayerState,
    Rules,
    play_on,
    replay,
    resume,
    snapshot,
)

from .test_rules_gin import TWO, VOID, refusal, table
from .test_rules_knock_facts import knock, pay


def hollywood(**overrides):
    return Rules.preset("gin", hollywood=True, **overrides)


def games(game):
    """Each of the match's three games: number, totals, boxes, finals, winner, ended in."""
    (match,) = game.matches
    return [(g.number, g.totals, g.boxes, g.finals, g.winner, g.ended_in) for g in match.games]


def gin_against(winner, deadwood):
    """`winner` goes gin against the other player's `deadwood`: deadwood + 20."""
    other = "Ben" if winner == "Anna" else "Anna"
    return knock(winner, **{winner: 0, other: deadwood})


def test_hollywood_is_off_by_default_and_a_plain_match_has_no_games():
    game = replay(Rules.preset("gin"), TWO, [knock("Anna", Anna=5, Ben=25)])

    assert Rules.preset("gin").hollywood is False
    assert game.matches[0].games == ()


def test_a_players_first_win_goes_into_game_1_the_second_into_1_and_2_later_ones_into_all():
    rounds = [
        knock("Anna", Anna=5, Ben=25),  # Anna's 1st win, 20: game 1
        gin_against("Ben", 10),  # Ben's 1st win, 10 + 20 = 30: game 1
        knock("Anna", Anna=2, Ben=12),  # Anna's 2nd, 10: games 1 and 2
        gin_against("Anna", 5),  # Anna's 3rd, 25: all three
        VOID,  # nobody won: written nowhere, counts for nobody
        knock("Ben", Anna=3, Ben=3),  # undercut, 0 + 10: Anna's 4th (the scorer's): all three
        knock("Ben", Anna=21, Ben=1),  # Ben's 2nd, 20: games 1 and 2
    ]

    game = replay(hollywood(), TWO, rounds)

    # game 1: Anna 20 + 10 + 25 + 10 = 65 (4 boxes), Ben 30 + 20 = 50 (2 boxes)
    # game 2: Anna 10 + 25 + 10 = 45 (3 boxes), Ben 20 (1 box)
    # game 3: Anna 25 + 10 = 35 (2 boxes), Ben nothing
    assert games(game) == [
        (1, (65, 50), (4, 2), None, None, None),
        (2, (45, 20), (3, 1), None, None, None),
        (3, (35, 0), (2, 0), None, None, None),
    ]
    # the match's own line counts each round once: the points won and the rounds won
    assert [(s.total, s.boxes, s.final) for s in game.standings] == [(65, 4, None),
                                                                     (50, 2, None)]
    # the winner of a round deals the next, as in every Gin match (docs/rules.md 8.5)
    assert game.next_dealer == "Ben"


def test_each_game_ends_at_the_target_with_its_own_accounts_and_money():
    rules = hollywood(stake_per_point="0.10")
    rounds = [
        gin_against("Anna", 80),  # Anna's 1st: game 1 at 100, over
        gin_against("Ben", 80),  # Ben's 1st: game 1 only, which is over: written nowhere
        gin_against("Ben", 80),  # Ben's 2nd: games 1 and 2; game 2 at 100, over
        gin_against("Anna", 80),  # Anna's 2nd: games 1 and 2, both over: nowhere
        gin_against("Anna", 80),  # Anna's 3rd: game 3 at 100, over, and the match with it
    ]

    game = replay(rules, TWO, rounds)

    # each game: 100 + 100 (game bonus) + 1 x 20 (its one box) = 220 against 0
    assert games(game) == [
        (1, (100, 0), (1, 0), (220, 0), "Anna", 1),
        (2, (0, 100), (0, 1), (0, 220), "Ben", 3),
        (3, (100, 0), (1, 0), (220, 0), "Anna", 5),
    ]
    # each game's stake is paid when it ends: 220 x 0.10 = 22.00, in its round
    assert game.transfers == (
        pay("Ben", "Anna", 2200, "point_settlement", 1),
        pay("Anna", "Ben", 2200, "point_settlement", 3),
        pay("Ben", "Anna", 2200, "point_settlement", 5),
    )
    # Anna won games 1 and 3: she wins the match; the finals add up the three games,
    # Anna 220 + 0 + 220 = 440, Ben 220, and she is 22.00 up
    match = game.matches[0]
    assert (match.winner, match.finals, match.ended_in) == ("Anna", (440, 220), 5)
    assert game.status.ended and game.winner == "Anna"
    assert [(s.place, s.state, s.balance) for s in game.standings] == [
        (1, PlayerState.IN, 2200), (2, PlayerState.OUT, -2200)]


def test_a_game_that_ended_keeps_its_score_while_the_others_play_on():
    # Anna 50 (knocks 10 against 60), then gin against 40 (60): game 1 at 110 is over
    game = replay(hollywood(), TWO, [knock("Anna", Anna=10, Ben=60), gin_against("Anna", 40)])

    assert games(game)[0] == (1, (110, 0), (2, 0), (110 + 100 + 40, 0), "Anna", 2)
    assert games(game)[1] == (2, (60, 0), (1, 0), None, None, None)
    assert not game.status.ended


def test_two_games_can_end_in_the_same_round_each_with_its_stake():
    rules = hollywood(stake_per_point="0.10")
    rounds = [
        knock("Anna", Anna=10, Ben=60),  # 50: game 1
        gin_against("Anna", 40),  # 60: games 1 (110, over) and 2 (60)
        gin_against("Anna", 80),  # 100: games 2 (160) and 3 (100), both over
    ]

    game = replay(rules, TWO, rounds)

    # game 1: 110 + 100 + 2 x 20 = 250; game 2: 160 + 100 + 2 x 20 = 300;
    # game 3: 100 + 100 + 20 = 220
    assert [g[3] for g in games(game)] == [(250, 0), (300, 0), (220, 0)]
    assert game.transfers == (
        pay("Ben", "Anna", 2500, "point_settlement", 2),
        pay("Ben", "Anna", 3000, "point_settlement", 3),
        pay("Ben", "Anna", 2200, "point_settlement", 3),
    )
    assert game.winner == "Anna"


def test_the_shutout_is_counted_in_each_game_by_its_own_boxes():
    # the rounds of the three games above, with the shutout on: in each game the loser has
    # no box of that game (Ben's first win went into game 1 only, after it had ended;
    # Anna's 2nd into games 1 and 2, both over), so each 220 is doubled to 440
    rounds = [gin_against("Anna", 80), gin_against("Ben", 80), gin_against("Ben", 80),
              gin_against("Anna", 80), gin_against("Anna", 80)]

    game = replay(hollywood(shutout=True, stake_per_point="0.10"), TWO, rounds)

    assert [g[3] for g in games(game)] == [(440, 0), (0, 440), (440, 0)]
    assert [t.amount for t in game.transfers] == [4400, 4400, 4400]


def test_a_game_with_a_box_for_the_loser_is_no_shutout():
    # Ben knocks 2 against 12 (10, his 1st win: game 1), then Anna goes gin against 80
    # (100, her 1st: game 1 over): Anna 100 + 100 + 20 = 220, Ben 10 + 20 = 30, not doubled
    game = replay(hollywood(shutout=True), TWO,
                  [knock("Ben", Anna=12, Ben=2), gin_against("Anna", 80)])

    assert games(game)[0][3:5] == ((220, 30), "Anna")


def test_oklahoma_and_the_big_gin_score_the_round_before_it_is_written():
    rules = hollywood(oklahoma=True, spades_double=True, big_gin=True)
    rounds = [
        # 7♠: Anna knocks 5 against 25: (25 - 5) x 2 = 40, her 1st win: game 1
        GinRound("Anna", (HandEntry("Anna", deadwood=5), HandEntry("Ben", deadwood=25)),
                 upcard="7S"),
        # 9♥: Anna's Big Gin against 30: 30 + 31 = 61, her 2nd win: games 1 and 2
        GinRound("Anna", (HandEntry("Anna", deadwood=0), HandEntry("Ben", deadwood=30)),
                 upcard="9H", big_gin=True),
    ]

    game = replay(rules, TWO, rounds)

    # Oklahoma plays to 150: game 1 at 101 plays on
    assert [g[1] for g in games(game)] == [(101, 0), (61, 0), (0, 0)]


def test_the_match_is_over_only_when_all_three_games_are():
    rounds = [gin_against("Anna", 80)] * 2  # game 1 over in round 1; game 2 over in round 2

    game = replay(hollywood(), TWO, rounds)

    assert [g[4] for g in games(game)] == ["Anna", "Anna", None]
    assert not game.status.ended and game.winner is None
    # Anna's 3rd win ends game 3 and the match; nothing more is played
    over = play_on(game, gin_against("Anna", 80))
    assert over.winner == "Anna"
    with pytest.raises(GameOver):
        play_on(over, gin_against("Ben", 80))


def test_the_prize_pool_goes_to_the_winner_of_two_games():
    # a match for a stake of 5.00 each: Anna wins games 1 and 3, Ben game 2 (as above)
    rounds = [gin_against("Anna", 80), gin_against("Ben", 80), gin_against("Ben", 80),
              gin_against("Anna", 80), gin_against("Anna", 80)]

    game = replay(hollywood(buy_in="5.00"), TWO, rounds)

    # the pool of 10.00 splits 75 : 25 (docs/rules.md 8.7)
    assert game.payouts == (("Anna", 750), ("Ben", 250))


@pytest.mark.parametrize(("overrides", "reason"), [
    ({"tournament": True}, "hollywood_tournament"),
    ({"rounds_to_play": 2}, "hollywood_ring_game"),
])
def test_hollywood_is_one_match_to_the_target(overrides, reason):
    with pytest.raises(InvalidRules) as caught:
        hollywood(**overrides)

    assert (caught.value.reason, caught.value.field) == (reason, "rules.hollywood")


def test_hollywood_is_played_by_two():
    error = refusal(hollywood(), ["Anna", "Ben", "Cem"], [])

    assert error[1:] == ("gin_two_players", "Gin Rummy is played by 2 players; 3 are seated",
                         "players")


def test_a_snapshot_resumes_the_three_games_as_they_stood():
    rules = hollywood(stake_per_point="0.10")
    rounds = [gin_against("Anna", 80), knock("Ben", Anna=12, Ben=2),
              knock("Anna", Anna=2, Ben=12)]
    played = replay(rules, TWO, rounds)

    resumed = resume(rules, TWO, snapshot(played))
    more = gin_against("Anna", 80)

    assert resumed.matches == played.matches
    assert table(play_on(resumed, more)) == table(replay(rules, TWO, [*rounds, more]))
    assert play_on(resumed, more).matches == replay(rules, TWO, [*rounds, more]).matches
