"""Rami (docs/rules.md 10): laid cards by the mode's table, the finisher's hand points and
bonuses, identities, penalties, the first meld's minimum, elimination mode with its
multipliers and pot, and the game to the target with its payment per point.

Pure engine tests: no database. Every value is worked by hand from the seed's tables.
"""

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    POT,
    GameOver,
    GameStatus,
    InvalidRound,
    InvalidRules,
    LaidHand,
    PenaltyEntry,
    PlayerState,
    RamiRound,
    Rules,
    RulesError,
    TooManyCopies,
    Transfer,
    family_for,
    hand_values,
    play_on,
    replay,
    resume,
    snapshot,
)
from scorekeeper.rules.rami import elimination_multiplier, finish_bonus, meld_value

THREE = ["Anna", "Ben", "Cem"]
NORMAL = Rules.preset("rami", players=3)
TRADITIONAL = Rules.preset("rami", players=3, mode="traditional")
ELIMINATION = Rules.preset("rami", players=3, mode="elimination")


def melds(text):
    """'QH KH AH / 7S 7H JK' -> the melds as card tuples."""
    return tuple(tuple(meld.split()) for meld in text.split("/"))


def hand(player, laid=None, held=None):
    """A player's entry: laid as points (int) or melds (str); held as points or cards."""
    return LaidHand(
        player,
        laid=laid if isinstance(laid, int) else None,
        laid_melds=melds(laid) if isinstance(laid, str) else None,
        deadwood=held if isinstance(held, int) else None,
        cards=tuple(held.split()) if isinstance(held, str) else None,
    )


def finished(ender, finish, *hands, penalties=()):
    return RamiRound(ender, tuple(hands), finish=finish,
                      penalties=tuple(PenaltyEntry(p, points) for p, points in penalties))


def parts(result):
    return (result.laid, result.hand, result.bonus, result.penalty, result.multiplier,
            result.points)


# --- Set-up (docs/rules.md 10.1) -----------------------------------------------------------


@pytest.mark.parametrize(("players", "decks"), [(2, 2), (4, 2), (5, 3), (6, 3), (7, 4), (8, 4)])
def test_decks_follow_the_number_of_players_with_two_jokers_each(players, decks):
    rules = Rules.preset("rami", players=players)
    assert (rules.decks, rules.jokers, rules.hand_size) == (decks, 2 * decks, 14)


def test_identities_are_played_with_four_decks():
    assert Rules.preset("rami", players=3, identities=True).decks == 4
    with pytest.raises(InvalidRules) as caught:
        Rules.preset("rami", identities=True, decks=2)
    assert caught.value.reason == "identities_need_four_decks"


def test_the_modes_set_the_hand_values_and_elimination_its_pot():
    assert NORMAL.card_values | {} == {**{str(n): 5 for n in range(2, 10)}, "10": 10, "J": 10,
                                       "Q": 10, "K": 10, "A": 15, "JK": 20}
    assert (TRADITIONAL.card_values["7"], TRADITIONAL.card_values["A"]) == (7, 11)
    assert (ELIMINATION.eliminate_at, ELIMINATION.buy_in) == (500, 500)
    with pytest.raises(InvalidRules) as caught:
        Rules.preset("rami", mode="points")
    assert caught.value.message == "mode must be one of normal, traditional, elimination"


def test_two_to_eight_players():
    with pytest.raises(InvalidRules) as caught:
        replay(Rules.preset("rami"), [f"P{n}" for n in range(9)])
    assert caught.value.message == "Rami is played by 2 to 8 players; 9 are seated"


# --- The table of laid cards (docs/rules.md 10.2, 10.3) --------------------------------------


