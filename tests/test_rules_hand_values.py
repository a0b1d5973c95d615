"""The values a hand can count (docs/rules.md 3.1, "Values no hand can have"), and every bad
hand of a round said at once. Pure engine tests: no database."""

import itertools

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    CANONICAL_CARDS,
    JOKER,
    PRESETS,
    BasicRound,
    HandEntry,
    ImpossibleHandValue,
    InvalidRound,
    KnockRound,
    LaidHand,
    RamiRound,
    Rules,
    RulesError,
    evaluate_hand,
    hand_value,
    hand_values,
    largest_deadwood,
    nearest_hand_values,
    possible_hand_value,
    replay,
)
from scorekeeper.rules.handvalues import _frozen  # the cache itself: what it kept is its effect

THREE = ["Anna", "Ben", "Cem"]
WIENER = Rules.preset("wiener")
RAMI = Rules.preset("rami", players=3)
EVERY_PRESET = [Rules.preset(name, players=3) for name in sorted(PRESETS)] + [
    Rules.preset("rami", players=3, mode="traditional"),
    Rules.preset("rami", players=6, mode="elimination"),
    Rules.preset("basic", players=6),
    Rules.preset("basic", players=3, ace_in_runs="high_or_low"),
]


def deck(rules: Rules) -> list[str]:
    """Every physical card in play: each card once per deck, and the jokers."""
    return [card for card in CANONICAL_CARDS if card != JOKER] * rules.decks + (
        [JOKER] * rules.jokers)


def value_of(card: str, rules: Rules) -> int:
    return rules.card_values[JOKER if card == JOKER else card[:-1]]


def oracle(rules: Rules) -> set[int]:
    """Every sum of at most hand_size physical cards, card by card (no bit sets, no
    grouping by value): what the function must match exactly."""
    most = len(deck(rules)) if rules.free_hand_size else rules.hand_size
    reach = {(0, 0)}
    for card in deck(rules):
        value = value_of(card, rules)
        reach |= {(count + 1, total + value) for count, total in reach if count < most}
    return {total for _, total in reach}


# --- The values ---------------------------------------------------------------------------


def test_no_wiener_hand_counts_1_because_the_smallest_card_counts_2():
    assert not possible_hand_value(1, WIENER)
    assert possible_hand_value(0, WIENER) and possible_hand_value(2, WIENER)
    assert nearest_hand_values(1, WIENER) == (0, 2)


def test_in_ramis_normal_mode_every_hand_counts_a_multiple_of_5():
    # docs/rules.md 10.2: 2-9 count 5, 10-K 10, the ace 15, the joker 20
    values = hand_values(RAMI)
    assert all(value % 5 == 0 for value in values)
    assert {5, 10, 15, 220} <= values and 7 not in values
    assert nearest_hand_values(7, RAMI) == (5, 10)


def test_gin_counts_the_ace_1_so_every_deadwood_up_to_the_largest_is_possible():
    gin = Rules.preset("gin")
    assert hand_values(gin) == set(range(largest_deadwood(gin) + 1))


def test_the_largest_deadwood_is_a_possible_value_and_nothing_above_it():
    for rules in EVERY_PRESET:
        assert max(hand_values(rules)) == largest_deadwood(rules)


@pytest.mark.parametrize("rules", EVERY_PRESET, ids=lambda rules: f"{rules.family}-"
                         f"{rules.mode}-{rules.decks}x{rules.hand_size}")
def test_the_values_are_exactly_the_sums_of_up_to_hand_size_cards_of_the_decks(rules):
    assert hand_values(rules) == oracle(rules)


def test_a_brute_force_over_every_hand_of_a_small_rule_set_agrees_exactly():
    # one deck, one joker, hands of at most 3 cards, values with gaps: 4 and 9 apart
    values = dict.fromkeys(("A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"),
                           0) | {"A": 4, "K": 9, "JK": 13}
    rules = Rules.preset("wiener", decks=1, jokers=1, hand_size=3, card_values=values)
    brute = {sum(value_of(card, rules) for card in hand)
             for size in range(4) for hand in itertools.combinations(deck(rules), size)}

    assert hand_values(rules) == brute
    assert 5 not in brute and nearest_hand_values(5, rules) == (4, 8)


