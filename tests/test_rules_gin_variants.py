"""Gin variants clubs play (docs/rules.md 8): the shutout and the Big Gin, each an option of
the rules, off by default.

Pure engine tests: no database. Rounds read as they were entered at the table; every
number is worked out by hand in the comment above it.
"""

import pytest

from scorekeeper.rules import (
    GinRound,
    HandEntry,
    InvalidRound,
    InvalidRules,
    Rules,
    play_on,
    replay,
    resume,
    round_entry,
    snapshot,
)

from .test_rules_gin import TWO, matches, refusal, table
from .test_rules_knock_facts import knock, pay

GIN = Rules.preset("gin")


def gin_round(ender, *, big_gin=False, **deadwood):
    """A Gin round with typed deadwood, in the order the keywords are given."""
    hands = tuple(HandEntry(p, deadwood=d) for p, d in deadwood.items())
    return GinRound(ender, hands, big_gin=big_gin)


# --- Shutout ----------------------------------------------------------------------------------


def test_the_variants_are_off_by_default():
    assert (GIN.shutout, GIN.big_gin, GIN.big_gin_bonus) == (False, False, 31)


def test_a_shutout_doubles_the_winners_final_account_and_its_money():
    # given a shutout game at 0.10 a point
    rules = Rules.preset("gin", shutout=True, stake_per_point="0.10")

    # when Anna goes gin against Ben's 80: 80 + 20 = 100, the target, in the first round
    game = replay(rules, TWO, [knock("Anna", Anna=0, Ben=80)])

    # then Ben won no round: Anna's 100 + 100 (game) + 20 (one box) = 220 is doubled to 440
    assert matches(game)[0][7:9] == ((440, 0), "Anna")
    # and Ben pays (440 - 0) x 0.10 = 44.00
    assert game.transfers == (pay("Ben", "Anna", 4400, "point_settlement", 1),)


def test_without_the_option_the_same_match_is_not_doubled():
    # the same round without shutout: 220 - 0 = 220 points, 22.00
    game = replay(Rules.preset("gin", stake_per_point="0.10"), TWO,
                  [knock("Anna", Anna=0, Ben=80)])

    assert matches(game)[0][7:9] == ((220, 0), "Anna")
    assert game.transfers == (pay("Ben", "Anna", 2200, "point_settlement", 1),)


def test_a_loser_who_won_a_round_is_no_shutout():
    # given Ben wins round 1 (knocks 2 against 12: 10, one box)
    # when Anna goes gin against 80 (100, the target)
    game = replay(Rules.preset("gin", shutout=True), TWO,
                  [knock("Ben", Anna=12, Ben=2), knock("Anna", Anna=0, Ben=80)])

    # then nothing is doubled: Anna 100 + 100 + 20 = 220, Ben 10 + 20 = 30
    assert matches(game)[0][7:9] == ((220, 30), "Anna")
    assert [line[3] for line in table(game)] == [220, 30]


# --- Big Gin ----------------------------------------------------------------------------------


def test_a_big_gin_scores_its_bonus_instead_of_the_gin_bonus():
    # given Big Gin at its default bonus, 31
    rules = Rules.preset("gin", big_gin=True)

    # when Anna goes Big Gin against Ben's 30
    game = replay(rules, TWO, [gin_round("Anna", big_gin=True, Anna=0, Ben=30)])

    # then Anna scores 30 + 31 = 61 (not 30 + 20 = 50): a gin, difference 30, bonus 31
    won = game.rounds[0].results[0]
    assert (game.rounds[0].gin, won.points, won.difference, won.bonus) == (True, 61, 30, 31)


def test_the_big_gin_bonus_is_the_rules_and_a_plain_gin_keeps_the_gin_bonus():
    # given a Big Gin bonus of 50
    rules = Rules.preset("gin", big_gin=True, big_gin_bonus=50)

    # when Anna goes Big Gin against 30, then Ben plain gin against 10
    game = replay(rules, TWO, [gin_round("Anna", big_gin=True, Anna=0, Ben=30),
                               gin_round("Ben", Anna=10, Ben=0)])

    # then 30 + 50 = 80 and 10 + 20 = 30
    assert [line[1] for line in table(game)] == [80, 30]


