"""Gin Rummy (docs/rules.md 8): knock, gin, undercut and the free lay-off, the match to
the game target with its boxes and final accounts, void rounds, the winner deals, ring
games, the single-table tournament of 2 to 4 players (a bye for three), the prize pool and
the stake per point.

Pure engine tests: no database. Rounds read as they were entered at the table.
"""

import json
from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    FalseKnock,
    GameOver,
    GameStatus,
    GinRound,
    HandEntry,
    InvalidRound,
    InvalidRules,
    PlayerState,
    Rules,
    RulesError,
    SnapshotError,
    TooManyCopies,
    family_for,
    play_on,
    replay,
    resume,
    snapshot,
    tournament_bye,
)

from .test_rules_knock_facts import cards, knock, pay

GIN = Rules.preset("gin")
TWO = ["Anna", "Ben"]
THREE = ["Anna", "Ben", "Cem"]
FOUR = ["Anna", "Ben", "Cem", "Dora"]
VOID = GinRound(ender=None, hands=(), void=True)

# Seed 004, the acceptance sheet (Anna is A, Ben is B): A 17 (A knocks 6, B 23 after laying
# off), B 33 (B gin, A 13), A 12 (B knocks 8, A 6: undercut), B 42, B 28.
SEED_004 = [
    knock("Anna", Anna=6, Ben=23),
    knock("Ben", Anna=13, Ben=0),
    knock("Ben", Anna=6, Ben=8),
    knock("Ben", Anna=44, Ben=2),
    knock("Ben", Anna=8, Ben=0),
]


def void(match=None):
    return GinRound(ender=None, hands=(), void=True, match=match)


def sheet(game):
    """Each round as the score sheet reads it: number, match, dealer, knocker, winner, gin,
    undercut, and the winner's points, difference and bonus."""
    rows = []
    for r in game.rounds:
        won = next((p for p in r.results if p.player == r.winner), None)
        rows.append((r.number, r.match, r.dealer, r.ender, r.winner, r.gin, r.undercut,
                     *((won.points, won.difference, won.bonus) if won else (0, 0, 0))))
    return rows


def table(game):
    """Each player's line: total, boxes, final account, place, state, balance."""
    return [(s.player, s.total, s.boxes, s.final, s.place, s.state, s.balance)
            for s in game.standings]


def line(result):
    """A round's line for one hand, melds and loose cards in a fixed order."""
    return (result.player, result.deadwood, result.points, result.difference, result.bonus,
            tuple(sorted(tuple(sorted(meld)) for meld in result.melds)),
            tuple(sorted(result.unmatched)), result.laid_off)


def matches(game):
    """Each match: number, players, totals, boxes, rounds, dealer, reached, finals, winner,
    the round it ended in."""
    return [(m.number, m.players, m.totals, m.boxes, m.rounds, m.dealer, m.reached, m.finals,
             m.winner, m.ended_in) for m in game.matches]


def refusal(rules, players, rounds):
    with pytest.raises(RulesError) as caught:
        replay(rules, players, rounds)
    error = caught.value
    return type(error), error.reason, error.message, error.field


# --- The family -----------------------------------------------------------------------------


def test_the_gin_presets_are_played_by_the_gin_family():
    assert [family_for(Rules.preset(name)).name for name in ("gin", "gin_online")] == [
        "gin", "gin"]


def test_gin_presets_hold_the_bonuses_and_money_in_minor_units():
    online = Rules.preset("gin_online")
    staked = Rules.preset("gin", stake_per_point="0.10", buy_in="5.00")

    assert [(r.knock_limit, r.gin_bonus, r.undercut_bonus, r.game_target, r.game_bonus,
             r.box_bonus, r.gin_doubles_deadwood, r.rounds_to_play, r.tournament,
             r.winner_share, r.stake_per_point, r.buy_in) for r in (GIN, online, staked)] == [
        (10, 20, 10, 100, 100, 20, False, 0, False, 75, 0, 0),
        (10, 25, 25, 100, 100, 20, False, 0, False, 75, 0, 0),
        (10, 20, 10, 100, 100, 20, False, 0, False, 75, 10, 500),
    ]


# --- Seed 004: the acceptance sheet ---------------------------------------------------------


def test_seed_004_scores_the_worked_sheet_exactly():
    # given Anna (A) and Ben (B), Anna dealing first
    # when the five rounds of seed 004 are played
    game = replay(GIN, TWO, SEED_004)

    # then each round reads as on the sheet; the winner of a round deals the next
    assert sheet(game) == [
        (1, 0, "Anna", "Anna", "Anna", False, False, 17, 17, 0),
        (2, 0, "Anna", "Ben", "Ben", True, False, 33, 13, 20),
        (3, 0, "Ben", "Ben", "Anna", False, True, 12, 2, 10),
        (4, 0, "Anna", "Ben", "Ben", False, False, 42, 42, 0),
        (5, 0, "Ben", "Ben", "Ben", True, False, 28, 8, 20),
    ]
    # and the totals 29 and 103, boxes 2 and 3, finals 29 + 40 = 69 and
    # 103 + 100 + 60 = 263: Ben wins
    assert table(game) == [
        ("Anna", 29, 2, 69, 2, PlayerState.OUT, 0),
        ("Ben", 103, 3, 263, 1, PlayerState.IN, 0),
    ]
    assert matches(game) == [(0, ("Anna", "Ben"), (29, 103), (2, 3), 5, None, "Ben",
                              (69, 263), "Ben", 5)]
    assert (game.status, game.winner, game.round_count, game.next_dealer,
            game.next_participants, game.rounds[-1].out) == (
        GameStatus.FINISHED, "Ben", 5, None, (), ("Anna",))
    # and with no stakes no money moves
    assert (game.transfers, game.payouts, game.pot) == ((), (), 0)


def test_seed_004_with_a_stake_per_point_settles_the_final_difference():
    # given 0.10 per point
    rules = Rules.preset("gin", stake_per_point="0.10")

    # when seed 004 is played
    game = replay(rules, TWO, SEED_004)

    # then Anna pays Ben (263 - 69) x 0.10 = 19.40 in round 5, the round that ended it
    assert game.transfers == (pay("Anna", "Ben", 1940, "point_settlement", 5),)
    assert game.rounds[-1].transfers == game.transfers
    assert [(s.player, s.balance) for s in game.standings] == [("Anna", -1940), ("Ben", 1940)]


