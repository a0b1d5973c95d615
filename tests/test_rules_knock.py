"""Knock family (RULES.md 3): rounds, variants, elimination, re-buy, end and payout.

Pure tests: facts in, a replayed game out. Players are named by text so the
messages read as at the table.
"""


import pytest

from scorekeeper.rules import (
    CardError,
    FalseKnock,
    GameOver,
    InvalidRound,
    InvalidRules,
    RebuyNotAllowed,
    Rules,
    TooManyCopies,
)
from scorekeeper.rules.knock import (
    Game,
    HandEntry,
    PlayerResult,
    RebuyEntry,
    RebuyOffer,
    RoundEntry,
    RoundResult,
    Standing,
    Transfer,
    check_rebuy,
    is_out,
    largest_deadwood,
    meld_shape,
    placings,
    pot_shares,
    rebuy,
    replay,
)

WIENER = Rules.preset("wiener")
ROMME = Rules.preset("romme")
THREE = ["Anna", "Ben", "Cem"]
FOUR = ["Anna", "Ben", "Cem", "Dora"]
FIVE = ["Anna", "Ben", "Cem", "Dora", "Emil"]


def knock(ender, **deadwood):
    """A round entered with typed deadwood, in the order the keywords are given."""
    return RoundEntry(ender, tuple(HandEntry(p, deadwood=d) for p, d in deadwood.items()))


def cards(ender, ender_melds=None, **hands):
    """A round entered with cards: each keyword is a player's hand as text."""
    return RoundEntry(
        ender, tuple(HandEntry(p, cards=tuple(h.split())) for p, h in hands.items()), ender_melds
    )


def pay(source, target, amount, kind, round_):
    account = {"pot", "kitty", "carry"}
    return Transfer(
        source if source in account else f"player:{source}",
        target if target in account else f"player:{target}",
        amount, kind, round_,
    )


def arranged(result: PlayerResult) -> PlayerResult:
    """A result with its melds and unmatched cards in a fixed order (the solver's may vary)."""
    return PlayerResult(
        result.player, result.deadwood, result.points, result.total,
        tuple(sorted(tuple(sorted(meld)) for meld in result.melds)),
        tuple(sorted(result.unmatched)), result.laid_off,
    )


def totals(game: Game) -> dict:
    return {s.player: s.total for s in game.standings}


def states(game: Game) -> dict:
    return {s.player: s.state for s in game.standings}


def places(game: Game) -> dict:
    return {s.player: s.place for s in game.standings}


def nets(game: Game) -> dict:
    return {s.player: s.balance for s in game.standings}


# --- 3.1 a round ----------------------------------------------------------------------


def test_a_knock_writes_everyones_deadwood_and_the_ender_takes_the_knock_premium():
    # given a Wiener game of three
    # when Anna knocks with 3 against 40 and 22
    game = replay(WIENER, THREE, [knock("Anna", Anna=3, Ben=40, Cem=22)])

    # then everybody writes their deadwood, the knocker too, and pays Anna 1.00
    assert game.rounds == (
        RoundResult(
            number=1, ender="Anna", dealer="Anna", winner="Anna", rummy=False, undercut=False,
            decider=False,
            results=(
                PlayerResult("Anna", 3, 3, 3, (), ()),
                PlayerResult("Ben", 40, 40, 40, (), ()),
                PlayerResult("Cem", 22, 22, 22, (), ()),
            ),
            out=(), rebuy_offers=(),
            transfers=(
                pay("Ben", "Anna", 100, "knock_premium", 1),
                pay("Cem", "Anna", 100, "knock_premium", 1),
            ),
        ),
    )
    assert game.transfers[:3] == tuple(pay(p, "pot", 500, "buy_in", None) for p in THREE)
    assert (game.status, game.round_count, game.next_round, game.next_dealer) == (
        "running", 1, 2, "Ben")
    assert game.next_participants == ("Anna", "Ben", "Cem")
    assert (game.pot, game.kitty) == (1500, 0)
    assert game.balances == {
        "player:Anna": -300, "player:Ben": -600, "player:Cem": -600,
        "pot": 1500, "kitty": 0, "carry": 0,
    }


def test_the_hands_may_come_in_any_order_and_results_follow_the_seats():
    game = replay(WIENER, THREE, [knock("Cem", Ben=40, Cem=0, Anna=9)])

    assert [r.player for r in game.rounds[0].results] == THREE


def test_wiener_rummy_adds_ten_points_to_the_others_and_pays_the_rummy_premium():
    # given Wiener: rummy_bonus_points 10, rummy premium 2.00
    # when Ben goes Rummy
    game = replay(WIENER, THREE, [knock("Ben", Anna=12, Ben=0, Cem=30)])

    # then the others write 10 more and pay Ben 2.00 each
    result = game.rounds[0]
    assert (result.winner, result.rummy) == ("Ben", True)
    assert [(r.deadwood, r.points) for r in result.results] == [(12, 22), (0, 0), (30, 40)]
    assert result.transfers == (
        pay("Anna", "Ben", 200, "rummy_premium", 1),
        pay("Cem", "Ben", 200, "rummy_premium", 1),
    )