@pytest.mark.parametrize(("rules", "entry", "reason", "message"), [
    (GIN, gin_round("Anna", big_gin=True, Anna=0, Ben=30), "big_gin_off",
     "This game's rules have no Big Gin: set big_gin in the rules to score it"),
    (Rules.preset("gin", big_gin=True), gin_round("Anna", big_gin=True, Anna=3, Ben=30),
     "big_gin_not_gin",
     "A Big Gin is a gin: the knocker's 11 cards all melded, no deadwood"),
    (Rules.preset("gin", big_gin=True), GinRound(None, (), void=True, big_gin=True),
     "big_gin_not_gin",
     "A Big Gin is a gin: the knocker's 11 cards all melded, no deadwood"),
])
def test_a_big_gin_the_rules_or_the_hand_do_not_allow_is_refused(rules, entry, reason,
                                                                 message):
    assert refusal(rules, TWO, [entry]) == (InvalidRound, reason, message, "rounds[0].big_gin")


def test_another_family_refuses_a_big_gin_naming_it():
    with pytest.raises(InvalidRound) as caught:
        round_entry(Rules.preset("wiener"), ender="Anna",
                    hands=[HandEntry("Anna", deadwood=0), HandEntry("Ben", deadwood=9)],
                    big_gin=True)
    assert (caught.value.reason, caught.value.field) == ("big_gin_only_gin", "big_gin")


@pytest.mark.parametrize(("overrides", "field"), [
    ({"big_gin_bonus": -1}, "rules.big_gin_bonus"),
    ({"shutout": "yes"}, "rules.shutout"),
    ({"big_gin": 1}, "rules.big_gin"),
])
def test_out_of_range_variant_parameters_are_refused_naming_them(overrides, field):
    with pytest.raises(InvalidRules) as caught:
        Rules.preset("gin", **overrides)
    assert caught.value.field == field


def test_a_big_gin_shutout_goes_on_the_same_from_a_snapshot():
    # given both options and a stake
    rules = Rules.preset("gin", big_gin=True, shutout=True, stake_per_point="0.10")
    first = gin_round("Anna", big_gin=True, Anna=0, Ben=30)  # 61
    second = gin_round("Anna", big_gin=True, Anna=0, Ben=8)  # 8 + 31 = 39: 100, the target

    # when the game is snapshot after round 1 and played on
    resumed = play_on(resume(rules, TWO, snapshot(replay(rules, TWO, [first]))), second)

    # then it is the replay: (100 + 100 + 2 x 20) x 2 = 480, 48.00 from Ben
    whole = replay(rules, TWO, [first, second])
    assert matches(resumed) == matches(whole)
    assert matches(whole)[0][7:9] == ((480, 0), "Anna")
    assert whole.transfers == (pay("Ben", "Anna", 4800, "point_settlement", 2),)


# --- Oklahoma Gin -----------------------------------------------------------------------------

OKLAHOMA = Rules.preset("gin", oklahoma=True)
SPADES = Rules.preset("gin", oklahoma=True, spades_double=True)


def dealt(upcard, ender, *, void=False, **deadwood):
    """An Oklahoma round: its first upcard, then a knock with typed deadwood (or void)."""
    hands = tuple(HandEntry(p, deadwood=d) for p, d in deadwood.items())
    return GinRound(ender, hands, void=void, upcard=upcard)


def test_oklahoma_plays_to_150_unless_a_target_is_given():
    assert (OKLAHOMA.game_target, GIN.game_target,
            Rules.preset("gin", oklahoma=True, game_target=200).game_target) == (150, 100, 200)
    assert (OKLAHOMA.spades_double, OKLAHOMA.ace_upcard) == (False, "gin")


@pytest.mark.parametrize(("rules", "upcard", "limit"), [
    (OKLAHOMA, "7S", 7), (OKLAHOMA, "3C", 3), (OKLAHOMA, "10D", 10), (OKLAHOMA, "KH", 10),
    (OKLAHOMA, "JC", 10), (OKLAHOMA, "AH", 0),
    (Rules.preset("gin", oklahoma=True, ace_upcard="one"), "AH", 1),
])
def test_the_upcards_rank_is_the_deals_knock_limit(rules, upcard, limit):
    # a knock at the limit is taken; one point more is a false knock naming the limit
    game = replay(rules, TWO, [dealt(upcard, "Anna", Anna=limit, Ben=limit + 20)])
    assert game.rounds[0].winner == "Anna"

    assert refusal(rules, TWO, [dealt(upcard, "Anna", Anna=limit + 1, Ben=40)])[1:] == (
        "false_knock",
        f"False knock: Anna has {limit + 1} deadwood, but the knock limit is {limit}",
        "rounds[0].hands[0].deadwood")


