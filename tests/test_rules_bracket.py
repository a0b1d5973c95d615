"""The club tournament's bracket (docs/rules.md, "A club's Gin tournament"): the draw, byes
to the top seeds, advancing, placings and the payout split, worked by hand."""

import pytest

from scorekeeper.rules import RulesError
from scorekeeper.rules import bracket as b


def _players(count):
    # Player ids 101, 102, ... are seeds 1, 2, ...: the seed is id - 100.
    return [100 + seed for seed in range(1, count + 1)]


def test_standard_order_keeps_the_top_seeds_apart_until_the_end():
    assert b.seed_order(2) == [1, 2]
    assert b.seed_order(4) == [1, 4, 2, 3]
    assert b.seed_order(8) == [1, 8, 4, 5, 2, 7, 3, 6]
    order = b.seed_order(32)
    # Seed 1 in the top half, seed 2 in the bottom: they can meet only in the final.
    assert order.index(1) < 16 <= order.index(2)
    assert sorted(order) == list(range(1, 33))


def test_five_players_three_byes_to_seeds_one_to_three():
    first = b.draw(_players(5))
    assert [m.players for m in first] == [(101,), (104, 105), (102,), (103,)]
    assert [m.winner for m in first] == [101, None, 102, 103]
    assert [m.bye for m in first] == [True, False, True, True]
    rounds = b.bracket(_players(5), {})
    # The semi-final of seeds 2 and 3 is ready at once; seed 1 waits for 4 v 5.
    assert rounds[1][0].players == (101, None) and not rounds[1][0].ready
    assert rounds[1][1].players == (102, 103) and rounds[1][1].ready
    assert len(rounds) == 3 and len(rounds[2]) == 1


def test_eight_players_no_bye_one_v_eight():
    first = b.draw(_players(8))
    assert [m.players for m in first] == [(101, 108), (104, 105), (102, 107), (103, 106)]
    assert not any(m.bye for m in first)


def test_thirteen_players_three_byes_to_the_top_three():
    first = b.draw(_players(13))
    byes = [m.players[0] for m in first if m.bye]
    assert sorted(byes) == [101, 102, 103]
    assert len(first) == 8 and b.round_count(13) == 4
    # Seed 4 plays seed 13, the weakest who plays.
    assert (104, 113) in [m.players for m in first]


def test_field_bounds():
    b.check_field(5)
    b.check_field(32)
    for count in (4, 33):
        with pytest.raises(RulesError, match="5 to 32 players"):
            b.check_field(count)


def test_winners_advance_and_placings_follow():
    players = _players(5)
    winners = {(1, 2): 105, (2, 1): 101, (2, 2): 103, (3, 1): 103}
    rounds = b.bracket(players, winners)
    assert rounds[1][0].players == (101, 105)
    assert rounds[2][0].players == (101, 103)
    assert b.champion(rounds) == 103
    assert b.placings(rounds) == {103: 1, 101: 2, 105: 3, 102: 3, 104: 5}


def test_a_winner_who_does_not_play_there_is_refused():
    with pytest.raises(ValueError):
        b.bracket(_players(5), {(2, 1): 101})  # 4 v 5 not played yet
    with pytest.raises(ValueError):
        b.bracket(_players(8), {(1, 1): 102})


def test_payout_table_checks():
    b.check_payouts([75, 25], 5)
    b.check_payouts([100], 5)
    with pytest.raises(RulesError, match="add up to 100"):
        b.check_payouts([75, 20], 5)
    with pytest.raises(RulesError, match="at least 75"):
        b.check_payouts([70, 30], 5)
    with pytest.raises(RulesError, match="more places"):
        b.check_payouts([75, 5, 5, 5, 5, 5], 5)


def test_prizes_split_a_shared_place_and_add_up_to_the_pot():
    # 13 players at 10.00: a pot of 130.00; 75/15/10 by place. 3rd and 4th are shared by
    # the two semi-final losers: (13.00 + 0.00) / 2 = 6.50 each.
    seed_of = {p: p - 100 for p in _players(13)}
    places = {101: 1, 102: 2, 103: 3, 104: 3}
    prize = b.prizes(13000, [75, 15, 10], places, seed_of)
    assert prize == {101: 9750, 102: 1950, 103: 650, 104: 650}
    assert sum(prize.values()) == 13000


def test_an_odd_cent_goes_to_the_better_seed():
    # A pot of 50.01 (odd, as a fee of 0.01 would give too): 75/20/5 -> 37.51, 10.00, 2.50;
    # 3rd and 4th share 2.50 + 0 = 1.25 each; with 5 percent of 50.03 they share 2.50 too.
    seed_of = {101: 1, 102: 2, 104: 4, 103: 3}
    prize = b.prizes(5001, [75, 20, 5], {101: 1, 102: 2, 104: 3, 103: 3}, seed_of)
    assert sum(prize.values()) == 5001
    assert prize[101] == 3751 and prize[102] == 1000
    # 250 split in two: 125 each, no odd cent; shares of 3 cents: 2 and 1, seed 3 first.
    assert prize[103] == prize[104] == 125
    odd = b.prizes(3, [0, 0, 100], {101: 1, 102: 2, 104: 3, 103: 3}, seed_of)
    assert odd == {101: 0, 102: 0, 103: 2, 104: 1}


def test_transfers_in_and_out_balance():
    players = _players(5)
    seed_of = {p: p - 100 for p in players}
    fees = b.entry_transfers(players, 1000)
    paid = b.payout_transfers(b.prizes(5000, [75, 25], {103: 1, 101: 2, 105: 3, 102: 3},
                                       seed_of), seed_of)
    assert sum(t.amount for t in fees) == 5000 == sum(t.amount for t in paid)
    assert {(t.target, t.amount) for t in paid} == {("player:103", 3750), ("player:101", 1250)}
    assert b.entry_transfers(players, 0) == []