def test_romme_rummy_has_no_bonus_points_and_pays_the_knock_premium():
    game = replay(ROMME, THREE, [knock("Ben", Anna=12, Ben=0, Cem=30)])

    result = game.rounds[0]
    assert [r.points for r in result.results] == [12, 0, 30]
    assert result.transfers == (
        pay("Anna", "Ben", 100, "rummy_premium", 1),
        pay("Cem", "Ben", 100, "rummy_premium", 1),
    )


def test_a_false_knock_is_refused_naming_the_deadwood_and_the_limit():
    # given a running game
    rounds = [knock("Anna", Anna=3, Ben=40, Cem=22), knock("Ben", Anna=10, Ben=6, Cem=7)]

    # when Ben knocks with 6 in the second round
    with pytest.raises(FalseKnock) as caught:
        replay(WIENER, THREE, rounds)

    # then the round is refused, pointing at Ben's deadwood
    assert caught.value.message == "False knock: Ben has 6 deadwood, but the knock limit is 5"
    assert (caught.value.field, caught.value.code) == ("rounds[1].hands[1].deadwood",
                                                       "false_knock")


def test_the_knock_at_10_variant_allows_10_and_refuses_11():
    rules = Rules.preset("wiener", knock_limit=10)

    game = replay(rules, THREE, [knock("Anna", Anna=10, Ben=40, Cem=22)])
    with pytest.raises(FalseKnock, match="11 deadwood, but the knock limit is 10"):
        replay(rules, THREE, [knock("Anna", Anna=11, Ben=40, Cem=22)])

    assert totals(game) == {"Anna": 10, "Ben": 40, "Cem": 22}


# --- undercut -------------------------------------------------------------------------

UNDERCUT = Rules.preset("wiener", undercut=True)


def test_undercut_the_least_deadwood_wins_the_round_and_the_premiums():
    game = replay(UNDERCUT, FOUR, [knock("Anna", Anna=5, Ben=2, Cem=30, Dora=4)])

    result = game.rounds[0]
    assert (result.winner, result.undercut, result.rummy) == ("Ben", True, False)
    assert [r.points for r in result.results] == [5, 2, 30, 4]
    assert result.transfers == (
        pay("Anna", "Ben", 100, "knock_premium", 1),
        pay("Cem", "Ben", 100, "knock_premium", 1),
        pay("Dora", "Ben", 100, "knock_premium", 1),
    )


def test_undercut_a_tie_with_the_ender_goes_to_the_ender():
    game = replay(UNDERCUT, FOUR, [knock("Anna", Anna=4, Ben=4, Cem=30, Dora=9)])

    assert (game.rounds[0].winner, game.rounds[0].undercut) == ("Anna", False)


def test_undercut_two_tied_below_the_ender_make_the_others_pay_into_the_pot():
    # when Ben and Dora tie at 2 below Anna's 5
    game = replay(UNDERCUT, FOUR, [knock("Anna", Anna=5, Ben=2, Cem=30, Dora=2)])

    # then nobody wins the round; Anna and Cem pay a knock premium into the pot
    result = game.rounds[0]
    assert (result.winner, result.undercut) == (None, True)
    assert result.transfers == (
        pay("Anna", "pot", 100, "undercut_tie", 1),
        pay("Cem", "pot", 100, "undercut_tie", 1),
    )
    assert totals(game) == {"Anna": 5, "Ben": 2, "Cem": 30, "Dora": 2}
    assert game.pot == 4 * 500 + 200


# --- 3.3 elimination ------------------------------------------------------------------


def test_a_total_reaching_101_is_out_and_100_stays_in():
    game = replay(ROMME, THREE, [knock("Anna", Anna=0, Ben=100, Cem=101)])

    assert states(game) == {"Anna": "in", "Ben": "in", "Cem": "out"}
    assert game.rounds[0].out == ("Cem",)
    assert game.standing("Cem") == Standing("Cem", 2, 101, "out", False, None, -600, 3, 1)
    assert game.next_participants == ("Anna", "Ben")
    assert (is_out(100, ROMME), is_out(101, ROMME)) == (False, True)


# --- 3.3 re-buy -----------------------------------------------------------------------

SEED_000 = [
    knock("Dora", Anna=45, Ben=40, Cem=70, Dora=5),
    knock("Cem", Anna=44, Ben=44, Cem=4, Dora=51),
]  # A 89, B 84, C 74, D 56
SEED_001 = [
    knock("Anna", Anna=5, Ben=20, Cem=40, Dora=16),
    knock("Anna", Anna=5, Ben=20, Cem=40, Dora=15),
    knock("Anna", Anna=5, Ben=5, Cem=3, Dora=5),
]  # A 15, B 45, C 83, D 36


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
    assert game.can_rebuy("Anna") == (
        "Anna has already re-bought; a re-buy is allowed once per game")


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
    assert reason == "The re-buys after round 3 closed when round 4 was entered"
    assert game.can_rebuy("Cem") is None
    with pytest.raises(RebuyNotAllowed, match="closed when round 4"):
        rebuy(game, "Cem", after_round=3)
    assert game.can_rebuy("Cem", after_round=9) == "Round 9 has not been played yet"