def test_a_spade_upcard_doubles_every_point_of_the_deal_but_not_the_boxes():
    # given Oklahoma with spades double, to 150
    rounds = [
        dealt("7S", "Anna", Anna=5, Ben=25),  # (25 - 5) x 2 = 40
        dealt("9S", "Anna", Anna=0, Ben=30),  # gin: (30 + 20) x 2 = 100, 140 in all
        dealt("4H", "Ben", Anna=3, Ben=3),    # not a spade: undercut 0 + 10 = 10, 150
    ]

    game = replay(SPADES, TWO, rounds)

    # then the points are doubled, bonuses included, only in the spade deals
    assert [(r.results[0].points, r.results[0].difference, r.results[0].bonus)
            for r in game.rounds] == [(40, 40, 0), (100, 60, 40), (10, 0, 10)]
    # and Anna reaches 150: 150 + 100 + 3 boxes x 20 (not doubled) = 310
    assert matches(game)[0][2:4] == ((150, 0), (3, 0))
    assert matches(game)[0][7:9] == ((310, 0), "Anna")


def test_without_spades_double_a_spade_upcard_counts_single():
    game = replay(OKLAHOMA, TWO, [dealt("7S", "Anna", Anna=5, Ben=25)])
    assert game.rounds[0].results[0].points == 20


@pytest.mark.parametrize(("rules", "entry", "reason"), [
    (OKLAHOMA, gin_round("Anna", Anna=0, Ben=30), "upcard_missing"),
    (OKLAHOMA, GinRound(None, (), void=True), "upcard_missing"),
    (GIN, dealt("7S", "Anna", Anna=0, Ben=30), "upcard_without_oklahoma"),
    (OKLAHOMA, dealt("ZZ", "Anna", Anna=0, Ben=30), "not_a_card"),
    (Rules.preset("gin", oklahoma=True, jokers=2), dealt("JK", "Anna", Anna=0, Ben=30),
     "upcard_joker"),
])
def test_an_upcard_missing_or_out_of_place_is_refused_naming_it(rules, entry, reason):
    assert refusal(rules, TWO, [entry])[1::2] == (reason, "rounds[0].upcard")


def test_a_void_oklahoma_round_records_its_upcard_and_scores_nothing():
    game = replay(SPADES, TWO, [dealt("7S", None, void=True)])
    assert (game.rounds[0].void, game.standings[0].total) == (True, 0)


def test_another_family_refuses_an_upcard_naming_it():
    with pytest.raises(InvalidRound) as caught:
        round_entry(Rules.preset("wiener"), ender="Anna",
                    hands=[HandEntry("Anna", deadwood=0), HandEntry("Ben", deadwood=9)],
                    upcard="7S")
    assert (caught.value.reason, caught.value.field) == ("upcard_only_gin", "upcard")


@pytest.mark.parametrize(("overrides", "field"), [
    ({"spades_double": True}, "rules.spades_double"),
    ({"ace_upcard": "one"}, "rules.ace_upcard"),
    ({"oklahoma": True, "ace_upcard": "two"}, "rules.ace_upcard"),
])
def test_oklahomas_options_need_oklahoma_and_their_choices(overrides, field):
    with pytest.raises(InvalidRules) as caught:
        Rules.preset("gin", **overrides)
    assert caught.value.field == field


def test_an_oklahoma_game_goes_on_the_same_from_a_snapshot():
    rounds = [dealt("7S", "Anna", Anna=5, Ben=25), dealt("KD", "Ben", Anna=30, Ben=10)]
    resumed = play_on(resume(SPADES, TWO, snapshot(replay(SPADES, TWO, rounds[:1]))),
                      rounds[1])
    # 40 for Anna; then Ben 30 - 10 = 20, single (a diamond)
    assert [s.total for s in resumed.standings] == [40, 20]
    assert matches(resumed) == matches(replay(SPADES, TWO, rounds))