@pytest.mark.parametrize(("meld", "normal", "traditional"), [
    ("2H 3H 4H", 15, 9),
    ("AH 2H 3H", 15, 6),        # the ace low: 5, traditional 1
    ("QH KH AH", 35, 31),       # the ace high: 15, traditional 11
    ("10S JS QS KS", 40, 40),
    ("AS AH AD", 45, 33),       # an ace in a set counts high
    ("7S 7H 7D 7C", 20, 28),
    ("5H JK 7H", 15, 18),       # the joker is the 6 between
    ("9H 10H JK", 25, 29),      # laid upwards, the joker is the jack
    ("JK QD KD", 30, 30),       # the joker before the queen is the jack
    ("QD KD JK", 35, 31),       # after the king it is the high ace
    ("8C 8D JK", 15, 24),       # in a set, the set's rank
])
def test_a_laid_meld_scores_by_the_modes_table(meld, normal, traditional):
    cards = tuple(meld.split())
    assert meld_value(cards, NORMAL) == normal
    assert meld_value(cards, TRADITIONAL) == traditional


@pytest.mark.parametrize(("meld", "normal", "traditional"), [
    ("7H 7H 7H", 45, 51),       # 15 each, traditional 17
    ("2C 2C 2C 2C", 60, 48),
    ("KS KS KS", 60, 60),       # 20 each in both
    ("AS AS AS", 75, 63),       # 25 each, traditional 21
    ("9D 9D JK", 45, 57),       # a joker in an identity is one more copy
])
def test_an_identity_scores_15_20_25_or_12_to_19_20_21(meld, normal, traditional):
    cards = tuple(meld.split())
    assert meld_value(cards, replace(NORMAL, identities=True)) == normal
    assert meld_value(cards, replace(TRADITIONAL, identities=True)) == traditional


@pytest.mark.parametrize("meld", ["7H 7H 7H", "KS AS 2S", "5H JK JK 8H", "JK JK 4C", "2H 3H",
                                  "4S 5H 6S"])
def test_what_is_no_meld_scores_nothing(meld):
    assert meld_value(tuple(meld.split()), NORMAL) is None


def test_the_bonuses_and_multipliers():
    assert [finish_bonus(f, False) for f in ("none", "rummy", "own_cards")] == [0, 200, 300]
    assert [finish_bonus(f, True) for f in ("none", "rummy", "own_cards")] == [100, 300, 400]
    assert [elimination_multiplier(f, False) for f in ("none", "rummy", "own_cards")] == [1, 2, 3]
    assert [elimination_multiplier(f, True) for f in ("none", "rummy", "own_cards")] == [1, 4, 4]


# --- A round, normal and traditional modes (docs/rules.md 10.2 to 10.4) ----------------------


def test_a_normal_round_laid_cards_the_others_hands_to_the_finisher():
    # Anna lays 35 + 15 and finishes; Ben laid 10-K (40) and holds K JK A (10 + 20 + 15 =
    # 45); Cem laid 25 as typed and holds 35 as typed.
    game = replay(NORMAL, THREE, [finished(
        "Anna", "none", hand("Anna", "QH KH AH / 7S 7H JK"),
        hand("Ben", "10D JD QD KD", "KS JK AH"), hand("Cem", 25, 35))])
    anna, ben, cem = game.rounds[0].results
    assert parts(anna) == (50, 80, 0, 0, 1, 130)
    assert parts(ben) == (40, 0, 0, 0, 1, 40)
    assert parts(cem) == (25, 0, 0, 0, 1, 25)
    assert (ben.deadwood, cem.deadwood) == (45, 35)
    assert anna.melds == (("QH", "KH", "AH"), ("7S", "7H", "JK"))
    assert [s.total for s in game.standings] == [130, 40, 25]
    assert game.rounds[0].nobody_else_laid is False
    assert game.rounds[0].winner == "Anna"


def test_a_rummy_while_nobody_else_laid_scores_100_and_300_together():
    game = replay(NORMAL, THREE, [finished(
        "Anna", "own_cards", hand("Anna", 85), hand("Ben", 0, "2S 3D"), hand("Cem", 0, 10))])
    anna = game.rounds[0].results[0]
    assert parts(anna) == (85, 10 + 10, 400, 0, 1, 85 + 20 + 400)
    assert game.rounds[0].nobody_else_laid and game.rounds[0].rummy
    assert game.rounds[0].finish == "own_cards"