@pytest.mark.parametrize(
    ("rules", "players", "rounds", "rebuys", "reason"),
    [
        pytest.param(
            ROMME, FOUR, [knock("Anna", Anna=0, Ben=80, Cem=10, Dora=10)], [RebuyEntry("Ben", 1)],
            "Ben has 80 points; a re-buy is open from 81 to 100 points", id="below-window"),
        pytest.param(
            ROMME, FOUR, [knock("Anna", Anna=0, Ben=101, Cem=10, Dora=10)],
            [RebuyEntry("Ben", 1)], "Ben is out", id="out"),
        pytest.param(
            ROMME, FOUR, [*SEED_001, knock("Anna", Anna=0, Ben=10, Cem=2, Dora=3),
                          knock("Anna", Anna=0, Ben=10, Cem=40, Dora=3)],
            [RebuyEntry("Cem", 3), RebuyEntry("Cem", 5)],
            "Cem has already re-bought; a re-buy is allowed once per game", id="second"),
        pytest.param(
            ROMME, THREE, [knock("Anna", Anna=5, Ben=81, Cem=85),
                           knock("Ben", Anna=80, Ben=5, Cem=0)], [RebuyEntry("Cem", 2)],
            "No other player still in has fewer than 81 points, so there is no total to "
            "re-buy to", id="no-target"),
        pytest.param(
            WIENER, THREE, [knock("Anna", Anna=0, Ben=90, Cem=101)], [RebuyEntry("Ben", 1)],
            "No re-buy with fewer than 3 players still in", id="too-few-in"),
        pytest.param(
            ROMME, ["Anna", "Ben"], [knock("Anna", Anna=0, Ben=101)], [RebuyEntry("Anna", 1)],
            "The game is over", id="game-finished"),
        pytest.param(
            ROMME, FOUR, [], [RebuyEntry("Ben", 0)],
            "A re-buy is taken after a round; no round has been played yet", id="no-round"),
        pytest.param(
            Rules.preset("romme", rebuy=False), FOUR, SEED_001, [RebuyEntry("Cem", 3)],
            "Re-buys are off in this game", id="rebuy-off"),
        pytest.param(
            ROMME, FOUR, SEED_001, [RebuyEntry("Zoe", 3)], "Zoe is not a player in this game",
            id="unknown"),
    ],
)
def test_a_rebuy_outside_the_rules_is_refused_with_the_reason(rules, players, rounds, rebuys,
                                                               reason):
    with pytest.raises(RebuyNotAllowed) as caught:
        replay(rules, players, rounds, rebuys)

    assert (caught.value.message, caught.value.field) == (
        reason, f"rebuys[{len(rebuys) - 1}].player")


def test_a_rebuy_after_a_round_not_yet_played_is_refused():
    with pytest.raises(RebuyNotAllowed) as caught:
        replay(ROMME, FOUR, SEED_001, [RebuyEntry("Cem", 4)])

    assert (caught.value.message, caught.value.field) == (
        "Round 4 has not been played yet", "rebuys[0].after_round")


def test_can_rebuy_gives_the_same_reasons_on_a_game():
    game = replay(ROMME, FOUR, SEED_001)

    assert {p: game.can_rebuy(p) for p in FOUR} == {
        "Anna": "Anna has 15 points; a re-buy is open from 81 to 100 points",
        "Ben": "Ben has 45 points; a re-buy is open from 81 to 100 points",
        "Cem": None,
        "Dora": "Dora has 36 points; a re-buy is open from 81 to 100 points",
    }
    assert game.can_rebuy("Zoe") == "Zoe is not a player in this game"


# --- 3.3 end, decider, placings, 3.4 payout -------------------------------------------


def test_the_last_player_in_wins_and_takes_the_pot_below_five_players():
    # given four players, pot 20.00
    rounds = [
        knock("Anna", Anna=2, Ben=101, Cem=50, Dora=50),
        knock("Anna", Anna=2, Cem=60, Dora=51),
    ]

    # when Cem and Dora go out together, Dora with the lower total
    game = replay(WIENER, FOUR, rounds)

    # then Anna wins everything; Dora is 2nd, Cem 3rd, Ben (out first) 4th
    assert (game.status, game.winner, game.next_dealer, game.next_participants) == (
        "finished", "Anna", None, ())
    assert places(game) == {"Anna": 1, "Ben": 4, "Cem": 3, "Dora": 2}
    assert game.payouts == (("Anna", 2000),)
    assert game.transfers[-1] == pay("pot", "Anna", 2000, "payout", None)
    assert (game.pot, game.kitty) == (0, 0)
    assert nets(game) == {"Anna": 2000 - 500 + 500, "Ben": -600, "Cem": -700, "Dora": -700}
    assert sum(nets(game).values()) == 0