def test_free_hand_sizes_take_any_number_of_the_cards_in_play():
    rules = Rules.preset("wiener", free_hand_size=True)
    values = hand_values(rules)
    assert values == oracle(rules)
    assert max(values) == largest_deadwood(rules) and 1 not in values


def test_values_are_cached_per_rule_set():
    rules = Rules.preset("wiener", decks=8, jokers=16, hand_size=20)
    hand_values(rules)
    worked_out = _frozen.cache_info().misses
    for _ in range(1000):
        possible_hand_value(77, rules)
    assert _frozen.cache_info().misses == worked_out
    possible_hand_value(77, Rules.preset("wiener", decks=8, jokers=16, hand_size=19))
    assert _frozen.cache_info().misses == worked_out + 1  # another rule set: its own values


@st.composite
def real_hands(draw):
    """A preset and a hand really dealt from its decks: hand_size cards (knock family,
    Gin), or 1 to hand_size cards left in hand (Basic Rummy, Rami)."""
    rules = draw(st.sampled_from(EVERY_PRESET))
    tally = rules.family in ("basic", "rami")
    size = draw(st.integers(1, rules.hand_size)) if tally else rules.hand_size
    cards = draw(st.permutations(deck(rules)))[:size]
    return rules, cards


@settings(max_examples=150, deadline=None)
@given(real_hands())
def test_every_real_hand_has_a_value_the_engine_admits(dealt):
    rules, cards = dealt
    if rules.family in ("basic", "rami"):
        value = hand_value(cards, rules)
    else:
        value = evaluate_hand(cards, rules).deadwood
    assert possible_hand_value(value, rules)


# --- Refused where typed --------------------------------------------------------------------


def knock(ender, **deadwood):
    return KnockRound(ender, tuple(HandEntry(player, value) for player, value in deadwood.items()))


def test_a_typed_wiener_deadwood_of_1_is_refused_saying_why():
    with pytest.raises(ImpossibleHandValue) as caught:
        replay(WIENER, THREE, [knock("Anna", Anna=0, Ben=1, Cem=30)])

    error = caught.value
    assert error.message == "Ben cannot have 1 point in hand: the smallest card counts 2"
    assert (error.field, error.code, error.reason) == (
        "rounds[0].hands[1].deadwood", "impossible_hand_value", "hand_value_below_smallest_card")


def test_a_knock_with_1_is_refused_as_no_hand_before_it_is_a_knock():
    with pytest.raises(ImpossibleHandValue):
        replay(WIENER, THREE, [knock("Anna", Anna=1, Ben=20, Cem=30)])


def test_gin_takes_a_typed_deadwood_of_1():
    game = replay(Rules.preset("gin"), ["Anna", "Ben"], [knock("Anna", Anna=1, Ben=30)])
    assert game.rounds[0].results[1].deadwood == 30


def finished(ender, finish, *hands):
    return RamiRound(ender, tuple(hands), finish=finish)


def test_a_rami_hand_of_7_in_normal_mode_names_the_nearest_possible_values():
    with pytest.raises(ImpossibleHandValue) as caught:
        replay(RAMI, THREE, [finished("Anna", "none", LaidHand("Anna", laid=40),
                                      LaidHand("Ben", deadwood=7, laid=0),
                                      LaidHand("Cem", deadwood=30, laid=0))])

    assert caught.value.message == ("Ben cannot have 7 points in hand: no hand counts that in "
                                    "these rules; the nearest possible are 5 and 10")
    assert caught.value.field == "rounds[0].hands[1].deadwood"


def test_ramis_typed_laid_points_are_a_multiple_of_5_in_normal_mode_only():
    entry = finished("Anna", "none", LaidHand("Anna", laid=43),
                     LaidHand("Ben", deadwood=10, laid=0), LaidHand("Cem", deadwood=30, laid=0))

    with pytest.raises(InvalidRound) as caught:
        replay(RAMI, THREE, [entry])
    game = replay(Rules.preset("rami", players=3, mode="traditional"), THREE, [entry])

    assert caught.value.message == ("Anna cannot have laid 43 points: every laid card scores a "
                                    "multiple of 5; the nearest possible are 40 and 45")
    assert (caught.value.field, caught.value.code) == ("rounds[0].hands[0].laid",
                                                       "impossible_hand_value")
    assert game.rounds[0].results[0].laid == 43