def test_a_rummy_after_others_laid_scores_200_only():
    game = replay(NORMAL, THREE, [finished(
        "Anna", "rummy", hand("Anna", 60), hand("Ben", 15, 5), hand("Cem", 0, 5))])
    assert parts(game.rounds[0].results[0]) == (60, 10, 200, 0, 1, 270)


def test_traditional_mode_counts_face_values_and_the_ace_11_in_hand():
    game = replay(TRADITIONAL, THREE, [finished(
        "Ben", "none", hand("Anna", "10C JC QC KC", "AH 9S"), hand("Ben", "QH KH AH / 5S 6S 7S"),
        hand("Cem", 0, "JK 2D"))])
    anna, ben, cem = game.rounds[0].results
    assert parts(anna) == (40, 0, 0, 0, 1, 40)
    assert parts(ben) == (31 + 18, 11 + 9 + 20 + 2, 0, 0, 1, 91)


def test_a_penalty_is_taken_off_the_total():
    game = replay(NORMAL, THREE, [finished(
        "Anna", "none", hand("Anna", 50), hand("Ben", 20, 5), hand("Cem", 10, 5),
        penalties=[("Ben", 300), ("Anna", 600)])])
    anna, ben, cem = game.rounds[0].results
    assert parts(anna) == (50, 10, 0, 600, 1, -540)
    assert parts(ben) == (20, 0, 0, 300, 1, -280)
    assert [s.total for s in game.standings] == [-540, -280, 10]


@pytest.mark.parametrize(("entry", "reason", "field"), [
    (finished("Anna", None, hand("Anna", 50), hand("Ben", 0, 5), hand("Cem", 0, 5)),
     "finish_missing", "finish"),
    (finished("Anna", "gin", hand("Anna", 50), hand("Ben", 0, 5), hand("Cem", 0, 5)),
     "finish_unknown", "finish"),
    (finished("Anna", "none", hand("Anna", 50), hand("Ben", None, 5), hand("Cem", 0, 5)),
     "laid_missing", "hands[1].laid"),
    (finished("Anna", "none", hand("Ben", 0, 5), hand("Cem", 0, 5)), "hand_missing", "hands"),
    (finished("Anna", "none", hand("Anna", 50),
              LaidHand("Ben", laid=5, laid_melds=(), deadwood=5), hand("Cem", 0, 5)),
     "laid_and_laid_melds", "hands[1].laid"),
    (finished("Anna", "none", hand("Anna", -5), hand("Ben", 0, 5), hand("Cem", 0, 5)),
     "laid_not_whole", "hands[0].laid"),
    (finished("Anna", "none", hand("Anna", 5000), hand("Ben", 0, 5), hand("Cem", 0, 5)),
     "laid_too_large", "hands[0].laid"),
    (finished("Anna", "none", hand("Anna", "2S 3S 4S / 9H 9D 9C"), hand("Ben", 0, 5),
              hand("Cem", 0, 5)), "first_meld_too_low", "hands[0].laid_melds"),
    (finished("Anna", "none", hand("Anna", "QS KS AS / 4H 5H 7H"), hand("Ben", 0, 5),
              hand("Cem", 0, 5)), "not_a_meld", "hands[0].laid_melds[1]"),
    (finished("Anna", "none", hand("Anna", 50, 5), hand("Ben", 0, 5), hand("Cem", 0, 5)),
     "went_out_holding", "hands[0].deadwood"),
    (finished("Anna", "none", hand("Anna", 50), hand("Ben", 0, 5), hand("Cem", 0, 5),
              penalties=[("Ben", 200)]), "penalty_not_multiple", "penalties[0].points"),
    (finished("Anna", "none", hand("Anna", 50), hand("Ben", 0, 5), hand("Cem", 0, 5),
              penalties=[("Ben", 300), ("Ben", 300)]), "penalty_twice",
     "penalties[1].player"),
    (finished("Anna", "none", hand("Anna", 50), hand("Ben", 0, 5), hand("Cem", 0, 5),
              penalties=[("Dora", 300)]), "not_a_player", "penalties[0].player"),
    (finished("Anna", "none", hand("Anna", "JS QS KS AS"), hand("Ben", "JS QS KS AS", 5),
              hand("Cem", 0, "QS")), "too_many_copies", "hands[2].cards"),
    (finished("Anna", "none", hand("Anna", "JS QS KS AS"), hand("Ben", 0, "QS AS"),
              hand("Cem", "JS QS KS AS / 7H 8H 9H", 5)), "too_many_copies",
     "hands[2].laid_melds"),
])
def test_a_round_that_cannot_be_is_refused_naming_the_field(entry, reason, field):
    with pytest.raises(RulesError) as caught:
        replay(NORMAL, THREE, [entry])
    assert caught.value.reason == reason
    assert caught.value.field == f"rounds[0].{field}"


