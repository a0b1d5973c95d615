"""Deadwood: the exact minimum for every rule of docs/rules.md 2, with one arrangement."""

import json
from collections import Counter
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import CardError, Rules, best_discard, evaluate_hand
from scorekeeper.rules.cards import CANONICAL_CARDS

from .meld_oracle import is_meld, least_deadwood, value_of

CASES = json.loads((Path(__file__).parent / "data" / "hands-public.json").read_text())
PRESET_OF_CASE_SET = {"wiener": "wiener", "romme_ohne_auslegen": "romme", "gin": "gin"}
NATURALS = [card for card in CANONICAL_CARDS if card != "JK"]

WIENER = Rules.preset("wiener")
ROMME = Rules.preset("romme")
GIN = Rules.preset("gin")


def assert_arrangement_is_valid(cards, result, rules):
    """The shown melds are valid, use exactly the hand's cards, and add up to the deadwood."""
    for meld in result.melds:
        assert is_meld(tuple(meld), rules), meld
    used = Counter(card for meld in result.melds for card in meld) + Counter(result.unmatched)
    if result.discard:
        used[result.discard] += 1
    assert used == Counter(cards)
    assert sum(value_of(card, rules) for card in result.unmatched) == result.deadwood


def public_cases():
    for set_name, block in CASES["sets"].items():
        for case in block["cases"]:
            yield pytest.param(PRESET_OF_CASE_SET[set_name], case, id=case["id"])


@pytest.mark.parametrize(("preset", "case"), list(public_cases()))
def test_public_case_deadwood_is_exact(preset, case):
    rules = Rules.preset(preset)

    result = evaluate_hand(case["cards"], rules)

    assert result.deadwood == case["deadwood"]
    assert_arrangement_is_valid(case["cards"], result, rules)
    if "deadwood_after_discard" in case:
        after = best_discard(case["cards"], rules)
        assert after.deadwood == case["deadwood_after_discard"]
        assert_arrangement_is_valid(case["cards"], after, rules)


@pytest.mark.parametrize(
    ("cards", "rules", "deadwood", "melds"),
    [
        # A run and a set, the rest loose.
        ("7H 8H 9H KS KH KD 2C 3D 4S 5C", WIENER, 14, [["7H", "8H", "9H"], ["KS", "KH", "KD"]]),
        # Ace low and ace high both make runs under Wiener rules ...
        ("AS 2S 3S QH KH AH 4D 4C 9C 9D", WIENER, 26, [["AS", "2S", "3S"], ["QH", "KH", "AH"]]),
        # ... but never K-A-2 (no wrap).
        ("KS AS 2S", WIENER, 23, []),
        # Gin: the ace is low only and worth 1.
        ("QH KH AH", GIN, 21, []),
        ("AH 2H 3H", GIN, 0, [["AH", "2H", "3H"]]),
        # A joker fills a gap in a run and stands at its end.
        ("5D JK 7D", WIENER, 0, [["5D", "JK", "7D"]]),
        ("9C 10C JK", WIENER, 0, [["9C", "10C", "JK"]]),
        # A joker completes a set; two jokers make a run of one card.
        ("QS QH JK", WIENER, 0, [["QS", "QH", "JK"]]),
        ("KD JK JK", WIENER, 0, [["JK", "JK", "KD"]]),
        # An unmatched joker counts 20.
        ("JK 2S 9H", WIENER, 31, []),
        # Two copies of a card from two decks: a set needs different suits ...
        ("7S 7S 7H", WIENER, 21, []),
        # ... but both copies can serve in different melds.
        ("7S 7H 7D 5S 6S 7S", WIENER, 0, [["7S", "7H", "7D"], ["5S", "6S", "7S"]]),
        # A card that could go into a set or a run goes where it saves most.
        # (the set leaves 4H 5H = 9, the run would leave 6S 6D = 12).
        ("4H 5H 6H 6S 6D", WIENER, 9, [["6H", "6S", "6D"]]),
    ],
)
def test_hand_written_hands(cards, rules, deadwood, melds):
    result = evaluate_hand(cards, rules)

    assert result.deadwood == deadwood
    assert sorted(map(sorted, result.melds)) == sorted(map(sorted, melds))
    assert_arrangement_is_valid(cards.split(), result, rules)