def test_basic_rummy_with_the_ace_at_1_takes_every_small_value():
    basic = Rules.preset("basic", players=3, ace_in_runs="low")
    game = replay(basic, THREE, [BasicRound("Anna", (HandEntry("Ben", 1), HandEntry("Cem", 3)))])
    assert game.rounds[0].results[0].points == 4


# --- Every bad hand at once -----------------------------------------------------------------


def test_a_round_with_three_bad_hands_gives_three_errors_with_their_fields():
    four = ["Anna", "Ben", "Cem", "Dora"]
    entry = KnockRound("Anna", (
        HandEntry("Anna", 0),
        HandEntry("Ben", 1),                                   # no hand counts 1
        HandEntry("Cem", cards=("AS", "2S")),                  # 2 cards, not 10
        HandEntry("Dora", cards=("ZZ",)),                      # no card
    ))

    with pytest.raises(RulesError) as caught:
        replay(WIENER, four, [entry])

    error = caught.value
    assert [(e.field, e.code) for e in error.errors] == [
        ("rounds[0].hands[1].deadwood", "impossible_hand_value"),
        ("rounds[0].hands[2].cards", "invalid_round"),
        ("rounds[0].hands[3].cards", "invalid_card"),
    ]
    # the error raised is the first, as before
    assert error is error.errors[0] and isinstance(error, ImpossibleHandValue)


def test_a_single_error_stands_for_itself():
    with pytest.raises(RulesError) as caught:
        replay(WIENER, THREE, [knock("Anna", Anna=0, Ben=1, Cem=30)])
    assert caught.value.errors == [caught.value]


def test_a_missing_hand_is_said_with_the_bad_ones_but_not_after_a_stranger():
    with pytest.raises(RulesError) as caught:
        replay(WIENER, THREE, [knock("Anna", Anna=0, Ben=129)])
    with pytest.raises(RulesError) as stranger:
        replay(WIENER, THREE, [knock("Anna", Anna=0, Ben=1, Zoe=4)])

    assert [e.field for e in caught.value.errors] == ["rounds[0].hands[1].deadwood",
                                                     "rounds[0].hands"]
    assert [e.field for e in stranger.value.errors] == ["rounds[0].hands[1].deadwood",
                                                       "rounds[0].hands[2].player"]


def test_an_unknown_ender_stops_at_once():
    with pytest.raises(RulesError) as caught:
        replay(WIENER, THREE, [knock("Zoe", Anna=1, Ben=1, Cem=1)])
    assert [e.field for e in caught.value.errors] == ["rounds[0].ender"]


def test_a_rami_round_says_every_bad_laid_hand_and_penalty_at_once():
    from scorekeeper.rules import PenaltyEntry

    entry = RamiRound("Anna", (
        LaidHand("Anna", laid=41),
        LaidHand("Ben", deadwood=7, laid_melds=(("7H", "8H", "10H"),)),
        LaidHand("Cem", cards=("AS", "QQ"), laid=0),
    ), finish="none", penalties=(PenaltyEntry("Ben", 250),))

    with pytest.raises(RulesError) as caught:
        replay(RAMI, THREE, [entry])

    assert [(e.field, e.reason) for e in caught.value.errors] == [
        ("rounds[0].hands[0].laid", "laid_impossible"),
        ("rounds[0].hands[1].laid_melds[0]", "not_a_meld"),
        ("rounds[0].hands[1].deadwood", "impossible_hand_value"),
        ("rounds[0].hands[2].cards", "not_a_card"),
        ("rounds[0].penalties[0].points", "penalty_not_multiple"),
    ]


def test_basic_rummy_says_every_bad_hand_at_once():
    # Q-K-A runs allowed: the ace counts 11, so 2 is the smallest card (docs/rules.md 9.2)
    basic = Rules.preset("basic", players=3, ace_in_runs="high_or_low")
    with pytest.raises(RulesError) as caught:
        replay(basic, THREE, [BasicRound("Anna", (HandEntry("Ben", 1),
                                                  HandEntry("Cem", cards=("AS",) * 8)))])

    assert [(e.field, e.reason) for e in caught.value.errors] == [
        ("rounds[0].hands[0].deadwood", "hand_value_below_smallest_card"),
        ("rounds[0].hands[1].cards", "held_too_many"),
    ]