def test_the_first_melds_must_reach_the_minimum_only_when_entered_as_cards():
    low = finished("Anna", "none", hand("Anna", "2S 3S 4S / 5H 6H 7H"), hand("Ben", 20, 5),
                   hand("Cem", 0, 5))
    with pytest.raises(InvalidRound) as caught:
        replay(NORMAL, THREE, [low])
    assert caught.value.message == ("Anna's melds are worth 30 points; the first melds must "
                                    "be worth at least 40")
    assert replay(replace(NORMAL, first_meld_min=30), THREE, [low]).standings[0].total == 40
    typed = replace(low, hands=(hand("Anna", 30), *low.hands[1:]))
    assert replay(NORMAL, THREE, [typed]).standings[0].total == 40


def test_a_third_copy_needs_three_decks():
    five = ["Anna", "Ben", "Cem", "Dora", "Eda"]
    entry = finished("Anna", "none", hand("Anna", "JS QS KS AS"), hand("Ben", "JS QS KS AS", 0),
                     hand("Cem", 0, "QS"), hand("Dora", 0, 5), hand("Eda", 0, 5))
    with pytest.raises(TooManyCopies):
        replay(Rules.preset("rami", players=5, decks=2, jokers=4), five, [entry])
    game = replay(Rules.preset("rami", players=5), five, [entry])
    assert game.standings[0].total == 45 + 10 + 5 + 5


def test_penalties_can_be_off():
    entry = finished("Anna", "none", hand("Anna", 50), hand("Ben", 0, 5), hand("Cem", 0, 5),
                     penalties=[("Ben", 300)])
    with pytest.raises(InvalidRound) as caught:
        replay(replace(NORMAL, penalty=0), THREE, [entry])
    assert caught.value.reason == "penalty_off"


# --- Cards taken from the table (docs/rules.md 10.6) ------------------------------------------


def test_the_texts_example_a_card_taken_from_the_table_scores_nothing():
    # The Rami text's own example: 4♦ taken from a 4-7♦ run on the table, laid with 4♥ 4♣
    # from the hand as a new meld, scores 10, not 15: only the two fours from the hand
    # count for the player who lays it.
    assert meld_value(("[4D]", "4H", "4C"), NORMAL) == 5 + 5
    assert meld_value(("4D", "4H", "4C"), NORMAL) == 15
    # Ben laid the run; Anna takes its 4♦ (written in brackets, any spelling) and finishes.
    game = replay(NORMAL, THREE, [finished(
        "Anna", "none", hand("Anna", "QH KH AH / [4♦] 4H 4C"),
        hand("Ben", "4D 5D 6D 7D / KS KH KD", "9S"), hand("Cem", 0, 10))])
    anna, ben, cem = game.rounds[0].results
    assert parts(anna) == (35 + 10, 5 + 10, 0, 0, 1, 60)
    assert parts(ben) == (20 + 30, 0, 0, 0, 1, 50)
    # the melds stay as entered, the card from the table marked
    assert anna.melds == (("QH", "KH", "AH"), ("[4D]", "4H", "4C"))


