"""Going out and the re-buy (docs/rules.md 4.1 and 4.2): the window, the target of a
break, waiting, closing, every refusal with its reason, and the re-buy as an action.
"""

import pytest

from scorekeeper.rules import (
    Message,
    RebuyEntry,
    RebuyNotAllowed,
    RebuyOffer,
    Rules,
    Standing,
    can_rebuy,
    check_rebuy,
    rebuy,
    rebuy_rule,
    take_rebuy,
)
from scorekeeper.rules.knock import is_out, replay

from .test_rules_knock_facts import (
    FOUR,
    ROMME,
    SEED_000,
    SEED_001,
    THREE,
    WIENER,
    knock,
    pay,
    refusals,
    states,
    totals,
)

# --- 4.1 going out --------------------------------------------------------------------


def test_a_total_reaching_101_is_out_and_100_stays_in():
    game = replay(ROMME, THREE, [knock("Anna", Anna=0, Ben=100, Cem=101)])

    assert states(game) == {"Anna": "in", "Ben": "in", "Cem": "out"}
    assert game.rounds[0].out == ("Cem",)
    assert game.standing("Cem") == Standing("Cem", 2, 101, "out", False, None, -600, 3, 1)
    assert game.next_participants == ("Anna", "Ben")
    assert (is_out(100, ROMME), is_out(101, ROMME)) == (False, True)


# --- 4.2 re-buy -----------------------------------------------------------------------

def test_seed_000_a_and_b_may_each_pay_5_and_go_to_74():
    # given A 89, B 84, C 74, D 56 after round 2
    game = replay(WIENER, FOUR, SEED_000)
    assert totals(game) == {"Anna": 89, "Ben": 84, "Cem": 74, "Dora": 56}
    offers = (RebuyOffer("Anna", 74, 500), RebuyOffer("Ben", 74, 500))
    assert game.rounds[-1].rebuy_offers == offers
    assert [game.rebuy_offer(p) for p in FOUR] == [*offers, None, None]

    # when both re-buy in the break
    game = replay(WIENER, FOUR, SEED_000, [RebuyEntry("Anna", 2), RebuyEntry("Ben", 2)])

    # then both stand at 74, paid 5.00 each into the pot, and cannot re-buy again
    assert totals(game) == {"Anna": 74, "Ben": 74, "Cem": 74, "Dora": 56}
    assert game.transfers[-2:] == (pay("Anna", "pot", 500, "rebuy", 2),
                                   pay("Ben", "pot", 500, "rebuy", 2))
    assert game.pot == 4 * 500 + 2 * 500
    assert [(s.rebought, s.rebuy) for s in game.standings[:2]] == [(True, None), (True, None)]
    assert refusals(game, ["Anna"]) == {
        "Anna": "Anna has already re-bought; a re-buy is allowed once per game"}


def test_seed_001_c_may_go_to_45():
    game = replay(ROMME, FOUR, SEED_001)

    assert totals(game) == {"Anna": 15, "Ben": 45, "Cem": 83, "Dora": 36}
    assert game.rounds[-1].rebuy_offers == (RebuyOffer("Cem", 45, 500),)


def test_a_rebuy_is_the_action_of_the_question():
    game = replay(ROMME, FOUR, SEED_001)

    assert rebuy(game, "Cem") == RebuyEntry("Cem", 3)
    assert check_rebuy(game, "Cem", after_round=3) == RebuyOffer("Cem", 45, 500)
    with pytest.raises(RebuyNotAllowed) as caught:
        rebuy(game, "Ben")
    assert (caught.value.message, caught.value.field, caught.value.code) == (
        "Ben has 45 points; a re-buy is open from 81 to 100 points", "player",
        "rebuy_not_allowed")


def test_the_rebuy_cost_may_differ_from_the_buy_in():
    rules = Rules.preset("romme", rebuy_cost="3.50")

    game = replay(rules, FOUR, SEED_001, [RebuyEntry("Cem", 3)])

    assert game.transfers[-1] == pay("Cem", "pot", 350, "rebuy", 3)