def test_a_round_after_the_end_is_refused():
    with pytest.raises(GameOver) as caught:
        replay(GIN, TWO, [*SEED_004, knock("Anna", Anna=0, Ben=30)])

    assert (caught.value.reason, caught.value.message, caught.value.field) == (
        "game_over_won", "The game is over (Ben won it); no more rounds can be entered",
        "rounds[5]")
    with pytest.raises(GameOver):
        play_on(replay(GIN, TWO, SEED_004), VOID)


# --- Knock, gin, undercut and the lay-off ---------------------------------------------------


def test_the_worked_undercut_example_from_cards():
    # given Anna knocks with 8♠8♥8♣, 3♠4♠5♠6♠ and A♦ 2♥ 4♣ (7); Ben holds K♠K♥K♣,
    # 9♥10♥J♥ and 3♣ 2♠ 7♠ 8♦ (20 before laying off)
    round_ = cards("Anna", Anna="8♠ 8♥ 8♣ 3♠ 4♠ 5♠ 6♠ A♦ 2♥ 4♣",
                   Ben="K♠ K♥ K♣ 9♥ 10♥ J♥ 3♣ 2♠ 7♠ 8♦")

    # when the round is scored
    game = replay(GIN, TWO, [round_])

    # then Ben lays off 2♠ and 7♠ onto the spade run and 8♦ onto the eights, keeps 3♣ (3)
    # and undercuts: 4 + 10 = 14
    assert [line(r) for r in game.rounds[0].results] == [
        ("Anna", 7, 0, 0, 0, (("3S", "4S", "5S", "6S"), ("8C", "8H", "8S")),
         ("2H", "4C", "AD"), ()),
        ("Ben", 3, 14, 4, 10, (("10H", "9H", "JH"), ("KC", "KH", "KS")), ("3C",),
         ("2S", "7S", "8D")),
    ]
    assert sheet(game) == [(1, 0, "Anna", "Anna", "Ben", False, True, 14, 4, 10)]


def test_cards_are_laid_off_onto_a_card_laid_off_before():
    # given Anna knocks with 5♣6♣7♣, 8s, 2s and 3♥ (3); Ben holds 8♣ 9♣
    round_ = cards("Anna", Anna="5C 6C 7C 8S 8H 8D 2S 2H 2D 3H",
                   Ben="8C 9C KS KH QD JD 4S 4H 9D 10D")

    game = replay(GIN, TWO, [round_])

    # then Ben lays 8♣ onto 5-6-7♣ and 9♣ onto his 8♣; he keeps K K 4 4 (28)
    assert [line(r) for r in game.rounds[0].results] == [
        ("Anna", 3, 25, 25, 0, (("2D", "2H", "2S"), ("5C", "6C", "7C"), ("8D", "8H", "8S")),
         ("3H",), ()),
        ("Ben", 28, 0, 0, 0, (("10D", "9D", "JD", "QD"),), ("4H", "4S", "KH", "KS"),
         ("8C", "9C")),
    ]


def test_no_lay_off_against_gin():
    # given Anna goes gin with 4♣-7♣, the 8s and the 2s; Ben holds 3♣ and 8♣ that would fit
    round_ = cards("Anna", Anna="4C 5C 6C 7C 8S 8H 8D 2S 2H 2D",
                   Ben="3C 8C KS KH QD JD 4S 4H 9D 10D")

    game = replay(GIN, TWO, [round_])

    # then Ben lays off nothing: 3 + 8 + 10 + 10 + 4 + 4 = 39, and Anna scores 39 + 20
    anna, ben = game.rounds[0].results
    assert line(ben) == ("Ben", 39, 0, 0, 0, (("10D", "9D", "JD", "QD"),),
                         ("3C", "4H", "4S", "8C", "KH", "KS"), ())
    assert sheet(game) == [(1, 0, "Anna", "Anna", "Anna", True, False, 59, 39, 20)]


def test_a_defender_at_zero_after_laying_off_gets_the_undercut_bonus_only():
    # given Anna knocks with 3 (3♥ loose); Ben lays 4♣ below and 8♣ 9♣ above 5-6-7♣
    round_ = cards("Anna", Anna="5C 6C 7C 8S 8H 8D 2S 2H 2D 3H",
                   Ben="4C 8C 9C KS KH KD 9D 10D JD QD")

    game = replay(GIN, TWO, [round_])

    # then Ben is at 0: an undercut, 3 + 10, not a gin
    anna, ben = game.rounds[0].results
    assert (ben.deadwood, ben.laid_off) == (0, ("4C", "8C", "9C"))
    assert sheet(game) == [(1, 0, "Anna", "Anna", "Ben", False, True, 13, 3, 10)]


def test_typed_deadwood_is_scored_as_given_and_lays_nothing_off():
    # given Anna's cards but Ben's deadwood typed as a number
    round_ = GinRound("Anna", (HandEntry("Anna", cards=tuple(
        "5C 6C 7C 8S 8H 8D 2S 2H 2D 3H".split())), HandEntry("Ben", deadwood=21)))

    game = replay(GIN, TWO, [round_])

    assert [line(r)[:5] + (line(r)[-1],) for r in game.rounds[0].results] == [
        ("Anna", 3, 18, 18, 0, ()), ("Ben", 21, 0, 0, 0, ())]