@pytest.mark.parametrize(("meld", "normal", "traditional"), [
    ("[4D] 4H 4C", 10, 8),
    ("[JK] 10D JD", 20, 20),  # the joker stood for 9♦: 5 (normal) or 9 (traditional) less
    ("QH KH [AH]", 20, 20),  # the ace above the king: 15 or 11 less
    ("[AS] 2S 3S 4S", 15, 9),  # the ace below the 2: 5 or 1 less
    ("KD KH [KS] [JK]", 20, 20),
])
def test_a_card_from_the_table_takes_its_own_place_and_points_off(meld, normal, traditional):
    cards = tuple(meld.split())
    assert meld_value(cards, NORMAL) == normal
    assert meld_value(cards, TRADITIONAL) == traditional


def test_a_card_from_the_table_is_counted_once_by_the_deck_check():
    # Both 4♦ of the two decks are laid (Ben's run, Cem's set); Anna takes one of them
    # again: no third 4♦ in the round.
    entry = finished("Anna", "none", hand("Anna", "QH KH AH / [4D] 4H 4C"),
                     hand("Ben", "4D 5D 6D 7D / KS KH KD", 5),
                     hand("Cem", "4D 4S 4C / 10C JC QC", 10))
    assert replay(NORMAL, THREE, [entry]).standings[0].total == 45 + 15
    # Unmarked, the same meld would be a third 4♦.
    third = replace(entry, hands=(hand("Anna", "QH KH AH / 4D 4H 4C"), *entry.hands[1:]))
    with pytest.raises(TooManyCopies):
        replay(NORMAL, THREE, [third])


def test_cards_from_the_table_count_nothing_towards_the_first_meld():
    entry = finished("Anna", "none", hand("Anna", "10S JS QS / [10D] 10H 10C"),
                     hand("Ben", 40, 5), hand("Cem", 0, 5))
    assert replay(NORMAL, THREE, [entry]).standings[0].total == 30 + 20 + 10
    with pytest.raises(InvalidRound) as caught:
        replay(replace(NORMAL, first_meld_min=55), THREE, [entry])
    assert caught.value.message == ("Anna's melds are worth 50 points; the first melds must "
                                    "be worth at least 55")


@pytest.mark.parametrize(("entry", "reason", "field", "message"), [
    (finished("Anna", "none", hand("Anna", "QH KH AH / [4D] [5D] [6D]"), hand("Ben", 0, 5),
              hand("Cem", 0, 5)), "meld_from_table_only", "hands[0].laid_melds[1]",
     "Anna's meld [4D] [5D] [6D] holds only cards taken from the table: a meld laid needs "
     "a card from the hand"),
    (finished("Anna", "own_cards", hand("Anna", "QH KH AH / [4D] 4H 4C"), hand("Ben", 0, 5),
              hand("Cem", 0, 5)), "own_cards_from_table", "hands[0].laid_melds[1]",
     "Anna took [4D] from the table, so this is no Rummy with own cards only: enter the "
     "finish as rummy"),
    (finished("Anna", "none", hand("Anna", "QH KH AH / [4D] 4H 7C"), hand("Ben", 0, 5),
              hand("Cem", 0, 5)), "not_a_meld", "hands[0].laid_melds[1]",
     "[4D] 4H 7C is not a meld"),
    (finished("Anna", "none", hand("Anna", "QH KH AH / [4D 4H 4C"), hand("Ben", 0, 5),
              hand("Cem", 0, 5)), "not_a_card", "hands[0].laid_melds[1]",
     "'[4D' is not a card: write rank then suit, e.g. 'AS', '10H', 'QD', or 'JK' for a joker"),
])
def test_a_meld_with_cards_from_the_table_is_checked(entry, reason, field, message):
    with pytest.raises(RulesError) as caught:
        replay(NORMAL, THREE, [entry])
    assert (caught.value.reason, caught.value.field, caught.value.message) == (
        reason, f"rounds[0].{field}", message)


def test_a_rummy_may_take_cards_from_the_table_but_not_one_with_own_cards_only():
    game = replay(NORMAL, THREE, [finished(
        "Anna", "rummy", hand("Anna", "QH KH AH / [4D] 4H 4C"), hand("Ben", 0, 5),
        hand("Cem", 0, 5))])
    assert parts(game.rounds[0].results[0]) == (45, 10, 300, 0, 1, 355)


