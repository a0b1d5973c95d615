"""Basic Rummy (docs/rules.md 9): the one who goes out scores the others' hands, whole, and
is paid for them at once; the game to the target, highest total first, or closed by hand.

Pure engine tests: no database. Values are worked by hand from the seed's card table
(joker 15, J Q K 10, ace 1 or 11, the others their index).
"""

from dataclasses import replace

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    BasicRound,
    GameOver,
    GameStatus,
    HandEntry,
    InvalidRound,
    InvalidRules,
    LaidHand,
    PenaltyEntry,
    RamiRound,
    Rules,
    RulesError,
    TooManyCopies,
    Transfer,
    family_for,
    play_on,
    replay,
    resume,
    snapshot,
)

THREE = ["Anna", "Ben", "Cem"]


def out(ender, **hands):
    """A round: `ender` went out; the others' hands as points (int) or cards (str)."""
    return BasicRound(ender, tuple(
        HandEntry(player, deadwood=hand) if isinstance(hand, int)
        else HandEntry(player, cards=tuple(hand.split()))
        for player, hand in hands.items()
    ))


def pay(source, target, amount, round_):
    return Transfer(f"player:{source}", f"player:{target}", amount, "point_settlement", round_)


# --- Set-up (docs/rules.md 9.1) ------------------------------------------------------------


@pytest.mark.parametrize(("players", "decks", "hand_size"), [
    (2, 1, 10), (3, 1, 7), (4, 1, 7), (5, 1, 7), (6, 2, 10), (7, 2, 10),
])
def test_decks_and_cards_dealt_follow_the_number_of_players(players, decks, hand_size):
    rules = Rules.preset("basic", players=players)
    assert (rules.decks, rules.hand_size, rules.jokers) == (decks, hand_size, 0)


def test_an_override_wins_over_the_set_up_by_players():
    rules = Rules.preset("basic", players=3, hand_size=10, jokers=2)
    assert (rules.decks, rules.hand_size, rules.jokers) == (1, 10, 2)
    assert Rules.preset("basic", players=4, decks=2, hand_size=10).decks == 2


def test_the_ace_counts_1_and_11_when_q_k_a_runs_are_allowed():
    assert Rules.preset("basic").card_values["A"] == 1
    assert Rules.preset("basic", ace_in_runs="high_or_low").card_values["A"] == 11
    assert Rules.preset("basic").card_values["JK"] == 15


@pytest.mark.parametrize(("overrides", "field"), [
    ({"decks": 3}, "rules.decks"),
    ({"hand_size": 8}, "rules.hand_size"),
    ({"jokers": 5}, "rules.jokers"),
    ({"buy_in": "5.00"}, "rules.buy_in"),
])
def test_a_set_up_the_seed_does_not_know_is_refused(overrides, field):
    with pytest.raises(InvalidRules) as caught:
        Rules.preset("basic", **overrides)
    assert caught.value.field == field


@pytest.mark.parametrize(("decks", "most"), [(1, 4), (2, 8)])
def test_the_jokers_go_by_the_decks_up_to_4_a_deck(decks, most):
    # docs/rules.md 9.1: "zwei oder mehr Joker pro Deck": two a deck and more, up to 4.
    assert Rules.preset("basic", decks=decks, jokers=most).jokers == most
    with pytest.raises(InvalidRules) as caught:
        Rules.preset("basic", decks=decks, jokers=most + 1)
    assert (caught.value.field, caught.value.message) == (
        "rules.jokers", f"jokers must be between 0 and {most}; got {most + 1}")


def test_a_two_deck_game_with_six_jokers_plays_and_counts_them():
    # Six players: two decks by the set-up, with three jokers a deck.
    six = [*THREE, "Dora", "Eda", "Fritz"]
    rules = Rules.preset("basic", players=6, jokers=6)
    assert (rules.decks, rules.jokers, rules.hand_size) == (2, 6, 10)
    game = replay(rules, six, [out("Anna", Ben="JK JK JK KS", Cem="JK JK 2C", Dora="JK 9D",
                                   Eda=0, Fritz=3)])
    # 3 x 15 + 10, 2 x 15 + 2, 15 + 9: the jokers count 15 each.
    assert [r.deadwood for r in game.rounds[0].results[1:4]] == [55, 32, 24]
    assert game.standings[0].total == 55 + 32 + 24 + 0 + 3
    seventh = out("Anna", Ben="JK JK JK KS", Cem="JK JK 2C", Dora="JK JK", Eda=0, Fritz=3)
    with pytest.raises(TooManyCopies) as caught:
        replay(rules, six, [seventh])
    assert caught.value.message == "JK appears 7 times; jokers in this game: 6"