@pytest.mark.parametrize(
    ("overrides", "rounds", "expected"),
    [
        # undercut on equal deadwood: the difference 0 plus the bonus
        ({}, [knock("Anna", Anna=7, Ben=7)], ("Ben", False, True, 10, 0, 10)),
        ({}, [knock("Anna", Anna=7, Ben=5)], ("Ben", False, True, 12, 2, 10)),
        ({}, [knock("Anna", Anna=0, Ben=13)], ("Anna", True, False, 33, 13, 20)),
        # a gin cannot be undercut, not even by 0
        ({}, [knock("Anna", Anna=0, Ben=0)], ("Anna", True, False, 20, 0, 20)),
        ({"gin_doubles_deadwood": True}, [knock("Anna", Anna=0, Ben=13)],
         ("Anna", True, False, 46, 26, 20)),
        # doubling is for gin only
        ({"gin_doubles_deadwood": True}, [knock("Anna", Anna=4, Ben=13)],
         ("Anna", False, False, 9, 9, 0)),
        ({"gin_doubles_deadwood": True}, [knock("Anna", Anna=8, Ben=6)],
         ("Ben", False, True, 12, 2, 10)),
        ({"gin_bonus": 25, "undercut_bonus": 15}, [knock("Ben", Anna=0, Ben=0)],
         ("Ben", True, False, 25, 0, 25)),
        ({"gin_bonus": 25, "undercut_bonus": 15}, [knock("Ben", Anna=3, Ben=9)],
         ("Anna", False, True, 21, 6, 15)),
        ({"gin_bonus": 0, "undercut_bonus": 0}, [knock("Ben", Anna=3, Ben=9)],
         ("Anna", False, True, 6, 6, 0)),
    ],
)
def test_the_bonuses_of_a_round(overrides, rounds, expected):
    game = replay(Rules.preset("gin", **overrides), TWO, rounds)

    assert [row[4:] for row in sheet(game)] == [expected]


def test_gin_online_pays_25_for_gin_and_25_for_an_undercut():
    rounds = [knock("Anna", Anna=0, Ben=13), knock("Anna", Anna=8, Ben=6)]

    game = replay(Rules.preset("gin_online"), TWO, rounds)

    assert [row[4:] for row in sheet(game)] == [
        ("Anna", True, False, 38, 13, 25), ("Ben", False, True, 27, 2, 25)]
    assert [(s.player, s.total, s.boxes) for s in game.standings] == [
        ("Anna", 38, 1), ("Ben", 27, 1)]


@pytest.mark.parametrize("limit", [10, 8, 5])
def test_the_knock_limit_allows_its_deadwood_and_refuses_one_more(limit):
    rules = Rules.preset("gin", knock_limit=limit)

    # given a knock at the limit: accepted
    game = replay(rules, TWO, [knock("Anna", Anna=limit, Ben=limit + 20)])
    assert [row[4:] for row in sheet(game)] == [("Anna", False, False, 20, 20, 0)]

    # when one point above it: a false knock
    assert refusal(rules, TWO, [knock("Anna", Anna=limit + 1, Ben=40)]) == (
        FalseKnock, "false_knock",
        f"False knock: Anna has {limit + 1} deadwood, but the knock limit is {limit}",
        "rounds[0].hands[0].deadwood")


def test_a_false_knock_from_cards_names_the_cards():
    # given Anna knocks with 8♠8♥8♣, 3♠-6♠ and A♦ 2♥ 9♦ loose (12)
    round_ = cards("Anna", Anna="8S 8H 8C 3S 4S 5S 6S AD 2H 9D",
                   Ben="KS KH KC 9H 10H JH 3C 2S 7S 8D")

    assert refusal(Rules.preset("gin", knock_limit=10), TWO, [round_]) == (
        FalseKnock, "false_knock",
        "False knock: Anna has 12 deadwood, but the knock limit is 10",
        "rounds[0].hands[0].cards")


def test_gin_is_one_deck_without_jokers():
    round_ = cards("Anna", Anna="8S 8H 8C 3S 4S 5S 6S AD 2H 4C",
                   Ben="8S KH KC 9H 10H JH 3C 2S 7S 8D")

    assert refusal(GIN, TWO, [round_]) == (
        TooManyCopies, "too_many_copies", "8S appears 2 times; the decks hold 1",
        "rounds[0].hands[1].cards")


# --- The match: target, boxes, final accounts -----------------------------------------------


def test_the_higher_final_account_wins_without_reaching_the_target():
    # given Anna wins nine small rounds (11 each: 99, nine boxes)
    rounds = [knock("Anna", Anna=1, Ben=12)] * 9
    # when Ben reaches the target in one gin (80 + 20 = 100)
    rounds.append(knock("Ben", Anna=80, Ben=0))

    game = replay(Rules.preset("gin", stake_per_point="0.05"), TWO, rounds)

    # then Anna's 99 + 9 x 20 = 279 beats Ben's 100 + 100 + 20 = 220: Anna wins
    assert matches(game) == [(0, ("Anna", "Ben"), (99, 100), (9, 1), 10, None, "Ben",
                              (279, 220), "Anna", 10)]
    assert table(game) == [
        ("Anna", 99, 9, 279, 1, PlayerState.IN, 295),
        ("Ben", 100, 1, 220, 2, PlayerState.OUT, -295),
    ]
    assert (game.winner, game.transfers) == (
        "Anna", (pay("Ben", "Anna", 59 * 5, "point_settlement", 10),))


def test_a_tie_of_final_accounts_goes_to_the_one_who_reached_the_target():
    # given Anna wins seven rounds for 80 (80 + 140 = 220)
    rounds = [knock("Anna", Anna=1, Ben=12)] * 6 + [knock("Anna", Anna=1, Ben=15)]
    # when Ben reaches 100 in one gin (100 + 100 + 20 = 220)
    rounds.append(knock("Ben", Anna=80, Ben=0))

    game = replay(Rules.preset("gin", stake_per_point="1.00"), TWO, rounds)

    # then Ben wins the tie, and no money moves for a difference of 0
    assert matches(game) == [(0, ("Anna", "Ben"), (80, 100), (7, 1), 8, None, "Ben",
                              (220, 220), "Ben", 8)]
    assert (game.winner, game.transfers) == ("Ben", ())


def test_a_match_runs_below_the_target_and_shows_no_finals_yet():
    game = replay(GIN, TWO, SEED_004[:4])

    assert table(game) == [
        ("Anna", 29, 2, None, None, PlayerState.IN, 0),
        ("Ben", 75, 2, None, None, PlayerState.IN, 0),
    ]
    assert (game.status, game.winner, game.next_dealer, game.next_participants,
            game.next_round) == (GameStatus.RUNNING, None, "Ben", ("Anna", "Ben"), 5)


# --- Void rounds and the dealer -------------------------------------------------------------