def test_a_player_may_wait_and_rebuy_after_a_later_round_to_the_new_target():
    # given Cem at 83 after round 3 (target 45) who waits
    later = [*SEED_001, knock("Anna", Anna=0, Ben=10, Cem=2, Dora=3)]

    # when he re-buys after round 4, where Ben has reached 55
    game = replay(ROMME, FOUR, later, [RebuyEntry("Cem", 4)])

    # then he goes to the target of that break
    assert game.rounds[-1].rebuy_offers == (RebuyOffer("Cem", 55, 500),)
    assert totals(game)["Cem"] == 55


def test_the_next_round_closes_the_breaks_offers():
    # given a re-buy open after round 3, and round 4 entered
    later = [*SEED_001, knock("Anna", Anna=0, Ben=10, Cem=2, Dora=3)]
    game = replay(ROMME, FOUR, later)

    # when Cem asks for the re-buy he saw after round 3
    reason = game.can_rebuy("Cem", after_round=3)

    # then that break is closed, though a re-buy is open in the new one
    assert (reason.reason, reason.params, reason.message) == (
        "rebuy_break_closed", {"round": 3, "next_round": 4},
        "The re-buys after round 3 closed when round 4 was entered")
    assert game.can_rebuy("Cem") is None
    with pytest.raises(RebuyNotAllowed, match="closed when round 4"):
        rebuy(game, "Cem", after_round=3)
    assert game.can_rebuy("Cem", after_round=9).message == "Round 9 has not been played yet"


@pytest.mark.parametrize(
    ("rules", "players", "rounds", "rebuys", "message", "reason"),
    [
        pytest.param(
            ROMME, FOUR, [knock("Anna", Anna=0, Ben=80, Cem=10, Dora=10)], [RebuyEntry("Ben", 1)],
            "Ben has 80 points; a re-buy is open from 81 to 100 points", "rebuy_window",
            id="below-window"),
        pytest.param(
            ROMME, FOUR, [knock("Anna", Anna=0, Ben=101, Cem=10, Dora=10)],
            [RebuyEntry("Ben", 1)], "Ben is out", "rebuy_player_out", id="out"),
        pytest.param(
            ROMME, FOUR, [*SEED_001, knock("Anna", Anna=0, Ben=10, Cem=2, Dora=3),
                          knock("Anna", Anna=0, Ben=10, Cem=40, Dora=3)],
            [RebuyEntry("Cem", 3), RebuyEntry("Cem", 5)],
            "Cem has already re-bought; a re-buy is allowed once per game", "rebuy_already_taken",
            id="second"),
        pytest.param(
            ROMME, THREE, [knock("Anna", Anna=5, Ben=81, Cem=85),
                           knock("Ben", Anna=80, Ben=5, Cem=0)], [RebuyEntry("Cem", 2)],
            "No other player still in has fewer than 81 points, so there is no total to "
            "re-buy to", "rebuy_no_target", id="no-target"),
        pytest.param(
            WIENER, THREE, [knock("Anna", Anna=0, Ben=90, Cem=101)], [RebuyEntry("Ben", 1)],
            "No re-buy with fewer than 3 players still in", "rebuy_too_few_players",
            id="too-few-in"),
        pytest.param(
            ROMME, ["Anna", "Ben"], [knock("Anna", Anna=0, Ben=101)], [RebuyEntry("Anna", 1)],
            "The game is over", "rebuy_game_over", id="game-finished"),
        pytest.param(
            ROMME, FOUR, [], [RebuyEntry("Ben", 0)],
            "A re-buy is taken after a round; no round has been played yet",
            "rebuy_before_first_round", id="no-round"),
        pytest.param(
            Rules.preset("romme", rebuy=False), FOUR, SEED_001, [RebuyEntry("Cem", 3)],
            "Re-buys are off in this game", "rebuy_off", id="rebuy-off"),
        pytest.param(
            ROMME, FOUR, SEED_001, [RebuyEntry("Zoe", 3)], "Zoe is not a player in this game",
            "not_a_player", id="unknown"),
    ],
)
def test_a_rebuy_outside_the_rules_is_refused_with_the_reason(rules, players, rounds, rebuys,
                                                               message, reason):
    with pytest.raises(RebuyNotAllowed) as caught:
        replay(rules, players, rounds, rebuys)

    assert (caught.value.message, caught.value.field) == (
        message, f"rebuys[{len(rebuys) - 1}].player")
    assert (caught.value.code, caught.value.reason) == ("rebuy_not_allowed", reason)