def test_set_of_one_suit_twice_counts_when_distinct_suits_are_off():
    rules = Rules.preset("wiener", set_distinct_suits=False)

    assert evaluate_hand("7S 7S 7H", rules).deadwood == 0
    assert evaluate_hand("7S 7S 7H", WIENER).deadwood == 21


def test_max_jokers_per_meld_limits_each_meld():
    rami_like = Rules.preset("wiener", max_jokers_per_meld=1)

    # With one joker per meld, KD JK JK cannot be one meld.
    assert evaluate_hand("KD JK JK", rami_like).deadwood == 50
    assert evaluate_hand("KD KS JK 5H 6H JK", rami_like).deadwood == 0


def test_rommé_counts_the_ace_as_ten():
    assert evaluate_hand("AS 5D", ROMME).deadwood == 15
    assert evaluate_hand("AS 5D", WIENER).deadwood == 16


def test_best_discard_drops_the_card_that_leaves_least():
    result = best_discard("7H 8H 9H KS KH KD 2C 3D 4S 5C QD", WIENER)

    assert result.discard == "QD"
    assert result.deadwood == 14


def test_text_and_aliases_give_the_same_result():
    as_list = evaluate_hand(["AS", "2S", "3S", "JK", "7D"], WIENER)
    as_text = evaluate_hand("a♠ 2s,3S; joker 7♦", WIENER)

    assert as_text == as_list
    assert as_list.melds == [["AS", "2S", "3S", "JK"]]
    assert as_list.unmatched == ["7D"]


@pytest.mark.parametrize("bad", ["", "1X", "11H", "AS ZZ"])
def test_bad_cards_are_named(bad):
    with pytest.raises(CardError) as error:
        evaluate_hand(bad, WIENER)

    assert error.value.code == "invalid_card"
    assert (bad.split()[-1] if bad else "No cards") in error.value.message


@st.composite
def random_hand(draw, decks, max_jokers, sizes):
    """A hand of one of `sizes` cards, at most `decks` copies of a card, some jokers."""
    size = draw(st.sampled_from(sizes))
    jokers = draw(st.integers(0, min(max_jokers, size)))
    shoe = [card for card in NATURALS for _ in range(decks)]
    naturals = draw(st.permutations(shoe))[: size - jokers]
    return naturals + ["JK"] * jokers


@st.composite
def crowded_hand(draw, decks, max_jokers, sizes):
    """A hand from a few neighbouring ranks in two or three suits: many overlapping melds."""
    size = draw(st.sampled_from(sizes))
    low = draw(st.integers(1, 10))
    suits = draw(st.sampled_from(["SH", "HD", "SDC", "HDC", "SHDC"]))
    ranks = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K", "A"]
    pool = [rank + suit for rank in ranks[low - 1 : low + 4] for suit in suits]
    shoe = [card for card in dict.fromkeys(pool) for _ in range(decks)]
    jokers = draw(st.integers(0, min(max_jokers, size)))
    naturals = draw(st.permutations(shoe))[: size - jokers]
    return naturals + ["JK"] * jokers


def any_hand(decks, max_jokers, sizes):
    return st.one_of(
        random_hand(decks, max_jokers, sizes), crowded_hand(decks, max_jokers, sizes)
    )


ORACLE_RULES = {
    "wiener": WIENER,
    "romme": ROMME,
    "gin": GIN,
    "wiener_one_joker_per_meld": Rules.preset("wiener", max_jokers_per_meld=1),
    "wiener_same_suit_sets": Rules.preset("wiener", set_distinct_suits=False),
}


@settings(max_examples=400, deadline=None)
@given(
    rules_name=st.sampled_from(sorted(ORACLE_RULES)),
    hand=any_hand(decks=2, max_jokers=3, sizes=[3, 5, 7, 9, 10]),
)
def test_deadwood_equals_the_brute_force_oracle(rules_name, hand):
    rules = ORACLE_RULES[rules_name]

    result = evaluate_hand(hand, rules)

    assert result.deadwood == least_deadwood(hand, rules)
    assert_arrangement_is_valid(hand, result, rules)


@settings(max_examples=150, deadline=None)
@given(hand=any_hand(decks=2, max_jokers=2, sizes=[8, 11]))
def test_best_discard_equals_the_best_of_every_discard(hand):
    result = best_discard(hand, WIENER)

    every_discard = min(
        least_deadwood(hand[:index] + hand[index + 1:], WIENER) for index in range(len(hand))
    )
    assert result.deadwood == every_discard
    assert_arrangement_is_valid(hand, result, WIENER)
