"""The end of a knock game (docs/rules.md 4.3, 4.4, 5.3, 6.2): the last player in, the
decider, placings, the pot's split, and the variant "Die Toten spielen weiter".
"""

import pytest

from scorekeeper.rules import GameOver, InvalidRound, Rules
from scorekeeper.rules.knock import placings, pot_shares, replay

from .test_rules_knock_facts import (
    FIVE,
    FOUR,
    ROMME,
    THREE,
    WIENER,
    knock,
    nets,
    pay,
    places,
    states,
    totals,
)

# --- 4.3 the end, 4.4 placings, 5.3 payout --------------------------------------------


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


# --- 6.2 Die Toten spielen weiter -----------------------------------------------------

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


LAST_LIVING_ANNA = [
    knock("Anna", Anna=5, Ben=101, Cem=20, Dora=20, Emil=20),
    knock("Anna", Anna=5, Ben=9, Cem=90, Dora=90, Emil=90),
]  # Ben dead in round 1; Cem, Dora and Emil at 110 in round 2


def test_the_living_winner_takes_the_whole_pot_even_with_five_players():
    rules = Rules.preset("romme", dead_play_on=True, dead_last_living="wins")

    game = replay(rules, FIVE, LAST_LIVING_ANNA)

    assert (game.status, game.winner, game.payouts) == ("finished", "Anna", (("Anna", 2500),))
    assert places(game) == {"Anna": 1, "Ben": 5, "Cem": 2, "Dora": 2, "Emil": 2}


def test_by_default_the_last_living_plays_on_until_she_wins_a_round():
    # given the default: the last living player plays on against the dead
    assert DEAD.dead_last_living == "plays_on"
    game = replay(DEAD, FIVE, LAST_LIVING_ANNA)
    assert (game.status, game.winner, game.next_participants) == ("running", None, tuple(FIVE))

    # when Anna wins a round against the dead
    game = replay(DEAD, FIVE, [*LAST_LIVING_ANNA,
                               knock("Anna", Anna=3, Ben=9, Cem=9, Dora=9, Emil=9)])

    # then she takes the whole pot; the places are those of the round the others died in
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


def test_the_dead_do_not_play_a_decider_among_the_living():
    rounds = [knock("Anna", Anna=5, Ben=101, Cem=96), knock("Cem", Anna=96, Ben=30, Cem=5)]

    with pytest.raises(InvalidRound) as caught:
        replay(DEAD, THREE, [*rounds, knock("Anna", Anna=0, Ben=5, Cem=7)])

    assert (caught.value.message, caught.value.field) == (
        "Ben does not play the decider", "rounds[2].hands[1].player")


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
