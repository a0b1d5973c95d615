"""Hands entered as cards and the lay-off (docs/rules.md 2.5 and 3.7): the three methods
of laying off, the ender's melds as laid, and the shape of a laid meld.
"""

import pytest

from scorekeeper.rules import (
    CardError,
    HandEntry,
    InvalidRound,
    KnockRound,
    PlayerResult,
    Rules,
)
from scorekeeper.rules.knock import replay
from scorekeeper.rules.layoff import meld_shape

from .test_rules_knock_facts import THREE, WIENER, arranged, cards

# --- 2.5 cards, 3.7 lay-off -----------------------------------------------------------


def test_hands_entered_as_cards_are_scored_by_their_least_deadwood():
    # when both hands are entered as cards, in any accepted spelling
    game = replay(WIENER, ["Anna", "Ben"], [cards(
        "Anna",
        Anna="5H 6H 7H 8S 8D 8C KS KH KD 2C",
        Ben="A♠ t♥ 10D 9C 9D 3S 3H JK 4C 5c",
    )])

    # then each is scored by its least deadwood, with the arrangement shown
    assert [arranged(r) for r in game.rounds[0].results] == [
        PlayerResult("Anna", 2, 2, 2, (("5H", "6H", "7H"), ("8C", "8D", "8S"),
                                       ("KD", "KH", "KS")), ("2C",)),
        # the joker goes with the tens (saves 20), not the nines or the threes
        PlayerResult("Ben", 44, 44, 44, (("10D", "10H", "JK"),),
                     ("3H", "3S", "4C", "5C", "9C", "9D", "AS")),
    ]


def test_lay_off_onto_the_knockers_melds_one_card_per_run_end_in_seat_order():
    # given seed 000 method 1: Anna knocks with 5H-6H-7H, 8S 8D 8C, KS KH KD + 2C
    rules = Rules.preset("wiener", lay_off="knocker_melds")
    round_ = cards(
        "Anna",
        Anna="5H 6H 7H 8S 8D 8C KS KH KD 2C",
        Ben="4H 8H 9H 3S 3D JC QC 9D 10D 2S",
        Cem="3H 8H QS 5S 6S QD QH JH 10S 4C",
    )

    game = replay(rules, THREE, [round_])

    # then Ben lays 4H and 8H on the run's ends, but not 9H onto the added 8H; Cem,
    # after him, finds the run's ends taken (no 3H) and lays his 8H on the eights
    anna, ben, cem = game.rounds[0].results
    assert arranged(ben) == PlayerResult(
        "Ben", 56, 56, 56, (), ("10D", "2S", "3D", "3S", "9D", "9H", "JC", "QC"), ("4H", "8H"))
    assert arranged(cem) == PlayerResult(
        "Cem", 38, 38, 38, (("QD", "QH", "QS"),), ("10S", "3H", "4C", "5S", "6S", "JH"),
        ("8H",))
    assert anna.laid_off == ()


def test_lay_off_onto_the_right_neighbours_melds_without_restriction():
    # given seed 000 method 2: each opponent lays onto the melds of the player to the right
    rules = Rules.preset("wiener", lay_off="right_neighbour")
    round_ = cards(
        "Anna",
        Anna="5H 6H 7H 8S 8D 8C KS KH KD 2C",
        Ben="4H 8H 9H 3S 3D 3C QC 9D 10D 2S",
        Cem="2H 3H QS 5S 4S QD QH JH 10S 4C",
    )

    game = replay(rules, THREE, [round_])

    # then Ben extends Anna's run by 4H, 8H and 9H, one onto the other; Cem lays onto
    # Ben's melds (his right neighbour), not Anna's: 3H completes Ben's threes
    anna, ben, cem = game.rounds[0].results
    assert arranged(ben) == PlayerResult(
        "Ben", 31, 31, 31, (("3C", "3D", "3S"),), ("10D", "2S", "9D", "QC"), ("4H", "8H", "9H"))
    assert arranged(cem) == PlayerResult(
        "Cem", 35, 35, 35, (("QD", "QH", "QS"),), ("10S", "2H", "4C", "4S", "5S", "JH"),
        ("3H",))
    assert anna.laid_off == ()


def test_the_ender_melds_as_laid_are_what_the_others_lay_off_onto():
    # given Anna laid 5H 6H 7H 8H and 8S 8D 8C (not 8H in the set)
    rules = Rules.preset("wiener", lay_off="knocker_melds")
    round_ = cards(
        "Anna",
        ender_melds=(("5H", "6H", "7H", "8H"), ("8S", "8D", "8C"), ("KS", "KH", "KD")),
        Anna="5H 6H 7H 8H 8S 8D 8C KS KH KD",
        Ben="9H 4H 8H 3S 3D JC QC 9D 10D 2S",
    )

    game = replay(rules, ["Anna", "Ben"], [round_])

    # then Ben lays 9H and 4H on the run ends and 8H on the set
    anna, ben = game.rounds[0].results
    assert anna.melds == (("5H", "6H", "7H", "8H"), ("8S", "8D", "8C"), ("KS", "KH", "KD"))
    assert (anna.deadwood, sorted(ben.laid_off)) == (0, ["4H", "8H", "9H"])