def test_a_round_on_a_finished_game_is_refused():
    rounds = [knock("Anna", Anna=0, Ben=101), knock("Anna", Anna=0, Ben=5)]

    with pytest.raises(GameOver) as caught:
        replay(ROMME, ["Anna", "Ben"], rounds)

    assert (caught.value.message, caught.value.field, caught.value.code) == (
        "The game is over (Anna won it); no more rounds can be entered", "rounds[1]",
        "game_finished")


def test_all_going_over_together_play_a_decider_that_decides_the_game():
    # given three players who all go over in round 2
    rounds = [
        knock("Anna", Anna=5, Ben=97, Cem=70),
        knock("Ben", Anna=100, Ben=4, Cem=40),
    ]
    game = replay(WIENER, THREE, rounds)
    assert (game.status, game.next_participants, game.next_dealer) == (
        "decider", ("Anna", "Ben", "Cem"), "Cem")
    assert game.rounds[-1].out == ()
    assert states(game) == {"Anna": "in", "Ben": "in", "Cem": "in"}

    # when they play the decider, an ordinary round
    game = replay(WIENER, THREE, [*rounds, knock("Cem", Anna=20, Ben=5, Cem=3)])

    # then its winner wins; the others go out in it, ranked by their totals after it
    decider = game.rounds[-1]
    assert (decider.decider, decider.winner, decider.out) == (True, "Cem", ("Anna", "Ben"))
    assert totals(game) == {"Anna": 125, "Ben": 106, "Cem": 113}
    assert (game.status, game.winner) == ("finished", "Cem")
    assert places(game) == {"Anna": 3, "Ben": 2, "Cem": 1}
    assert decider.transfers == (pay("Anna", "Cem", 100, "knock_premium", 3),
                                 pay("Ben", "Cem", 100, "knock_premium", 3))


def test_an_undercut_tie_in_the_decider_repeats_it():
    rules = Rules.preset("wiener", undercut=True)
    rounds = [knock("Anna", Anna=5, Ben=97, Cem=70), knock("Ben", Anna=100, Ben=4, Cem=40)]

    game = replay(rules, THREE, [*rounds, knock("Cem", Anna=2, Ben=2, Cem=5)])

    assert (game.rounds[-1].winner, game.status, game.next_participants) == (
        None, "decider", ("Anna", "Ben", "Cem"))


def test_tied_second_places_pool_their_shares_odd_cent_to_the_earlier_seat():
    # given five players at 5.01 each: pot 25.05, split 70/30
    rules = Rules.preset("wiener", buy_in="5.01")
    rounds = [
        knock("Anna", Anna=5, Ben=60, Cem=60, Dora=50, Emil=50),
        knock("Anna", Anna=5, Ben=45, Cem=45, Dora=10, Emil=10),
        knock("Anna", Anna=5, Dora=45, Emil=45),
    ]

    # when Dora and Emil go out together at 105 each
    game = replay(rules, FIVE, rounds)

    # then they share 2nd: the 30% (7.51) pooled with 3rd's 0%, the odd cent to Dora
    assert places(game) == {"Anna": 1, "Ben": 4, "Cem": 4, "Dora": 2, "Emil": 2}
    assert game.payouts == (("Anna", 1754), ("Dora", 376), ("Emil", 375))


def test_five_players_split_an_odd_number_of_cents_70_30():
    rules = Rules.preset("wiener", buy_in="5.01")
    rounds = [
        knock("Anna", Anna=5, Ben=101, Cem=20, Dora=20, Emil=20),
        knock("Anna", Anna=5, Cem=90, Dora=10, Emil=10),
        knock("Anna", Anna=5, Dora=90, Emil=10),
        knock("Anna", Anna=5, Emil=70),
    ]

    game = replay(rules, FIVE, rounds)

    assert (game.winner, places(game)) == (
        "Anna", {"Anna": 1, "Ben": 5, "Cem": 4, "Dora": 3, "Emil": 2})
    # 2505 * 70% = 1753.5 and 30% = 751.5: the tied remainder goes to the better place
    assert game.payouts == (("Anna", 1754), ("Emil", 751))
    assert sum(amount for _, amount in game.payouts) == 2505


def test_placings_rank_later_out_first_then_lower_total_and_share_exact_ties():
    seats = ["A", "B", "C", "D", "E"]
    out_round = {"A": None, "B": 3, "C": 3, "D": 2, "E": 3}
    total = {"A": 40, "B": 110, "C": 104, "D": 120, "E": 110}

    assert placings(seats, "A", out_round, total) == {"A": 1, "C": 2, "B": 3, "E": 3, "D": 5}


def test_pot_shares_pool_a_three_way_tie_for_second():
    shares = pot_shares(1001, (50, 30, 20), {"A": 1, "B": 2, "C": 2, "D": 2},
                        ["D", "C", "B", "A"])

    # 50% 500.5 -> 501 (tie to the better place); 30% + 20% = 500 over three seats
    assert shares == [("A", 501), ("D", 167), ("C", 167), ("B", 166)]


# --- dealer ---------------------------------------------------------------------------