def test_a_void_round_scores_nothing_and_the_same_dealer_deals_again():
    # given a stake per point, and Ben winning round 1 (so Ben deals round 2)
    rules = Rules.preset("gin", stake_per_point="0.10")
    rounds = [knock("Anna", Anna=9, Ben=5)]

    # when round 2 is void
    game = replay(rules, TWO, [*rounds, VOID])

    # then it counts as a round but scores nothing, moves no money, and Ben deals again
    assert sheet(game) == [
        (1, 0, "Anna", "Anna", "Ben", False, True, 14, 4, 10),
        (2, 0, "Ben", None, None, False, False, 0, 0, 0),
    ]
    assert (game.rounds[1].void, game.rounds[1].results, game.rounds[1].transfers) == (
        True, (), ())
    assert [(s.player, s.total, s.boxes) for s in game.standings] == [
        ("Anna", 0, 0), ("Ben", 14, 1)]
    assert (game.round_count, game.next_round, game.next_dealer, game.transfers) == (
        2, 3, "Ben", ())

    # and the next round is number 3, dealt by Ben
    game = play_on(game, knock("Anna", Anna=0, Ben=10))
    assert sheet(game)[-1] == (3, 0, "Ben", "Anna", "Anna", True, False, 30, 10, 20)
    assert game.next_dealer == "Anna"


@pytest.mark.parametrize(
    ("entry", "field"),
    [
        (GinRound(ender="Anna", hands=(), void=True), "rounds[0].ender"),
        (GinRound(ender=None, hands=(HandEntry("Anna", deadwood=3),), void=True),
         "rounds[0].hands"),
    ],
)
def test_a_void_round_with_a_knocker_or_hands_is_refused(entry, field):
    assert refusal(GIN, TWO, [entry]) == (
        InvalidRound, "void_with_hands",
        "A void round scores nothing: enter no knocker and no hands", field)


def test_a_round_without_a_knocker_that_is_not_void_is_refused():
    assert refusal(GIN, TWO, [GinRound(ender=None, hands=())]) == (
        InvalidRound, "gin_knocker_missing", "Say who knocked, or record the round as void",
        "rounds[0].ender")


def test_the_knock_family_refuses_void_rounds():
    assert refusal(Rules.preset("wiener"), TWO, [VOID])[:3] == (
        InvalidRound, "void_not_in_family", "Only a Gin round can be void")


def test_the_winner_of_a_round_deals_the_next():
    rounds = [knock("Anna", Anna=2, Ben=10), knock("Anna", Anna=9, Ben=3),
              knock("Ben", Anna=20, Ben=4), knock("Anna", Anna=0, Ben=5)]

    game = replay(GIN, TWO, rounds)

    # Anna deals first; then Anna won, Ben undercut, Ben won, Anna won
    assert [(r.dealer, r.winner) for r in game.rounds] == [
        ("Anna", "Anna"), ("Anna", "Ben"), ("Ben", "Ben"), ("Ben", "Anna")]
    assert game.next_dealer == "Anna"


# --- Ring games ------------------------------------------------------------------------------


def test_a_ring_game_ends_after_its_counted_rounds_and_pays_the_pool():
    # given a ring game of 2 rounds at 5.00 each
    rules = Rules.preset("gin", rounds_to_play=2, buy_in="5.00")

    # when a round, a void round, and a second round are played
    rounds = [knock("Anna", Anna=3, Ben=20), VOID, knock("Ben", Anna=30, Ben=4)]
    before = replay(rules, TWO, rounds[:2])
    game = replay(rules, TWO, rounds)

    # then the void round does not count: the game runs after it
    assert (before.status, before.pot, before.next_dealer) == (GameStatus.RUNNING, 1000,
                                                               "Anna")
    # and ends after the second counted round: Anna 17 + 20 = 37, Ben 26 + 20 = 46
    assert matches(game) == [(0, ("Anna", "Ben"), (17, 26), (1, 1), 2, None, None, (37, 46),
                              "Ben", 3)]
    # and the pool of 10.00 is paid 7.50 to Ben and 2.50 to Anna
    assert game.transfers == (
        pay("Anna", "pot", 500, "buy_in", None),
        pay("Ben", "pot", 500, "buy_in", None),
        pay("pot", "Ben", 750, "payout", None),
        pay("pot", "Anna", 250, "payout", None),
    )
    assert (game.payouts, game.pot) == ((("Ben", 750), ("Anna", 250)), 0)
    assert table(game) == [
        ("Anna", 17, 1, 37, 2, PlayerState.OUT, -250),
        ("Ben", 26, 1, 46, 1, PlayerState.IN, 250),
    ]


def test_a_ring_game_tied_below_the_target_plays_on():
    # given a ring game of 2 rounds and a stake
    rules = Rules.preset("gin", rounds_to_play=2, buy_in="5.00", stake_per_point="0.10")
    rounds = [knock("Anna", Anna=5, Ben=20), knock("Ben", Anna=20, Ben=5)]

    # when both win one round for 15: finals 35 and 35, nobody at the target
    tied = replay(rules, TWO, rounds)

    # then the match plays on, with no settlement yet
    assert (tied.status, tied.winner, tied.next_dealer, tied.pot) == (
        GameStatus.RUNNING, None, "Ben", 1000)
    assert [(s.total, s.boxes, s.final) for s in tied.standings] == [(15, 1, None),
                                                                    (15, 1, None)]

    # when the next round breaks the tie, Anna wins 35 + 10 + 20 = 65 against 35
    game = play_on(tied, knock("Anna", Anna=2, Ben=12))
    assert matches(game) == [(0, ("Anna", "Ben"), (25, 15), (2, 1), 3, None, None, (65, 35),
                              "Anna", 3)]
    assert game.transfers[2:] == (
        pay("Ben", "Anna", 300, "point_settlement", 3),
        pay("pot", "Anna", 750, "payout", None),
        pay("pot", "Ben", 250, "payout", None),
    )


def test_a_ring_game_ends_early_when_the_target_is_reached():
    rules = Rules.preset("gin", rounds_to_play=3)

    game = replay(rules, TWO, [knock("Ben", Anna=80, Ben=0)])

    assert matches(game) == [(0, ("Anna", "Ben"), (0, 100), (0, 1), 1, None, "Ben", (0, 220),
                              "Ben", 1)]


# --- The tournament --------------------------------------------------------------------------