def test_a_rebuy_after_a_round_not_yet_played_is_refused():
    with pytest.raises(RebuyNotAllowed) as caught:
        replay(ROMME, FOUR, SEED_001, [RebuyEntry("Cem", 4)])

    assert (caught.value.message, caught.value.field) == (
        "Round 4 has not been played yet", "rebuys[0].after_round")


def test_can_rebuy_gives_the_same_reasons_on_a_game():
    game = replay(ROMME, FOUR, SEED_001)

    assert refusals(game, FOUR) == {
        "Anna": "Anna has 15 points; a re-buy is open from 81 to 100 points",
        "Ben": "Ben has 45 points; a re-buy is open from 81 to 100 points",
        "Cem": None,
        "Dora": "Dora has 36 points; a re-buy is open from 81 to 100 points",
    }
    assert refusals(game, ["Zoe"]) == {"Zoe": "Zoe is not a player in this game"}


def test_can_rebuy_answers_with_the_error_the_action_raises():
    # given Ben at 45 after round 3 of seed 001
    game = replay(ROMME, FOUR, SEED_001)

    # when the question is asked, and the action taken
    refusal = game.can_rebuy("Ben")
    with pytest.raises(RebuyNotAllowed) as caught:
        check_rebuy(game, "Ben")

    # then both carry the same code, reason, params and field
    expected = ("rebuy_not_allowed", "rebuy_window",
                {"name": "Ben", "total": 45, "rebuy_from": 81, "last": 100}, "player",
                "Ben has 45 points; a re-buy is open from 81 to 100 points")
    for error in (refusal, caught.value):
        assert (error.code, error.reason, error.params, error.field, error.message) == expected
    assert can_rebuy(game, "Ben").message == refusal.message


def test_take_rebuy_gives_the_game_a_replay_with_the_rebuy_gives():
    # given Cem offered a re-buy to 45 after round 3
    game = replay(ROMME, FOUR, SEED_001)

    # when he takes it on the game
    after = take_rebuy(game, "Cem")

    # then the game is the one the facts with his re-buy replay to; the first is unchanged
    assert after == replay(ROMME, FOUR, SEED_001, [RebuyEntry("Cem", 3)])
    assert after.transfers[len(game.transfers):] == (pay("Cem", "pot", 500, "rebuy", 3),)
    assert game == replay(ROMME, FOUR, SEED_001)


def test_take_rebuy_refuses_with_the_reason_can_rebuy_gives():
    game = replay(ROMME, FOUR, SEED_001)

    with pytest.raises(RebuyNotAllowed) as caught:
        take_rebuy(game, "Ben")
    with pytest.raises(RebuyNotAllowed) as stale:
        take_rebuy(game, "Cem", after_round=2)

    assert (caught.value.message, caught.value.field) == (game.can_rebuy("Ben").message,
                                                          "player")
    assert stale.value.reason == "rebuy_break_closed"


@pytest.mark.parametrize(
    ("rules", "rule"),
    [
        (WIENER, Message("rebuy_rule", {"rebuy_from": 81, "last": 100, "eliminate_at": 101,
                                        "min_players": 3, "cost": "5.00"})),
        (Rules.preset("romme", rebuy_from=61, rebuy_cost="2.50"),
         Message("rebuy_rule", {"rebuy_from": 61, "last": 100, "eliminate_at": 101,
                                "min_players": 2, "cost": "2.50"})),
        (Rules.preset("romme", rebuy=False), Message("rebuy_off")),
        (Rules.preset("romme", mode="points"), Message("rebuy_points_game")),
    ],
)
def test_rebuy_rule_words_the_window_the_players_needed_and_the_cost(rules, rule):
    assert rebuy_rule(rules) == rule


def test_the_rebuy_rule_of_wiener_reads_as_at_the_table():
    assert rebuy_rule(WIENER).message == (
        "Re-buy: once per game, from 81 to 100 points, with at least 3 players still in: pay "
        "5.00 into the pot and go down to the highest total below 81 among the others")