def test_the_deal_rotates_to_the_next_seat_still_playing():
    # given Ben goes out in round 1
    rounds = [
        knock("Anna", Anna=0, Ben=101, Cem=10, Dora=10),
        knock("Anna", Anna=0, Cem=10, Dora=10),
        knock("Anna", Anna=0, Cem=10, Dora=10),
        knock("Anna", Anna=0, Cem=10, Dora=10),
    ]

    game = replay(ROMME, FOUR, rounds)

    # then the deal skips him
    assert [r.dealer for r in game.rounds] == ["Anna", "Cem", "Dora", "Anna"]
    assert game.next_dealer == "Cem"


def test_winner_deals_gives_the_next_deal_to_the_round_winner():
    rules = Rules.preset("romme", dealer_rule="winner_deals", undercut=True)
    rounds = [
        knock("Cem", Anna=10, Ben=10, Cem=0),
        knock("Ben", Anna=10, Ben=0, Cem=10),
        knock("Anna", Anna=5, Ben=3, Cem=3),  # undercut tie: no winner, the deal rotates
    ]

    game = replay(rules, THREE, rounds)

    assert [r.dealer for r in game.rounds] == ["Anna", "Cem", "Ben"]
    assert game.next_dealer == "Cem"


# --- 3.2 Rummykasse -------------------------------------------------------------------


def test_rummykasse_every_player_in_pays_before_each_round_and_rummy_takes_it_all():
    # given Wiener with the Rummykasse, which drops the 10 bonus points
    rules = Rules.preset("wiener", rummy_kitty=True)
    assert rules.rummy_bonus_points == 0
    rounds = [
        knock("Anna", Anna=3, Ben=40, Cem=22),
        knock("Ben", Anna=12, Ben=0, Cem=30),
        knock("Cem", Anna=20, Ben=30, Cem=1),
    ]

    game = replay(rules, THREE, rounds)

    # then Ben's Rummy takes both rounds' contributions at once
    assert game.rounds[1].transfers == (
        pay("Anna", "kitty", 100, "kitty_in", 2),
        pay("Ben", "kitty", 100, "kitty_in", 2),
        pay("Cem", "kitty", 100, "kitty_in", 2),
        pay("Anna", "Ben", 200, "rummy_premium", 2),
        pay("Cem", "Ben", 200, "rummy_premium", 2),
        pay("kitty", "Ben", 600, "kitty_win", 2),
    )
    assert [r.points for r in game.rounds[1].results] == [12, 0, 30]
    assert game.kitty == 300


def test_rummykasse_what_is_left_goes_to_the_overall_winner_even_when_the_pot_is_split():
    rules = Rules.preset("wiener", rummy_kitty=True)
    rounds = [
        knock("Anna", Anna=3, Ben=101, Cem=50, Dora=50, Emil=50),
        knock("Anna", Anna=3, Cem=51, Dora=60, Emil=60),
    ]

    game = replay(rules, FIVE, rounds)

    # kitty: 5 before round 1, 4 before round 2; the pot splits 70/30
    assert game.transfers[-3:] == (
        pay("pot", "Anna", 1750, "payout", None),
        pay("pot", "Cem", 750, "payout", None),
        pay("kitty", "Anna", 900, "kitty_final", None),
    )
    assert (game.pot, game.kitty, sum(nets(game).values())) == (0, 0, 0)


# --- 3.5 Die Toten spielen weiter -------------------------------------------------------

DEAD = Rules.preset("romme", dead_play_on=True)


def test_the_dead_keep_playing_paying_and_receiving_premiums_but_write_no_points():
    rounds = [
        knock("Anna", Anna=5, Ben=101, Cem=20, Dora=20),
        knock("Ben", Anna=10, Ben=2, Cem=30, Dora=30),
    ]

    game = replay(DEAD, FOUR, rounds)

    assert states(game) == {"Anna": "in", "Ben": "dead", "Cem": "in", "Dora": "in"}
    assert game.next_participants == ("Anna", "Ben", "Cem", "Dora")
    assert [(r.deadwood, r.points, r.total) for r in game.rounds[1].results] == [
        (10, 10, 15), (2, 0, 101), (30, 30, 50), (30, 30, 50)]
    assert game.rounds[1].transfers == tuple(
        pay(p, "Ben", 100, "knock_premium", 2) for p in ("Anna", "Cem", "Dora"))
    assert [r.dealer for r in game.rounds] == ["Anna", "Ben"]


def test_the_living_winner_takes_the_whole_pot_even_with_five_players():
    rounds = [
        knock("Anna", Anna=5, Ben=101, Cem=20, Dora=20, Emil=20),
        knock("Anna", Anna=5, Ben=9, Cem=90, Dora=90, Emil=90),
    ]

    game = replay(DEAD, FIVE, rounds)

    assert (game.status, game.winner, game.payouts) == ("finished", "Anna", (("Anna", 2500),))
    assert places(game) == {"Anna": 1, "Ben": 5, "Cem": 2, "Dora": 2, "Emil": 2}