TOURNAMENT = [
    knock("Anna", Anna=5, Ben=20),  # semifinal 1: Anna 15
    knock("Dora", Cem=30, Dora=0),  # semifinal 2: Dora 50
    knock("Ben", Anna=80, Ben=0),  # semifinal 1: Ben 100, Ben wins it (220 to 35)
    void(match=2),  # semifinal 2: void, Dora deals again
    knock("Cem", Cem=0, Dora=80),  # semifinal 2: Cem 100, Cem wins it (220 to 70)
    knock("Cem", Ben=80, Cem=0),  # the final: Cem 100, Cem wins it (220 to 0)
]


def test_a_tournament_plays_two_semifinals_at_once_and_a_final_of_their_winners():
    # given four players at 5.00, 0.10 per point
    rules = Rules.preset("gin", tournament=True, buy_in="5.00", stake_per_point="0.10")

    # when the semifinals are played interleaved, then the final
    game = replay(rules, FOUR, TOURNAMENT)

    # then each round went to the match of its knocker; the final is dealt by semifinal
    # 1's winner
    assert sheet(game) == [
        (1, 1, "Anna", "Anna", "Anna", False, False, 15, 15, 0),
        (2, 2, "Cem", "Dora", "Dora", True, False, 50, 30, 20),
        (3, 1, "Anna", "Ben", "Ben", True, False, 100, 80, 20),
        (4, 2, "Dora", None, None, False, False, 0, 0, 0),
        (5, 2, "Dora", "Cem", "Cem", True, False, 100, 80, 20),
        (6, 3, "Ben", "Cem", "Cem", True, False, 100, 80, 20),
    ]
    assert matches(game) == [
        (1, ("Anna", "Ben"), (15, 100), (1, 1), 2, None, "Ben", (35, 220), "Ben", 3),
        (2, ("Cem", "Dora"), (100, 50), (1, 1), 2, None, "Cem", (220, 70), "Cem", 5),
        (3, ("Ben", "Cem"), (0, 100), (0, 1), 1, None, "Cem", (0, 220), "Cem", 6),
    ]
    assert [m.stage for m in game.matches] == ["semifinal", "semifinal", "final"]
    # and the places are 1 Cem, 2 Ben, 3 Anna and Dora
    assert [(s.player, s.place, s.state, s.out_round) for s in game.standings] == [
        ("Anna", 3, PlayerState.OUT, 3), ("Ben", 2, PlayerState.OUT, 6),
        ("Cem", 1, PlayerState.IN, None), ("Dora", 3, PlayerState.OUT, 5)]
    # and the money: four buy-ins, each match's settlement, the pool 15.00 to the winner
    # and 1.67 / 1.67 / 1.66 to the others in seat order
    assert game.transfers == (
        pay("Anna", "pot", 500, "buy_in", None),
        pay("Ben", "pot", 500, "buy_in", None),
        pay("Cem", "pot", 500, "buy_in", None),
        pay("Dora", "pot", 500, "buy_in", None),
        pay("Anna", "Ben", 1850, "point_settlement", 3),
        pay("Dora", "Cem", 1500, "point_settlement", 5),
        pay("Ben", "Cem", 2200, "point_settlement", 6),
        pay("pot", "Cem", 1500, "payout", None),
        pay("pot", "Anna", 167, "payout", None),
        pay("pot", "Ben", 167, "payout", None),
        pay("pot", "Dora", 166, "payout", None),
    )
    assert (game.status, game.winner, game.pot) == (GameStatus.FINISHED, "Cem", 0)
    assert sum(game.balances.values()) == 0


def test_a_tournament_says_who_deals_and_plays_next_as_its_matches_open_and_close():
    rules = Rules.preset("gin", tournament=True)

    steps = [replay(rules, FOUR, TOURNAMENT[:n]) for n in range(len(TOURNAMENT))]

    assert [(g.next_dealer, g.next_participants) for g in steps] == [
        (None, ("Anna", "Ben", "Cem", "Dora")),
        (None, ("Anna", "Ben", "Cem", "Dora")),
        (None, ("Anna", "Ben", "Cem", "Dora")),
        ("Dora", ("Cem", "Dora")),
        ("Dora", ("Cem", "Dora")),
        ("Ben", ("Ben", "Cem")),
    ]


@pytest.mark.parametrize(
    ("winner_share", "buy_in", "payouts"),
    [
        (75, "5.00", [("Cem", 1500), ("Anna", 167), ("Ben", 167), ("Dora", 166)]),
        (80, "3.33", [("Cem", 1065), ("Anna", 89), ("Ben", 89), ("Dora", 89)]),
        (100, "3.33", [("Cem", 1332)]),
        (90, "0.01", [("Cem", 4)]),
    ],
)
def test_the_tournament_pool_is_split_exactly_to_the_cent(winner_share, buy_in, payouts):
    rules = Rules.preset("gin", tournament=True, winner_share=winner_share, buy_in=buy_in)

    game = replay(rules, FOUR, TOURNAMENT)

    assert list(game.payouts) == payouts
    assert sum(amount for _, amount in payouts) == 4 * rules.buy_in
    assert game.pot == 0


def test_a_void_round_needs_its_match_while_two_are_open():
    rules = Rules.preset("gin", tournament=True)

    # given both semifinals open: a void round must say which
    assert refusal(rules, FOUR, [VOID]) == (
        InvalidRound, "gin_which_match",
        "Two matches are played at once: say which match the round was in", "rounds[0].match")
    assert refusal(rules, FOUR, [void(match=3)]) == (
        InvalidRound, "gin_match_not_open", "Match 3 is not being played", "rounds[0].match")

    # when one is named, it is void there and its dealer deals again
    game = replay(rules, FOUR, [void(match=1), void(match=2)])
    assert [(r.number, r.match, r.dealer, r.void) for r in game.rounds] == [
        (1, 1, "Anna", True), (2, 2, "Cem", True)]

    # and with only one match open, none needs naming
    game = replay(rules, FOUR, [*TOURNAMENT[:3], VOID])
    assert [(r.number, r.match, r.dealer) for r in game.rounds[3:]] == [(4, 2, "Dora")]