@pytest.mark.parametrize(("players", "reason"), [
    (["Anna"], "family_players"),
    ([f"P{n}" for n in range(8)], "family_players"),
])
def test_two_to_seven_players(players, reason):
    with pytest.raises(InvalidRules) as caught:
        replay(Rules.preset("basic"), players)
    assert caught.value.reason == reason
    assert caught.value.message.startswith("Basic Rummy is played by 2 to 7 players")


def test_a_deal_needs_cards_enough():
    seven = [f"P{n}" for n in range(7)]
    with pytest.raises(InvalidRules) as caught:
        replay(Rules.preset("basic", decks=1, hand_size=10), seven)
    assert caught.value.reason == "too_few_cards"
    assert replay(Rules.preset("basic", players=7), seven).status == GameStatus.RUNNING


# --- A round (docs/rules.md 9.2) -----------------------------------------------------------


def test_the_one_who_goes_out_scores_every_card_the_others_hold_whole():
    # Ben's 3-4-5 of hearts counts too: melds are laid during play, a hand counts whole.
    rules = Rules.preset("basic", players=3, jokers=2)
    game = replay(rules, THREE, [out("Anna", Ben="3H 4H 5H KS", Cem="JK AD 9C")])
    anna, ben, cem = game.rounds[0].results
    assert (ben.deadwood, cem.deadwood) == (3 + 4 + 5 + 10, 15 + 1 + 9)
    assert (anna.points, anna.hand) == (22 + 25, 22 + 25)
    assert (ben.points, cem.points) == (0, 0)
    assert [s.total for s in game.standings] == [47, 0, 0]
    assert game.rounds[0].winner == "Anna"
    assert ben.unmatched == ("3H", "4H", "5H", "KS")


def test_each_other_player_pays_the_hand_times_the_point_value_at_once():
    rules = Rules.preset("basic", players=3, point_value="0.25")
    game = replay(rules, THREE, [out("Anna", Ben=23, Cem=7), out("Cem", Anna=4, Ben=11)])
    assert game.transfers == (
        pay("Ben", "Anna", 575, 1), pay("Cem", "Anna", 175, 1),
        pay("Anna", "Cem", 100, 2), pay("Ben", "Cem", 275, 2),
    )
    assert [s.balance for s in game.standings] == [650, -850, 200]
    assert family_for(rules).ledger_kinds == {"point_settlement"}


def test_an_ace_held_counts_11_when_q_k_a_runs_are_allowed():
    rules = Rules.preset("basic", ace_in_runs="high_or_low")
    game = replay(rules, ["Anna", "Ben"], [out("Ben", Anna="AS AH 2C")])
    assert game.standings[1].total == 11 + 11 + 2


def test_the_one_who_went_out_may_be_entered_with_an_empty_hand():
    rules = Rules.preset("basic")
    entry = BasicRound("Anna", (HandEntry("Anna"), HandEntry("Ben", deadwood=30)))
    assert replay(rules, ["Anna", "Ben"], [entry]).standings[0].total == 30


def test_the_dealer_passes_to_the_left():
    game = replay(Rules.preset("basic", players=3), THREE,
                  [out("Anna", Ben=1, Cem=1), out("Anna", Ben=1, Cem=1)])
    assert [r.dealer for r in game.rounds] == ["Anna", "Ben"]
    assert game.next_dealer == "Cem"


@pytest.mark.parametrize(("entry", "reason", "field"), [
    (BasicRound(None, (HandEntry("Ben", deadwood=3),)), "went_out_missing", "ender"),
    (BasicRound("Dora", ()), "not_a_player", "ender"),
    (out("Anna", Anna=5, Ben=3), "went_out_holding", "hands[0].deadwood"),
    (out("Anna", Anna="2S", Ben=3), "went_out_holding", "hands[0].cards"),
    (out("Anna", Ben=3), "hand_missing", "hands"),
    (BasicRound("Anna", (HandEntry("Ben", deadwood=3, cards=("2S",)),
                         HandEntry("Cem", deadwood=1))), "deadwood_and_cards", "hands[0]"),
    (BasicRound("Anna", (HandEntry("Ben"), HandEntry("Cem", deadwood=1))),
     "deadwood_or_cards", "hands[0]"),
    (out("Anna", Ben="2S 3S 4S 5S 6S 7S 8S 9S", Cem=1), "held_too_many", "hands[0].cards"),
    (out("Anna", Ben=71, Cem=1), "deadwood_too_large", "hands[0].deadwood"),
    (out("Anna", Ben=-1, Cem=1), "deadwood_negative", "hands[0].deadwood"),
    (out("Anna", Ben="2S", Cem="2S"), "too_many_copies", "hands[1].cards"),
    (BasicRound("Anna", (LaidHand("Ben", deadwood=1, laid=10), HandEntry("Cem", deadwood=1))),
     "laid_only_rami", "hands[0].laid"),
    # Another family's round holds what Basic Rummy does not take: refused all the same.
    (RamiRound("Anna", out("Anna", Ben=1, Cem=1).hands, finish="rummy"),
     "finish_only_rami", "finish"),
    (RamiRound("Anna", out("Anna", Ben=1, Cem=1).hands, penalties=(PenaltyEntry("Ben", 300),)),
     "penalty_only_rami", "penalties"),
])
def test_a_round_that_cannot_be_is_refused_naming_the_field(entry, reason, field):
    with pytest.raises(RulesError) as caught:
        replay(Rules.preset("basic", players=3), THREE, [entry])
    assert caught.value.reason == reason
    assert caught.value.field == (f"rounds[0].{field}" if field else "rounds[0]")