def test_a_dead_players_knock_that_leaves_no_one_living_carries_the_pot_over():
    # given Ben dead after round 1, Rummykasse on
    rules = Rules.preset("romme", dead_play_on=True, rummy_kitty=True)
    rounds = [
        knock("Anna", Anna=5, Ben=101, Cem=20),
        knock("Ben", Anna=96, Ben=3, Cem=81),
    ]

    # when Ben's knock puts Anna and Cem out
    game = replay(rules, THREE, rounds)

    # then the pot and the kitty stay: they go to the table session's carried pot
    assert (game.status, game.winner, game.next_dealer) == ("carried_over", None, None)
    assert states(game) == {"Anna": "dead", "Ben": "dead", "Cem": "dead"}
    # the dead do not pay into the kitty (round 2: Anna and Cem only)
    assert game.rounds[1].transfers[:2] == (pay("Anna", "kitty", 100, "kitty_in", 2),
                                           pay("Cem", "kitty", 100, "kitty_in", 2))
    assert game.transfers[-2:] == (pay("pot", "carry", 1500, "carry_over", None),
                                   pay("kitty", "carry", 500, "carry_over", None))
    assert (game.pot, game.kitty, game.carried_out) == (0, 0, 2000)
    assert game.balances["carry"] == 2000
    assert game.payouts == ()

    # and the next game of the session starts with it on top of the buy-ins
    following = replay(rules, THREE, carried_in=2000)
    assert following.transfers == (
        *(pay(p, "pot", 500, "buy_in", None) for p in THREE),
        pay("carry", "pot", 2000, "carry_over", None),
    )
    assert (following.pot, following.balances["carry"]) == (3500, -2000)


def test_a_dead_rummy_neither_takes_the_kitty_nor_gets_bonus_points_written():
    rules = Rules.preset("wiener", dead_play_on=True, rummy_kitty=True, rummy_bonus_points=10)
    rounds = [
        knock("Anna", Anna=5, Ben=101, Cem=20, Dora=20),
        knock("Ben", Anna=10, Ben=0, Cem=20, Dora=20),
    ]

    game = replay(rules, FOUR, rounds)

    result = game.rounds[1]
    assert [r.points for r in result.results] == [20, 0, 30, 30]
    assert [t.kind for t in result.transfers] == ["kitty_in"] * 3 + ["rummy_premium"] * 3
    assert game.kitty == 700


def test_a_living_ender_putting_all_the_living_out_leads_to_a_decider_among_them():
    rounds = [
        knock("Anna", Anna=5, Ben=101, Cem=96),
        knock("Cem", Anna=96, Ben=30, Cem=5),
    ]

    game = replay(DEAD, THREE, rounds)

    assert (game.status, game.next_participants) == ("decider", ("Anna", "Cem"))
    game = replay(DEAD, THREE, [*rounds, knock("Anna", Anna=0, Cem=7)])
    assert (game.status, game.winner, game.payouts) == ("finished", "Anna", (("Anna", 1500),))


PLAYS_ON = Rules.preset("romme", dead_play_on=True, dead_last_living="plays_on")


def test_plays_on_the_last_living_plays_against_the_dead_until_he_wins_a_round():
    # given Ben and Cem dead; Anna the last living
    rounds = [
        knock("Anna", Anna=5, Ben=101, Cem=101),
        knock("Ben", Anna=30, Ben=2, Cem=10),
    ]
    game = replay(PLAYS_ON, THREE, rounds)
    assert (game.status, game.next_participants) == ("running", ("Anna", "Ben", "Cem"))

    # when Anna wins a round
    game = replay(PLAYS_ON, THREE, [*rounds, knock("Anna", Anna=4, Ben=20, Cem=20)])

    # then she takes the pot
    assert (game.status, game.winner, game.payouts) == ("finished", "Anna", (("Anna", 1500),))


def test_plays_on_a_dead_players_knock_putting_the_last_living_out_carries_the_pot():
    rounds = [knock("Anna", Anna=5, Ben=101, Cem=101), knock("Ben", Anna=96, Ben=2, Cem=10)]

    game = replay(PLAYS_ON, THREE, rounds)

    assert (game.status, game.carried_out) == ("carried_over", 1500)


def test_plays_on_winning_the_round_that_leaves_one_living_does_not_end_the_game():
    game = replay(PLAYS_ON, THREE, [knock("Anna", Anna=5, Ben=101, Cem=30)])
    assert game.status == "running"
    game = replay(PLAYS_ON, THREE, [knock("Anna", Anna=5, Ben=101, Cem=101)])
    assert game.status == "running"


# --- 3.6 Punktespiel -----------------------------------------------------------------

POINTS = Rules.preset("romme", mode="points")