# --- The game to the target (docs/rules.md 10.7) ---------------------------------------------


def test_the_game_ends_at_the_target_and_the_others_pay_the_difference():
    rules = Rules.preset("rami", players=3, game_target=200, point_value="0.05")
    game = replay(rules, THREE, [
        finished("Anna", "none", hand("Anna", 100), hand("Ben", 40, 20), hand("Cem", 30, 15)),
        finished("Ben", "none", hand("Anna", 10, 10), hand("Ben", 60), hand("Cem", 20, 10)),
    ])
    # Anna 135 + 10 = 145, Ben 40 + 80 = 120, Cem 30 + 20 = 50: nobody at 200 yet.
    assert game.status == GameStatus.RUNNING
    game = play_on(game, finished("Cem", "none", hand("Anna", 60, 5), hand("Ben", 0, 5),
                                  hand("Cem", 40)))
    assert [s.total for s in game.standings] == [205, 120, 100]
    assert (game.status, game.winner) == (GameStatus.FINISHED, "Anna")
    assert game.transfers == (
        Transfer("player:Ben", "player:Anna", 85 * 5, "point_settlement", None),
        Transfer("player:Cem", "player:Anna", 105 * 5, "point_settlement", None),
    )
    assert [s.place for s in game.standings] == [1, 2, 3]
    with pytest.raises(GameOver):
        play_on(game, finished("Cem", "none", hand("Anna", 0, 5), hand("Ben", 0, 5),
                               hand("Cem", 40)))


def test_a_tie_for_the_top_at_the_target_plays_on():
    rules = Rules.preset("rami", players=2, game_target=100)
    game = replay(rules, ["Anna", "Ben"], [
        finished("Anna", "none", hand("Anna", 80), hand("Ben", 100, 20)),
    ])
    assert [s.total for s in game.standings] == [100, 100]
    assert game.status == GameStatus.RUNNING
    game = play_on(game, finished("Ben", "none", hand("Anna", 0, 5), hand("Ben", 40)))
    assert game.winner == "Ben"


def test_closing_by_hand_settles_and_a_tie_is_refused():
    rules = Rules.preset("rami", players=3, point_value="0.10")
    rounds = [finished("Anna", "none", hand("Anna", 100), hand("Ben", 40, 20),
                       hand("Cem", 30, 15))]
    game = replay(rules, THREE, rounds, closed=True)
    assert game.winner == "Anna"
    assert sum(t.amount for t in game.transfers) == (135 - 40 + 135 - 30) * 10
    assert family_for(rules).closes_by_hand(rules)
    tied = [finished("Anna", "none", hand("Anna", 40), hand("Ben", 50, 5), hand("Cem", 0, 5))]
    with pytest.raises(InvalidRules) as caught:
        replay(rules, THREE, tied, closed=True)
    assert caught.value.reason == "closed_tied_top"


# --- Elimination mode (docs/rules.md 10.5) ---------------------------------------------------


def test_an_elimination_round_with_times_four():
    # A Rummy while nobody else had laid: every hand counts four times.
    game = replay(ELIMINATION, THREE, [finished(
        "Anna", "rummy", hand("Anna"), hand("Ben", 0, "KS 7H JK"), hand("Cem", 0, 15))])
    anna, ben, cem = game.rounds[0].results
    assert parts(anna) == (0, 0, 0, 0, 1, 0)
    assert parts(ben) == (0, 10 + 5 + 20, 0, 0, 4, 140)
    assert parts(cem) == (0, 15, 0, 0, 4, 60)
    assert game.rounds[0].nobody_else_laid


@pytest.mark.parametrize(("finish", "ben_laid", "times"), [
    ("none", 0, 1), ("rummy", 20, 2), ("own_cards", 20, 3), ("own_cards", 0, 4),
    ("rummy", None, 2),  # laid left out is not known: no x4
])
def test_the_multiplier_follows_the_finish_and_whether_anybody_else_laid(finish, ben_laid,
                                                                         times):
    game = replay(ELIMINATION, THREE, [finished(
        "Anna", finish, hand("Anna"), hand("Ben", ben_laid, 10), hand("Cem", 0, 10))])
    assert [r.points for r in game.rounds[0].results] == [0, 10 * times, 10 * times]