@pytest.mark.parametrize(
    ("rounds", "name", "field"),
    [
        # a semifinal 2 player in semifinal 1's round
        ([knock("Anna", Anna=5, Cem=20)], "Cem", "rounds[0].hands[1].player"),
        # a round named for semifinal 1 knocked by a semifinal 2 player
        ([GinRound("Cem", (HandEntry("Cem", deadwood=0), HandEntry("Dora", deadwood=5)),
                     match=1)], "Cem", "rounds[0].ender"),
        # a semifinal loser in the final
        ([*TOURNAMENT[:5], knock("Anna", Anna=0, Ben=10)], "Anna", "rounds[5].ender"),
        ([*TOURNAMENT[:5], knock("Ben", Ben=0, Dora=10)], "Dora", "rounds[5].hands[1].player"),
    ],
)
def test_players_of_another_match_are_refused(rounds, name, field):
    rules = Rules.preset("gin", tournament=True)

    assert refusal(rules, FOUR, rounds) == (
        InvalidRound, "gin_not_in_match", f"{name} does not play in this match", field)


# --- A tournament of three: one semifinal, a bye into the final (docs/rules.md 8.7) -------
# "Single Table Gin Rummy Tourniere sind ... für 2 - 4 Spieler".

BYE_ANNA = {"tournament": True, "bye": 0}
THREE_TOURNAMENT = [
    knock("Cem", Ben=30, Cem=4),  # the semifinal, Ben v Cem: Cem 26
    VOID,  # the only match open: no need to name it; Cem deals again
    knock("Ben", Ben=0, Cem=80),  # Ben gin: 100, Ben wins it (220 to 46)
    knock("Anna", Anna=3, Ben=13),  # the final, Ben v Anna: Anna 10
    knock("Ben", Anna=80, Ben=0),  # Ben gin: 100, Ben wins it (220 to 30)
]


def test_a_tournament_of_three_plays_one_semifinal_and_the_bye_meets_its_winner():
    # given three players at 5.00, 0.10 per point, the bye Anna's (seat 0)
    rules = Rules.preset("gin", **BYE_ANNA, buy_in="5.00", stake_per_point="0.10")

    # when the semifinal of the other two is played, then the final
    game = replay(rules, THREE, THREE_TOURNAMENT)

    # then Ben and Cem play semifinal 1 (Ben deals first), and its winner deals the final
    assert sheet(game) == [
        (1, 1, "Ben", "Cem", "Cem", False, False, 26, 26, 0),
        (2, 1, "Cem", None, None, False, False, 0, 0, 0),
        (3, 1, "Cem", "Ben", "Ben", True, False, 100, 80, 20),
        (4, 3, "Ben", "Anna", "Anna", False, False, 10, 10, 0),
        (5, 3, "Anna", "Ben", "Ben", True, False, 100, 80, 20),
    ]
    assert matches(game) == [
        (1, ("Ben", "Cem"), (100, 26), (1, 1), 2, None, "Ben", (220, 46), "Ben", 3),
        (3, ("Ben", "Anna"), (100, 10), (1, 1), 2, None, "Ben", (220, 30), "Ben", 5),
    ]
    assert [m.stage for m in game.matches] == ["semifinal", "final"]
    # and the places: Ben 1, Anna (the bye) 2 as the final's loser, Cem 3
    assert [(s.player, s.place, s.state, s.out_round) for s in game.standings] == [
        ("Anna", 2, PlayerState.OUT, 5), ("Ben", 1, PlayerState.IN, None),
        ("Cem", 3, PlayerState.OUT, 3)]
    # and the money: Cem pays 17.40 (220 - 46), Anna 19.00 (220 - 30); the pool of 15.00
    # gives Ben 75 % (11.25) and the two others 1.875 each: 1.88 to the earlier seat, 1.87
    assert game.transfers == (
        pay("Anna", "pot", 500, "buy_in", None),
        pay("Ben", "pot", 500, "buy_in", None),
        pay("Cem", "pot", 500, "buy_in", None),
        pay("Cem", "Ben", 1740, "point_settlement", 3),
        pay("Anna", "Ben", 1900, "point_settlement", 5),
        pay("pot", "Ben", 1125, "payout", None),
        pay("pot", "Anna", 188, "payout", None),
        pay("pot", "Cem", 187, "payout", None),
    )
    assert [s.balance for s in game.standings] == [-2212, 4265, -2053]
    assert (game.status, game.winner, game.pot) == (GameStatus.FINISHED, "Ben", 0)


def test_the_bye_waits_with_nothing_until_the_semifinal_is_won():
    rules = Rules.preset("gin", **BYE_ANNA)

    steps = [replay(rules, THREE, THREE_TOURNAMENT[:n]) for n in range(4)]

    # then only the semifinal's two play and deal, until the final opens with the bye in it
    assert [(g.next_dealer, g.next_participants) for g in steps] == [
        ("Ben", ("Ben", "Cem")), ("Cem", ("Ben", "Cem")), ("Cem", ("Ben", "Cem")),
        ("Ben", ("Anna", "Ben"))]
    # and Anna stands in no match before it: 0 points, no boxes, no final account, still in
    waiting = steps[2].standings[0]
    assert (waiting.player, waiting.total, waiting.boxes, waiting.final, waiting.place,
            waiting.state) == ("Anna", 0, 0, None, None, PlayerState.IN)
    # and she cannot play the semifinal
    assert refusal(rules, THREE, [knock("Anna", Anna=0, Ben=10)]) == (
        InvalidRound, "gin_not_in_match", "Anna does not play in this match", "rounds[0].ender")
    assert refusal(rules, THREE, [void(match=3)])[1:2] == ("gin_match_not_open",)


def test_the_bye_chosen_by_the_organiser_takes_its_seat_out_of_the_semifinal():
    # given the organiser gives the bye to seat 1, Ben, when the game starts
    rules = Rules.preset("gin", players=3, tournament=True, bye=1)

    game = replay(rules, THREE, [knock("Cem", Anna=80, Cem=0)])

    # then Anna and Cem play the semifinal, and Cem meets Ben in the final
    assert rules.bye == 1
    assert [(m.number, m.players, m.winner) for m in game.matches] == [
        (1, ("Anna", "Cem"), "Cem"), (3, ("Cem", "Ben"), None)]