def test_punktespiel_the_ender_is_paid_each_players_deadwood_at_once():
    # given a Punktespiel at 0.10 a point: no buy-in, no pot
    # when Anna knocks with 0 against 23 and 140 (no elimination)
    game = replay(POINTS, THREE, [knock("Anna", Anna=0, Ben=23, Cem=120),
                                  knock("Ben", Anna=4, Ben=0, Cem=1)])

    # then she receives 2.30 and 12.00, with no premium and no bonus on top
    assert game.transfers == (
        pay("Ben", "Anna", 230, "point_settlement", 1),
        pay("Cem", "Anna", 1200, "point_settlement", 1),
        pay("Anna", "Ben", 40, "point_settlement", 2),
        pay("Cem", "Ben", 10, "point_settlement", 2),
    )
    assert totals(game) == {"Anna": 4, "Ben": 23, "Cem": 121}
    assert (game.status, game.pot, game.winner, game.payouts) == ("running", 0, None, ())
    assert states(game) == {"Anna": "in", "Ben": "in", "Cem": "in"}
    assert nets(game) == {"Anna": 1390, "Ben": -180, "Cem": -1210}
    assert game.can_rebuy("Cem") == "There is no re-buy in the Punktespiel"


def test_punktespiel_knocks_only_with_0_and_runs_until_closed():
    with pytest.raises(FalseKnock, match="in the Punktespiel you may only knock with 0"):
        replay(POINTS, THREE, [knock("Anna", Anna=1, Ben=23, Cem=40)])

    game = replay(POINTS, THREE, [knock("Anna", Anna=0, Ben=23, Cem=40)], closed=True)

    assert (game.status, game.next_dealer, game.next_participants) == ("finished", None, ())


# --- cards, lay-off --------------------------------------------------------------------


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


# --- input errors ----------------------------------------------------------------------


@pytest.mark.parametrize(
    ("round_", "error", "message", "field"),
    [
        pytest.param(knock("Anna", Anna=3, Ben=40), InvalidRound,
                     "The hand of Cem is missing: every player of the round is entered",
                     "rounds[0].hands", id="missing"),
        pytest.param(RoundEntry("Anna", (HandEntry("Anna", 3), HandEntry("Ben", 4),
                                         HandEntry("Ben", 4), HandEntry("Cem", 4))),
                     InvalidRound, "Ben is entered twice", "rounds[0].hands[2].player",
                     id="twice"),
        pytest.param(knock("Anna", Anna=3, Ben=40, Zoe=4), InvalidRound,
                     "Zoe is not a player in this game", "rounds[0].hands[2].player",
                     id="unknown-player"),
        pytest.param(knock("Zoe", Anna=3, Ben=40, Cem=4), InvalidRound,
                     "Zoe is not a player in this game", "rounds[0].ender", id="unknown-ender"),
        pytest.param(knock("Anna", Anna=3, Ben=-1, Cem=4), InvalidRound,
                     "Ben's deadwood cannot be negative", "rounds[0].hands[1].deadwood",
                     id="negative"),
        pytest.param(knock("Anna", Anna=3, Ben=2.5, Cem=4), InvalidRound,
                     "Ben's deadwood must be a whole number", "rounds[0].hands[1].deadwood",
                     id="not-whole"),
        pytest.param(knock("Anna", Anna=3, Ben=129, Cem=4), InvalidRound,
                     "Ben's deadwood of 129 is more than a hand of 10 cards can hold "
                     "(at most 128)", "rounds[0].hands[1].deadwood", id="too-much"),
        pytest.param(RoundEntry("Anna", (HandEntry("Anna", 3), HandEntry("Ben"),
                                         HandEntry("Cem", 4))),
                     InvalidRound, "Enter Ben's deadwood or cards", "rounds[0].hands[1]",
                     id="neither"),
        pytest.param(RoundEntry("Anna", (HandEntry("Anna", 3), HandEntry("Ben", 3, ("AS",)),
                                         HandEntry("Cem", 4))),
                     InvalidRound, "Enter Ben's deadwood or cards, not both",
                     "rounds[0].hands[1]", id="both"),
        pytest.param(RoundEntry("Anna", (HandEntry("Anna", 3),
                                         HandEntry("Ben", cards=("AS", "2S", "3S")),
                                         HandEntry("Cem", 4))),
                     InvalidRound, "Ben has 3 cards; a hand at the end of a round has 10",
                     "rounds[0].hands[1].cards", id="hand-size"),
        pytest.param(cards("Anna", Anna="QH QH 2S 3S 4S 5D 6D 7D 8C 9C",
                           Ben="QH AS 2D 3D 4D 5C 6C 7C 8H 9H", Cem="JK JK JK 2S 3S 4S 5D 6D "
                           "7D 8C"),
                     TooManyCopies, "QH appears 3 times; the decks hold 2",
                     "rounds[0].hands[1].cards", id="too-many-copies"),
        pytest.param(cards("Anna", Anna="QX 2S 3S 4S 5D 6D 7D 8C 9C 10C",
                           Ben="AS 2D 3D 4D 5C 6C 7C 8H 9H 10H", Cem="2S 3S 4S 5D 6D 7D 8C "
                           "9C 10C JC"),
                     CardError, "'QX' is not a card: write rank then suit, e.g. 'AS', '10H', "
                     "'QD', or 'JK' for a joker", "rounds[0].hands[0].cards", id="bad-card"),
    ],
)
def test_a_wrong_round_is_refused_with_a_message_and_the_field(round_, error, message, field):
    with pytest.raises(error) as caught:
        replay(WIENER, THREE, [round_])

    assert (type(caught.value), caught.value.message, caught.value.field) == (
        error, message, field)


