"""Knock family rounds (docs/rules.md 3, 5.4, 6.3): points, premiums, undercut, the deal,
the Rummykasse, the Punktespiel, and every input a round refuses.

Pure tests: facts in, a replayed game out.
"""

import pytest

from scorekeeper.rules import (
    CardError,
    FalseKnock,
    HandEntry,
    InvalidRound,
    InvalidRules,
    KnockRound,
    PlayerResult,
    RoundResult,
    Rules,
    TooManyCopies,
    largest_deadwood,
)
from scorekeeper.rules.knock import replay

from .test_rules_knock_facts import (
    FIVE,
    FOUR,
    ROMME,
    THREE,
    WIENER,
    cards,
    knock,
    nets,
    pay,
    refusals,
    states,
    totals,
)

# --- docs/rules.md 3.1 to 3.5: a round ------------------------------------------------


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


# --- 3.6 undercut ---------------------------------------------------------------------

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


# --- 3.8 who deals --------------------------------------------------------------------


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


# --- 5.4 Rummykasse -------------------------------------------------------------------


def test_rummykasse_every_player_in_pays_before_each_round_and_rummy_takes_it_all():
    # given Wiener with the Rummykasse, which drops the 10 bonus points
    rules = Rules.preset("wiener", rummy_kitty=True)
    assert rules.rummy_bonus_points == 0
    rounds = [
        knock("Anna", Anna=3, Ben=40, Cem=22),
        knock("Ben", Anna=12, Ben=0, Cem=30),
        knock("Cem", Anna=20, Ben=30, Cem=2),
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


# --- 6.3 Punktespiel ------------------------------------------------------------------

POINTS = Rules.preset("romme", mode="points")


def test_punktespiel_the_ender_is_paid_each_players_deadwood_at_once():
    # given a Punktespiel at 0.10 a point: no buy-in, no pot
    # when Anna knocks with 0 against 23 and 140 (no elimination)
    game = replay(POINTS, THREE, [knock("Anna", Anna=0, Ben=23, Cem=120),
                                  knock("Ben", Anna=4, Ben=0, Cem=2)])

    # then she receives 2.30 and 12.00, with no premium and no bonus on top
    assert game.transfers == (
        pay("Ben", "Anna", 230, "point_settlement", 1),
        pay("Cem", "Anna", 1200, "point_settlement", 1),
        pay("Anna", "Ben", 40, "point_settlement", 2),
        pay("Cem", "Ben", 20, "point_settlement", 2),
    )
    assert totals(game) == {"Anna": 4, "Ben": 23, "Cem": 122}
    assert (game.status, game.pot, game.winner, game.payouts) == ("running", 0, None, ())
    assert states(game) == {"Anna": "in", "Ben": "in", "Cem": "in"}
    assert nets(game) == {"Anna": 1390, "Ben": -170, "Cem": -1220}
    assert refusals(game, ["Cem"]) == {"Cem": "There is no re-buy in the Punktespiel"}


def test_punktespiel_knocks_only_with_0_and_runs_until_closed():
    with pytest.raises(FalseKnock, match="in the Punktespiel you may only knock with 0"):
        replay(POINTS, THREE, [knock("Anna", Anna=2, Ben=23, Cem=40)])

    game = replay(POINTS, THREE, [knock("Anna", Anna=0, Ben=23, Cem=40)], closed=True)

    assert (game.status, game.next_dealer, game.next_participants) == ("finished", None, ())


# --- 1.4, 1.5, 3.1 input errors -------------------------------------------------------


@pytest.mark.parametrize(
    ("round_", "error", "message", "field"),
    [
        pytest.param(knock("Anna", Anna=3, Ben=40), InvalidRound,
                     "The hand of Cem is missing: every player of the round is entered",
                     "rounds[0].hands", id="missing"),
        pytest.param(KnockRound("Anna", (HandEntry("Anna", 3), HandEntry("Ben", 4),
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
        pytest.param(KnockRound("Anna", (HandEntry("Anna", 3), HandEntry("Ben"),
                                         HandEntry("Cem", 4))),
                     InvalidRound, "Enter Ben's deadwood or cards", "rounds[0].hands[1]",
                     id="neither"),
        pytest.param(KnockRound("Anna", (HandEntry("Anna", 3), HandEntry("Ben", 3, ("AS",)),
                                         HandEntry("Cem", 4))),
                     InvalidRound, "Enter Ben's deadwood or cards, not both",
                     "rounds[0].hands[1]", id="both"),
        pytest.param(KnockRound("Anna", (HandEntry("Anna", 3),
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
    round_ = KnockRound(11, (HandEntry(11, 3), HandEntry(12, 4), HandEntry(12, 4)))

    with pytest.raises(InvalidRound) as named:
        replay(WIENER, [11, 12], [round_], names={11: "Anna", 12: "Ben"})
    with pytest.raises(InvalidRound) as numbered:
        replay(WIENER, [11, 12], [round_])

    assert (named.value.message, numbered.value.message) == (
        "Ben is entered twice", "Player 12 is entered twice")


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


# --- replay ---------------------------------------------------------------------------


def _long_game():
    players = ["Anna", "Ben", "Cem", "Dora", "Emil", "Fritz"]
    rules = Rules.preset("wiener", eliminate_at=10000, rebuy_from=9000)
    knocks = (0, 0, 2, 3, 4, 5)  # no Wiener hand counts 1 (docs/rules.md 3.1)
    rounds = [
        knock(players[n % 6], **{p: (knocks[n % 6] if p == players[n % 6] else
                                     6 + (n * 7 + i) % 80)
                                 for i, p in enumerate(players)})
        for n in range(40)
    ]
    return rules, players, rounds


def test_replay_is_deterministic():
    rules, players, rounds = _long_game()

    assert replay(rules, players, rounds) == replay(rules, players, rounds)
