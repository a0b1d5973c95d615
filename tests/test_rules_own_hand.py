"""One player's hand checked on its own (scorekeeper/rules/own_hand.py, issue 25 item 1):
what a phone is refused is what the round's replay refuses of the same hand, in the same
sentence. Pure engine tests: no database."""

import pytest

from scorekeeper.rules import (
    BasicRound,
    GinRound,
    HandEntry,
    KnockRound,
    LaidHand,
    RamiRound,
    Rules,
    RulesError,
    check_own_hand,
    replay,
)

TWO = ["Anna", "Ben"]
THREE = ["Anna", "Ben", "Cem"]
GIN_KNOCK = "3S 4S 5S KH KD KC QS QH QC AD"  # Anna knocks with 1
WIENER_RUMMY = "3S 4S 5S KH KD KC QS QH QC JD"


def sentence(error: RulesError) -> str:
    """The engine's English sentence (the pages translate it by its reason)."""
    return str(error)


def refused_by_the_round(rules: Rules, players, entry) -> RulesError:
    with pytest.raises(RulesError) as refused:
        replay(rules, players, [entry])
    return refused.value


def refused_alone(rules: Rules, hand: HandEntry) -> RulesError:
    with pytest.raises(RulesError) as refused:
        check_own_hand(rules, hand, name="Ben")
    return refused.value


@pytest.mark.parametrize("cards", ["3H 4H 5H AC 2D 6C", "3H 4H 5H AC 2D 6C 7C 8C 9C 10C JC"])
def test_gin_wants_the_ten_cards_of_a_hand_as_the_round_does(cards):
    rules = Rules.preset("gin")
    ben = HandEntry("Ben", cards=tuple(cards.split()))
    round_error = refused_by_the_round(rules, TWO, GinRound(
        "Anna", (HandEntry("Anna", cards=tuple(GIN_KNOCK.split())), ben)))

    alone = refused_alone(rules, ben)

    assert alone.reason == round_error.reason == "wrong_hand_size"
    assert sentence(alone) == sentence(round_error)


def test_a_typed_wiener_value_no_hand_holds_is_refused_as_the_round_refuses_it():
    rules = Rules.preset("wiener")
    ben = HandEntry("Ben", deadwood=1)
    round_error = refused_by_the_round(rules, THREE, KnockRound(
        "Anna", (HandEntry("Anna", 0), ben, HandEntry("Cem", 20))))

    alone = refused_alone(rules, ben)

    assert sentence(alone) == sentence(round_error) and alone.where == ("deadwood",)


def test_where_the_cards_left_count_whole_a_short_hand_counts_and_a_long_one_does_not():
    rules = Rules.preset("basic", players=3)
    assert check_own_hand(rules, HandEntry("Ben", cards=("KH", "7C")), name="Ben") == 17
    too_many = tuple(f"{rank}H" for rank in ("2", "3", "4", "5", "6", "7", "8", "9", "10",
                                             "J", "Q"))
    long = HandEntry("Ben", cards=too_many)
    round_error = refused_by_the_round(rules, THREE, BasicRound(
        "Anna", (long, HandEntry("Cem", 3))))

    alone = refused_alone(rules, long)

    assert alone.reason == round_error.reason == "held_too_many"
    assert sentence(alone) == sentence(round_error)


def test_a_whole_hand_counts_what_the_round_would_count():
    rules = Rules.preset("wiener")
    assert check_own_hand(rules, HandEntry("Ben", cards=tuple(WIENER_RUMMY.split())),
                          name="Ben") == 10
    assert check_own_hand(rules, HandEntry("Ben", deadwood=14), name="Ben") == 14


@pytest.mark.parametrize("ben", [
    LaidHand("Ben", deadwood=10, laid=43),  # laid points: a multiple of 5 in normal mode
    LaidHand("Ben", deadwood=10, laid_melds=(("QH", "KH", "2C"),)),  # no meld
    LaidHand("Ben", deadwood=7, laid=0),  # a hand no Rami hand counts
])
def test_in_rami_what_was_laid_and_what_is_held_are_refused_as_the_round_refuses_them(ben):
    rules = Rules.preset("rami", players=3)
    round_error = refused_by_the_round(rules, THREE, RamiRound("Anna", (
        LaidHand("Anna", laid=40), ben, LaidHand("Cem", deadwood=30, laid=0)), finish="none"))

    alone = refused_alone(rules, ben)

    assert alone.reason == round_error.reason
    assert sentence(alone) == sentence(round_error)
    # The round names the hand (rounds[0].hands[1]); alone, only the part of it.
    assert round_error.where[:4] == ("rounds", 0, "hands", 1)
    assert alone.where == round_error.where[4:]