def test_a_player_who_is_out_cannot_be_entered_nor_end_a_round():
    first = knock("Anna", Anna=3, Ben=101, Cem=4, Dora=5)

    with pytest.raises(InvalidRound) as entered:
        replay(WIENER, FOUR, [first, knock("Anna", Anna=3, Ben=1, Cem=4, Dora=5)])
    with pytest.raises(InvalidRound) as ended:
        replay(WIENER, FOUR, [first, knock("Ben", Anna=3, Cem=4, Dora=5)])

    assert (entered.value.message, entered.value.field) == (
        "Ben is out since round 1 and does not play", "rounds[1].hands[1].player")
    assert (ended.value.message, ended.value.field) == (
        "Ben is out since round 1 and does not play", "rounds[1].ender")


def test_messages_name_players_by_the_names_given_else_by_number():
    round_ = RoundEntry(11, (HandEntry(11, 3), HandEntry(12, 4), HandEntry(12, 4)))

    with pytest.raises(InvalidRound) as named:
        replay(WIENER, [11, 12], [round_], names={11: "Anna", 12: "Ben"})
    with pytest.raises(InvalidRound) as numbered:
        replay(WIENER, [11, 12], [round_])

    assert (named.value.message, numbered.value.message) == (
        "Ben is entered twice", "Player 12 is entered twice")


def test_the_dead_do_not_play_a_decider_among_the_living():
    rounds = [knock("Anna", Anna=5, Ben=101, Cem=96), knock("Cem", Anna=96, Ben=30, Cem=5)]

    with pytest.raises(InvalidRound) as caught:
        replay(DEAD, THREE, [*rounds, knock("Anna", Anna=0, Ben=5, Cem=7)])

    assert (caught.value.message, caught.value.field) == (
        "Ben does not play the decider", "rounds[2].hands[1].player")


def test_free_hand_sizes_accept_any_number_of_cards():
    rules = Rules.preset("wiener", free_hand_size=True)
    round_ = cards("Anna", Anna="5H 6H 7H 2C", Ben="KS KH 3D")

    game = replay(rules, ["Anna", "Ben"], [round_])

    assert [r.deadwood for r in game.rounds[0].results] == [2, 23]


def test_typed_hands_take_no_part_in_lay_off():
    rules = Rules.preset("wiener", lay_off="knocker_melds")
    round_ = RoundEntry("Anna", (
        HandEntry("Anna", cards=tuple("5H 6H 7H 8S 8D 8C KS KH KD 2C".split())),
        HandEntry("Ben", 40),
        HandEntry("Cem", cards=tuple("4H 8H 9H 3S 3D JC QC 9D 10D 2S".split())),
    ))

    game = replay(rules, THREE, [round_])

    assert [(r.deadwood, r.laid_off) for r in game.rounds[0].results] == [
        (2, ()), (40, ()), (56, ("4H", "8H"))]


@pytest.mark.parametrize(
    ("rules", "players", "kwargs", "message", "field"),
    [
        (WIENER, ["Anna"], {}, "A game needs at least 2 players", "players"),
        (WIENER, ["Anna", "Ben", "Anna"], {}, "Anna is seated twice", "players[2]"),
        (Rules.preset("gin"), ["Anna", "Ben"], {},
         "These rules are not of the knock family (Wiener Rummy, Rommé)", "rules.family"),
        (WIENER, ["Anna", "Ben"], {"closed": True},
         "Only a Punktespiel is closed by hand; a game with a pot ends when one player is left",
         "closed"),
        (WIENER, ["Anna", "Ben"], {"carried_in": -1},
         "The carried pot is an amount of zero or more", "carried_in"),
    ],
)
def test_a_game_that_cannot_be_played_is_refused(rules, players, kwargs, message, field):
    with pytest.raises(InvalidRules) as caught:
        replay(rules, players, **kwargs)

    assert (caught.value.message, caught.value.field) == (message, field)


def test_largest_deadwood_is_the_dearest_hand_the_decks_hold():
    # two jokers at 20 and eight aces at 11 (Wiener); Rommé aces are 10
    assert (largest_deadwood(WIENER), largest_deadwood(ROMME)) == (128, 120)


# --- replay -------------------------------------------------------------------------


def _long_game():
    players = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"]
    rules = Rules.preset("wiener", eliminate_at=10000, rebuy_from=9000)
    rounds = [
        knock(players[n % 6], **{p: (n % 6 if p == players[n % 6] else 6 + (n * 7 + i) % 80)
                                 for i, p in enumerate(players)})
        for n in range(40)
    ]
    return rules, players, rounds


def test_replay_is_deterministic():
    rules, players, rounds = _long_game()

    assert replay(rules, players, rounds) == replay(rules, players, rounds)