def test_elimination_penalties_add_up_and_the_last_one_in_takes_the_pot():
    game = replay(ELIMINATION, THREE, [
        finished("Anna", "none", hand("Anna"), hand("Ben", None, 120), hand("Cem", None, 60),
                 penalties=[("Anna", 300)]),
        finished("Anna", "own_cards", hand("Anna"), hand("Ben", 10, 140), hand("Cem", 0, 30)),
    ])
    # Ben 120 + 140 x 3 = 540: out. Anna 300, Cem 60 + 90 = 150.
    assert [s.total for s in game.standings] == [300, 540, 150]
    assert [s.state for s in game.standings] == [PlayerState.IN, PlayerState.OUT,
                                                 PlayerState.IN]
    assert game.rounds[1].out == ("Ben",)
    assert game.next_participants == ("Anna", "Cem")
    with pytest.raises(InvalidRound) as caught:
        play_on(game, finished("Ben", "none", hand("Anna", None, 5), hand("Ben"),
                               hand("Cem", None, 5)))
    assert caught.value.message == "Ben is out since round 2 and does not play"
    # Anna 300 + 205 = 505: past the limit, out.
    game = play_on(game, finished("Cem", "none", hand("Anna", None, 205), hand("Cem")))
    assert (game.status, game.winner) == (GameStatus.FINISHED, "Cem")
    assert [(s.place, s.balance) for s in game.standings] == [(2, -500), (3, -500), (1, 1000)]
    assert game.payouts == (("Cem", 1500),)
    assert game.balances[POT] == 0
    assert family_for(ELIMINATION).closes_by_hand(ELIMINATION) is False


def test_the_deal_passes_over_players_who_are_out():
    game = replay(ELIMINATION, THREE, [
        finished("Anna", "own_cards", hand("Anna"), hand("Ben", 10, 200), hand("Cem", None, 5)),
    ])
    assert game.next_dealer == "Cem"


def test_elimination_carries_a_pot_in_and_refuses_closing():
    game = replay(ELIMINATION, THREE, carried_in=250)
    assert game.pot == 3 * 500 + 250
    with pytest.raises(InvalidRules):
        replay(ELIMINATION, THREE, closed=True)
    with pytest.raises(InvalidRules):
        replay(NORMAL, THREE, carried_in=250)


# --- Every path gives the same game --------------------------------------------------------


def _entry(data, game, rules):
    players = list(game.next_participants)
    ender = data.draw(st.sampled_from(players))
    finish = data.draw(st.sampled_from(["none", "rummy", "own_cards"]))
    elimination = rules.mode == "elimination"
    hands = tuple(LaidHand(
        p,
        laid=data.draw(st.sampled_from([None, 0, 35])) if elimination
        else data.draw(st.sampled_from([0, 0, 25, 60])),
        deadwood=None if p == ender else data.draw(
            st.sampled_from([value for value in sorted(hand_values(rules)) if value <= 90])),
    ) for p in players)
    penalties = tuple(PenaltyEntry(p, 300) for p in players if data.draw(st.integers(0, 9)) == 0)
    return RamiRound(ender, hands, finish=finish, penalties=penalties)


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 8), st.sampled_from(["normal", "traditional", "elimination"]),
       st.sampled_from(["0.00", "0.01", "0.07"]), st.data())