@pytest.mark.parametrize(
    ("ender_melds", "message", "field"),
    [
        ((("5H", "6H", "8H"),), "5H 6H 8H is not a meld", "rounds[0].ender_melds[0]"),
        ((("5H", "6H", "7H"), ("7H", "7S", "7D")), "7H in the ender's melds is not in the "
         "ender's hand", "rounds[0].ender_melds[1]"),
        ((("XX",),), "'XX' is not a card: write rank then suit, e.g. 'AS', '10H', 'QD', or "
         "'JK' for a joker", "rounds[0].ender_melds[0]"),
    ],
)
def test_ender_melds_that_are_no_melds_of_the_enders_cards_are_refused(ender_melds, message,
                                                                        field):
    rules = Rules.preset("wiener", lay_off="knocker_melds")
    round_ = cards("Anna", ender_melds=ender_melds, Anna="5H 6H 7H 8H 8S 8D 8C KS KH KD",
                   Ben="9H 4H 8H 3S 3D JC QC 9D 10D 2S")

    with pytest.raises((InvalidRound, CardError)) as caught:
        replay(rules, ["Anna", "Ben"], [round_])

    assert (caught.value.message, caught.value.field) == (message, field)


def test_ender_melds_need_a_lay_off_variant_and_the_enders_cards():
    round_ = cards("Anna", ender_melds=(("5H", "6H", "7H"),),
                   Anna="5H 6H 7H 8H 8S 8D 8C KS KH KD", Ben="9H 4H 8H 3S 3D JC QC 9D 10D 2S")

    with pytest.raises(InvalidRound) as caught:
        replay(WIENER, ["Anna", "Ben"], [round_])

    assert caught.value.field == "rounds[0].ender_melds"


@pytest.mark.parametrize(
    ("meld", "shape"),
    [
        (("8H", "9H", "JK"), ("run", "H", 8, 10, 1)),
        (("JK", "9H", "10H"), ("run", "H", 8, 10, 1)),
        (("QD", "KD", "AD"), ("run", "D", 12, 14, 0)),
        (("AD", "2D", "3D"), ("run", "D", 1, 3, 0)),
        (("7S", "7H", "JK"), ("set", "7", frozenset("SH"), 3, 1)),
        (("KD", "AD", "2D"), None),
        (("7S", "7S", "7H"), None),
        (("JK", "JK", "JK"), None),
    ],
)
def test_meld_shape_reads_where_a_laid_meld_can_grow(meld, shape):
    assert meld_shape(meld, WIENER) == shape


def test_free_hand_sizes_accept_any_number_of_cards():
    rules = Rules.preset("wiener", free_hand_size=True)
    round_ = cards("Anna", Anna="5H 6H 7H 2C", Ben="KS KH 3D")

    game = replay(rules, ["Anna", "Ben"], [round_])

    assert [r.deadwood for r in game.rounds[0].results] == [2, 23]


def test_typed_hands_take_no_part_in_lay_off():
    rules = Rules.preset("wiener", lay_off="knocker_melds")
    round_ = KnockRound("Anna", (
        HandEntry("Anna", cards=tuple("5H 6H 7H 8S 8D 8C KS KH KD 2C".split())),
        HandEntry("Ben", 40),
        HandEntry("Cem", cards=tuple("4H 8H 9H 3S 3D JC QC 9D 10D 2S".split())),
    ))

    game = replay(rules, THREE, [round_])

    assert [(r.deadwood, r.laid_off) for r in game.rounds[0].results] == [
        (2, ()), (40, ()), (56, ("4H", "8H"))]


def test_knocker_melds_free_lays_any_number_of_cards_and_onto_cards_laid_before():
    # given Anna's club run 5C 6C 7C; Ben holds 8C and 9C, Cem after him 10C
    round_ = cards("Anna", Anna="5C 6C 7C 4S 4D 4H KS KH KD 2D",
                   Ben="8C 9C 3S 3D JC QH 9D 10D 2S 5H",
                   Cem="10C 2H 3H 6S 7S QD QS 4D 6H 8D")

    # when they lay off freely (Gin's method), and one card per run end (method 1)
    free = replay(Rules.preset("wiener", lay_off="knocker_melds_free"), THREE, [round_])
    one_per_end = replay(Rules.preset("wiener", lay_off="knocker_melds"), THREE, [round_])

    # then freely Ben lays 8C and 9C onto each other and Cem 10C onto Ben's 9C; by method 1
    # only Ben's 8C goes on
    assert [(r.deadwood, r.laid_off) for r in free.rounds[0].results] == [
        (2, ()), (52, ("8C", "9C")), (56, ("10C",))]
    assert [(r.deadwood, r.laid_off) for r in one_per_end.rounds[0].results] == [
        (2, ()), (61, ("8C",)), (66, ())]