def test_without_a_bye_chosen_the_third_seat_has_it_on_every_replay():
    # docs/rules.md 8.7: seat 3 (counted from 0: 2) has the bye unless another is chosen
    rules = Rules.preset("gin", players=3, tournament=True)

    # then nothing is drawn: the rules keep no seat, and every replay seats the same
    # semifinal, Anna and Ben, with Cem waiting for its winner
    assert rules.bye is None
    kept = Rules.from_dict(json.loads(json.dumps(rules.to_dict())))
    assert [replay(kept, THREE).matches[0].players for _ in range(3)] == [("Anna", "Ben")] * 3
    assert tournament_bye(kept, THREE) == "Cem"
    # and two or four players have no bye
    assert [tournament_bye(Rules.preset("gin", players=n, tournament=True), seated)
            for n, seated in ((2, TWO), (4, FOUR))] == [None, None]


@pytest.mark.parametrize(
    ("overrides", "players", "reason", "code", "message"),
    [
        ({"tournament": True, "bye": 3}, THREE, "not_between", "out_of_range",
         "bye must be between 0 and 2; got 3"),
        ({"tournament": True, "bye": -1}, THREE, "not_between", "out_of_range",
         "bye must be between 0 and 2; got -1"),
        ({"bye": 1}, TWO, "gin_bye_only_three", "out_of_range",
         "Only a Gin tournament of 3 players has a bye: leave bye out"),
        ({"tournament": True, "bye": 1}, FOUR, "gin_bye_only_three",
         "out_of_range",
         "Only a Gin tournament of 3 players has a bye: leave bye out"),
        ({"tournament": True, "bye": 0}, TWO, "gin_bye_only_three",
         "out_of_range",
         "Only a Gin tournament of 3 players has a bye: leave bye out"),
        ({"tournament": True, "bye": "Anna"}, THREE, "not_a_whole_number",
         "invalid_type", "bye must be a whole number"),
    ],
)
def test_a_bye_that_does_not_fit_is_refused_naming_the_field(overrides, players, reason,
                                                             code, message):
    # when the game starts (its rules resolved for the players seated) and is replayed
    with pytest.raises(InvalidRules) as caught:
        replay(Rules.preset("gin", players=len(players), **overrides), players)

    assert (caught.value.reason, caught.value.code, caught.value.message,
            caught.value.field) == (reason, code, message, "rules.bye")


# --- A tournament of two: the final alone --------------------------------------------------


def test_a_tournament_of_two_is_its_final_alone_with_the_pool():
    rules = Rules.preset("gin", tournament=True, buy_in="5.00")

    game = replay(rules, TWO, [knock("Anna", Anna=5, Ben=20), knock("Ben", Anna=80, Ben=0)])

    # then the one match is the final (3), won 220 to 35; the pool of 10.00 splits 75/25
    assert matches(game) == [
        (3, ("Anna", "Ben"), (15, 100), (1, 1), 2, None, "Ben", (35, 220), "Ben", 2)]
    assert [m.stage for m in game.matches] == ["final"]
    assert [(s.player, s.place) for s in game.standings] == [("Anna", 2), ("Ben", 1)]
    assert list(game.payouts) == [("Ben", 750), ("Anna", 250)]
    assert (game.status, game.winner, game.pot) == (GameStatus.FINISHED, "Ben", 0)


@pytest.mark.parametrize(
    ("players", "winner_share", "buy_in", "payouts"),
    [
        # three: 15.00 = 11.25 + 1.875 x 2, the spare cent to the earlier seat
        (THREE, 75, "5.00", [("Ben", 1125), ("Anna", 188), ("Cem", 187)]),
        # 9.99 x 80 % = 7.992 -> 7.99; 0.999 each -> 1.00 and 1.00 (the larger remainders)
        (THREE, 80, "3.33", [("Ben", 799), ("Anna", 100), ("Cem", 100)]),
        (THREE, 100, "3.33", [("Ben", 999)]),
        (THREE, 90, "0.01", [("Ben", 3)]),
        # two: 6.66 x 80 % = 5.328 -> 5.33, 1.332 -> 1.33
        (TWO, 75, "5.00", [("Ben", 750), ("Anna", 250)]),
        (TWO, 80, "3.33", [("Ben", 533), ("Anna", 133)]),
        (TWO, 90, "0.01", [("Ben", 2)]),
    ],
)
def test_the_pool_of_a_tournament_of_three_or_two_is_split_exactly_to_the_cent(
        players, winner_share, buy_in, payouts):
    rules = Rules.preset("gin", tournament=True, winner_share=winner_share, buy_in=buy_in,
                         players=len(players), bye=0 if players == THREE else None)
    rounds = THREE_TOURNAMENT if players == THREE else [knock("Ben", Anna=80, Ben=0)]

    game = replay(rules, players, rounds)

    assert list(game.payouts) == payouts
    assert sum(amount for _, amount in payouts) == len(players) * rules.buy_in
    assert game.pot == 0


def test_someone_not_seated_is_refused_as_no_player():
    assert refusal(GIN, TWO, [knock("Zoe", Zoe=0, Ben=10)])[:2] == (InvalidRound,
                                                                    "not_a_player")


@pytest.mark.parametrize(
    ("overrides", "players", "reason", "message"),
    [
        ({}, ["Anna", "Ben", "Cem"], "gin_two_players",
         "Gin Rummy is played by 2 players; 3 are seated"),
        ({}, ["Anna"], "gin_two_players", "Gin Rummy is played by 2 players; 1 are seated"),
        ({"tournament": True}, ["Anna"], "gin_tournament_players",
         "A Gin tournament is played by 2 to 4 players; 1 are seated"),
        ({"tournament": True}, [*FOUR, "Emil"], "gin_tournament_players",
         "A Gin tournament is played by 2 to 4 players; 5 are seated"),
    ],
)
def test_the_wrong_number_of_players_is_refused(overrides, players, reason, message):
    with pytest.raises(InvalidRules) as caught:
        replay(Rules.preset("gin", **overrides), players)

    assert (caught.value.reason, caught.value.message, caught.value.field) == (
        reason, message, "players")


def test_a_hand_missing_from_a_round_is_refused():
    assert refusal(GIN, TWO, [knock("Anna", Anna=0)])[:2] == (InvalidRound, "hand_missing")