def test_play_on_and_resume_give_the_game_a_full_replay_gives(count, mode, point_value, data):
    players = [f"P{n}" for n in range(count)]
    rules = Rules.preset("rami", players=count, mode=mode, game_target=400, eliminate_at=300,
                         **({} if mode == "elimination" else {"point_value": point_value}))
    rounds = []
    current = replay(rules, players)
    for _ in range(data.draw(st.integers(1, 10))):
        if current.status.ended:
            break
        entry = _entry(data, current, rules)
        resumed = resume(rules, players, snapshot(current))
        expected = replay(rules, players, [*rounds, entry])
        assert play_on(current, entry) == expected
        assert play_on(resumed, entry) == replace(expected, rounds=expected.rounds[-1:],
                                                  transfers=expected.transfers[
                                                      len(current.transfers):], whole=False)
        assert snapshot(play_on(resumed, entry)) == snapshot(expected)
        # each player's points are the sum of their parts
        for result in expected.rounds[-1].results:
            if mode == "elimination":
                assert result.points == result.hand * result.multiplier + result.penalty
            else:
                assert result.points == result.laid + result.hand + result.bonus - result.penalty
        assert sum(expected.balances.values()) == 0
        rounds.append(entry)
        current = expected
    if current.status.ended:
        assert current.pot == 0
        if mode == "elimination":
            assert current.payouts == ((current.winner, count * rules.buy_in),)
        else:
            best = current.standing(current.winner).total
            assert current.standing(current.winner).balance == sum(
                (best - s.total) * rules.point_value for s in current.standings)


def test_when_everybody_left_passes_the_limit_at_once_the_lowest_stay_in():
    # Round 2: Cem finishes with a penalty of 300 and passes the limit with the others;
    # the lowest total stays in and wins.
    rules = replace(ELIMINATION, eliminate_at=295)
    game = replay(rules, THREE, [finished(
        "Cem", "own_cards", hand("Anna", None, 90), hand("Ben", None, 95), hand("Cem"))])
    assert [s.total for s in game.standings] == [270, 285, 0]
    game = play_on(game, finished("Cem", "none", hand("Anna", None, 40), hand("Ben", None, 20),
                                  hand("Cem"), penalties=[("Cem", 300)]))
    assert [s.total for s in game.standings] == [310, 305, 300]
    assert (game.winner, game.rounds[1].out) == ("Cem", ("Anna", "Ben"))


def test_out_only_past_the_limit_a_total_on_it_stays_in():
    # docs/rules.md 10.5: "die Spieler, die eine vorher festgelegte Punktzahl überschreiten,
    # eliminiert": exceeding the limit puts a player out, reaching it does not. A penalty
    # of 1 point takes Ben from 100 to 101.
    rules = replace(ELIMINATION, eliminate_at=100, penalty=1)
    game = replay(rules, THREE, [finished(
        "Anna", "none", hand("Anna"), hand("Ben", None, 100), hand("Cem", None, 95))])
    assert [(s.total, s.state) for s in game.standings] == [
        (0, PlayerState.IN), (100, PlayerState.IN), (95, PlayerState.IN)]
    assert (game.rounds[0].out, game.next_participants) == ((), tuple(THREE))

    game = play_on(game, finished("Ben", "none", hand("Anna", None, 5), hand("Ben"),
                                  hand("Cem", None, 0), penalties=[("Ben", 1)]))

    assert [(s.total, s.state) for s in game.standings] == [
        (5, PlayerState.IN), (101, PlayerState.OUT), (95, PlayerState.IN)]
    assert (game.rounds[1].out, game.next_participants) == (("Ben",), ("Anna", "Cem"))
    assert game.status == GameStatus.RUNNING


def test_a_tie_at_the_lowest_when_everybody_passes_the_limit_plays_on():
    two = ["Anna", "Ben"]
    game = replay(Rules.preset("rami", players=2, mode="elimination"), two, [
        finished("Anna", "none", hand("Anna"), hand("Ben", None, 200),
                 penalties=[("Anna", 300)]),
        finished("Anna", "rummy", hand("Anna"), hand("Ben", 0, 100), penalties=[("Anna", 300)]),
    ])
    # Ben's 100 counts four times (a Rummy, nobody else laid): 600 and 600, nobody goes out.
    assert [(s.total, s.state) for s in game.standings] == [(600, PlayerState.IN),
                                                            (600, PlayerState.IN)]
    assert game.status == GameStatus.RUNNING
    game = play_on(game, finished("Ben", "none", hand("Anna", None, 5), hand("Ben")))
    assert (game.winner, game.rounds[-1].out) == ("Ben", ("Anna",))