def test_a_seven_card_hand_holds_at_most_70():
    with pytest.raises(InvalidRound) as caught:
        replay(Rules.preset("basic", players=3), THREE, [out("Anna", Ben=71, Cem=0)])
    assert "at most 70" in caught.value.message


def test_two_copies_of_a_card_need_two_decks():
    four = ["Anna", "Ben", "Cem", "Dora"]
    entry = out("Anna", Ben="KS", Cem="KS", Dora=1)
    with pytest.raises(TooManyCopies):
        replay(Rules.preset("basic", players=4), four, [entry])
    two_decks = Rules.preset("basic", players=4, decks=2, hand_size=10)
    assert replay(two_decks, four, [entry]).standings[0].total == 21


# --- The game (docs/rules.md 9.3) ----------------------------------------------------------


def test_the_game_ends_when_a_total_reaches_the_target_and_the_highest_wins():
    rules = Rules.preset("basic", game_target=60)
    game = replay(rules, ["Anna", "Ben"], [out("Anna", Ben=40), out("Ben", Anna=30),
                                           out("Anna", Ben=25)])
    assert game.status == GameStatus.FINISHED
    assert game.winner == "Anna"
    assert [(s.total, s.place) for s in game.standings] == [(65, 1), (30, 2)]
    with pytest.raises(GameOver):
        play_on(game, out("Ben", Anna=1))


def test_closed_by_hand_the_highest_total_wins_and_a_tie_is_refused():
    rules = Rules.preset("basic")
    rounds = [out("Anna", Ben=20)]
    closed = replay(rules, ["Anna", "Ben"], rounds, closed=True)
    assert (closed.status, closed.winner) == (GameStatus.FINISHED, "Anna")
    assert family_for(rules).closes_by_hand(rules)
    with pytest.raises(InvalidRules) as caught:
        replay(rules, ["Anna", "Ben"], [*rounds, out("Ben", Anna=20)], closed=True)
    assert caught.value.message == ("Anna, Ben share the highest total: play another round "
                                    "before closing")
    with pytest.raises(GameOver):
        play_on(closed, out("Ben", Anna=2))


def test_basic_rummy_plays_for_no_pot():
    with pytest.raises(InvalidRules) as caught:
        replay(Rules.preset("basic"), ["Anna", "Ben"], carried_in=500)
    assert caught.value.field == "carried_in"


# --- Every path gives the same game --------------------------------------------------------


@settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(st.integers(2, 7), st.sampled_from(["0.00", "0.10", "0.33"]),
       st.sampled_from([30, 100, 500]), st.data())
def test_play_on_and_resume_give_the_game_a_full_replay_gives(count, point_value, target,
                                                              data):
    players = [f"P{n}" for n in range(count)]
    rules = Rules.preset("basic", players=count, point_value=point_value, game_target=target)
    rounds = []
    current = replay(rules, players)
    for _ in range(data.draw(st.integers(1, 10))):
        if current.status.ended:
            break
        ender = data.draw(st.sampled_from(players))
        entry = BasicRound(ender, tuple(
            HandEntry(p, deadwood=data.draw(st.integers(0, 60))) for p in players if p != ender
        ))
        resumed = resume(rules, players, snapshot(current))
        expected = replay(rules, players, [*rounds, entry])
        assert play_on(current, entry) == expected
        assert play_on(resumed, entry) == replace(expected, rounds=expected.rounds[-1:],
                                                  transfers=expected.transfers[
                                                      len(current.transfers):], whole=False)
        # every cent one player pays another: the ledger sums to zero, the ender is paid
        # each other hand times the point value
        assert sum(expected.balances.values()) == 0
        last = expected.rounds[-1]
        assert sum(t.amount for t in last.transfers) == sum(
            r.deadwood for r in last.results) * rules.point_value
        rounds.append(entry)
        current = expected
    totals = {s.player: s.total for s in current.standings}
    assert sum(totals.values()) == sum(r.points for rd in current.rounds for r in rd.results)