# --- play_on, snapshot and resume give what a full replay gives -----------------------------


def stored(game):
    """The game's snapshot as it comes back from a JSON column."""
    return json.loads(json.dumps(snapshot(game)))


def since(game, start):
    """`game` with only the rounds and transfers that came after the game `start`."""
    return replace(game, rounds=game.rounds[len(start.rounds):],
                   transfers=game.transfers[len(start.transfers):])


def check_money(game):
    """Every movement is positive and the accounts add up to 0."""
    assert all(t.amount > 0 for t in game.transfers)
    assert sum(game.balances.values()) == 0
    assert sum(s.balance for s in game.standings) + game.pot + game.balances["carry"] == 0


def test_seed_004_and_the_tournament_go_on_the_same_from_every_round():
    for rules, players, rounds in [
        (Rules.preset("gin", stake_per_point="0.10"), TWO, SEED_004),
        (Rules.preset("gin", tournament=True, buy_in="5.00", stake_per_point="0.10"), FOUR,
         TOURNAMENT),
        (Rules.preset("gin", **BYE_ANNA, buy_in="5.00", stake_per_point="0.10"), THREE,
         THREE_TOURNAMENT),
    ]:
        current = replay(rules, players)
        for count, entry in enumerate(rounds, start=1):
            # given the game after `count - 1` rounds, and its stored snapshot resumed
            resumed = resume(rules, players, stored(current))
            assert resumed == replace(current, rounds=(), transfers=())

            # when the next round goes onto each
            expected = replay(rules, players, rounds[:count])
            played, played_resumed = play_on(current, entry), play_on(resumed, entry)

            # then all give the standings and snapshot of the full replay
            assert played == expected
            assert played_resumed == since(expected, current)
            assert snapshot(played) == snapshot(played_resumed) == snapshot(expected)
            check_money(expected)
            current = played


def test_resume_refuses_what_replay_refuses_and_snapshots_of_other_games():
    # given a stored snapshot of seed 004 after two rounds
    data = stored(replay(GIN, TWO, SEED_004[:2]))

    # then a Gin game closed by hand is refused by resume as by replay
    for make in (lambda: replay(GIN, TWO, SEED_004[:2], closed=True),
                 lambda: resume(GIN, TWO, data, closed=True)):
        with pytest.raises(InvalidRules) as caught:
            make()
        assert (caught.value.reason, caught.value.field) == ("closed_with_pot", "closed")

    # and a snapshot of another format, rule set or seating is not resumed
    for rules, players, other in [
        (GIN, TWO, {**data, "format": data["format"] + 1}),
        (Rules.preset("gin_online"), TWO, data),
        (GIN, ["Ben", "Anna"], data),
    ]:
        with pytest.raises(SnapshotError):
            resume(rules, players, other)


def gin_rules():
    return st.builds(
        lambda preset, tournament, rounds_to_play, target, doubles, buy_in, stake, share:
        Rules.preset(preset, tournament=tournament, rounds_to_play=rounds_to_play,
                     game_target=target, gin_doubles_deadwood=doubles, buy_in=buy_in,
                     stake_per_point=stake, winner_share=share),
        st.sampled_from(["gin", "gin_online"]), st.booleans(), st.integers(0, 3),
        st.sampled_from([30, 60, 100]), st.booleans(),
        st.sampled_from(["0.00", "3.33", "5.00"]), st.sampled_from(["0.00", "0.01", "0.10"]),
        st.integers(75, 100),
    )


def next_entry(data, game):
    """A round for the game as it stands: void, or a knock in one of its open matches with
    deadwood from 0 to 12 (above the limit now and then)."""
    open_ = [m for m in game.matches if m.winner is None]
    match = data.draw(st.sampled_from(open_))
    named = match.number if len(open_) > 1 else None
    if data.draw(st.integers(0, 7)) == 0:
        return void(match=named)
    knocker = data.draw(st.sampled_from(match.players))
    defender = next(p for p in match.players if p != knocker)
    return GinRound(knocker, (
        HandEntry(knocker, deadwood=data.draw(st.integers(0, 12))),
        HandEntry(defender, deadwood=data.draw(st.integers(0, 60))),
    ), match=data.draw(st.sampled_from([None, match.number])))


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(gin_rules(), st.data())
def test_play_on_and_resume_give_the_game_a_full_replay_gives(rules, data):
    players = data.draw(st.sampled_from([TWO, THREE, FOUR])) if rules.tournament else TWO
    if len(players) == 3:  # a tournament of three: any seat's bye, or the third's
        rules = Rules.from_dict({**rules.to_dict(),
                                 "bye": data.draw(st.sampled_from([None, 0, 1, 2]))})
    carried_in = data.draw(st.sampled_from([0, 0, 777]))
    rounds = []
    current = replay(rules, players, carried_in=carried_in)
    check_money(current)
    for _ in range(data.draw(st.integers(1, 12))):
        if current.status.ended:
            # then a finished game takes no more rounds
            with pytest.raises(GameOver):
                play_on(current, VOID)
            break
        entry = next_entry(data, current)
        resumed = resume(rules, players, stored(current), carried_in=carried_in)
        assert resumed == replace(current, rounds=(), transfers=())
        try:
            expected = replay(rules, players, [*rounds, entry], carried_in=carried_in)
        except RulesError as error:
            # a refused round (a false knock) is refused the same by every path
            assert isinstance(error, FalseKnock)
            for game in (current, resumed):
                with pytest.raises(FalseKnock):
                    play_on(game, entry)
            continue
        played, played_resumed = play_on(current, entry), play_on(resumed, entry)
        assert played == expected
        assert played.transfers[:len(current.transfers)] == current.transfers
        assert played_resumed == since(expected, current)
        assert snapshot(played) == snapshot(played_resumed) == snapshot(expected)
        check_money(expected)
        rounds.append(entry)
        current = played
    if current.status.ended:
        # and a finished game has paid its whole pool out, to its winner first
        assert current.pot == 0
        assert current.payouts[:1] == (((current.winner, current.payouts[0][1]),)
                                       if current.payouts else ())
        assert sum(a for _, a in current.payouts) == len(players) * rules.buy_in + carried_in
