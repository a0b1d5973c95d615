"""Money (docs/rules.md 5): exact amounts, exact splits, and the ledger of whole games.

The property tests play random whole knock games and check the invariants of
docs/rules.md 5.1 after every round.
"""

from decimal import Decimal

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from scorekeeper.rules import (
    MoneyError,
    Rules,
    allocate,
    format_money,
    hand_values,
    parse_money,
)
from scorekeeper.rules.knock import (
    HandEntry,
    KnockRound,
    RebuyEntry,
    knock_limit,
    pot_shares,
    replay,
)

KINDS = {"buy_in", "rebuy", "knock_premium", "rummy_premium", "undercut_tie", "kitty_in",
         "kitty_win", "kitty_final", "payout", "carry_over", "point_settlement"}


# --- amounts ---------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("value", "minor"),
    [("17.50", 1750), ("17,5", 1750), ("10.5", 1050), ("0.05", 5), ("5", 500), (17, 1700),
     (Decimal("17.5"), 1750), (" 2.00 ", 200)],
)
def test_an_amount_becomes_exact_minor_units(value, minor):
    parsed = parse_money(value)
    assert parsed == minor and type(parsed) is int  # never a float that happens to be equal


@settings(max_examples=500)
@given(st.one_of(st.text(max_size=12), st.from_regex(r"\A-?[0-9]{1,6}([.,][0-9]{0,3})?\Z")))
def test_any_text_is_an_exact_amount_or_refused(text):
    try:
        parsed = parse_money(text, field="buy_in")
    except MoneyError as error:
        assert error.field == "buy_in" and error.message
        return
    # Accepted: a whole number of cents that the written amount says exactly.
    assert type(parsed) is int and parsed >= 0
    assert Decimal(text.strip().replace(",", ".")) * 100 == parsed


@pytest.mark.parametrize("value", ["1e3", "-5", "0.001", "NaN", "", "5.00 EUR", "٥", "５",
                                   5.0, True, Decimal("NaN")])
def test_an_amount_that_is_not_exact_is_refused(value):
    with pytest.raises(MoneyError):
        parse_money(value, field="buy_in")


def test_minor_units_are_written_with_two_decimals():
    assert [format_money(m) for m in (1750, 5, 0, -5, 100000)] == [
        "17.50", "0.05", "0.00", "-0.05", "1000.00"]


# --- splits ----------------------------------------------------------------------------


def test_five_cents_split_70_30_is_4_and_1():
    assert allocate(5, [70, 30]) == [4, 1]


def test_a_remainder_tie_goes_to_the_better_place():
    # 2505 at 70/30: 1753.5 and 751.5
    assert allocate(2505, [70, 30]) == [1754, 751]


@given(st.integers(0, 10**9), st.lists(st.integers(1, 100), min_size=1, max_size=8))
@settings(max_examples=200, deadline=None)
def test_allocate_adds_up_and_keeps_each_part_within_a_cent_of_its_share(total, weights):
    parts = allocate(total, weights)

    assert sum(parts) == total
    assert all(abs(part * sum(weights) - total * w) < sum(weights)
               for part, w in zip(parts, weights, strict=True))
    assert parts == allocate(total, weights)


@given(st.integers(0, 10**6), st.integers(1, 6))
@settings(max_examples=100, deadline=None)
def test_equal_shares_give_the_extra_cents_to_the_earlier_seats(total, people):
    parts = allocate(total, [1] * people)

    assert parts == sorted(parts, reverse=True)
    assert max(parts) - min(parts) <= 1


@given(
    st.integers(0, 10**6),
    st.sampled_from([(100,), (70, 30), (50, 30, 20)]),
    st.lists(st.integers(1, 5), min_size=2, max_size=6),
)
@settings(max_examples=100, deadline=None)
def test_pot_shares_always_pay_out_the_whole_pot(pot, split, raw_places):
    seats = [f"p{i}" for i in range(len(raw_places))]
    # competition ranking from raw keys: the winner alone first, then the rest
    ranked = sorted(range(1, len(seats)), key=lambda i: raw_places[i])
    places = {seats[0]: 1}
    for position, i in enumerate(ranked):
        ties = [j for j in ranked[:position] if raw_places[j] == raw_places[i]]
        places[seats[i]] = places[seats[ties[0]]] if ties else position + 2

    shares = pot_shares(pot, split, places, seats)

    assert sum(amount for _, amount in shares) == pot
    assert all(amount >= 0 for _, amount in shares)


# --- whole games -----------------------------------------------------------------------

VARIANTS = [
    Rules.preset("wiener"),
    Rules.preset("romme"),
    Rules.preset("wiener", undercut=True, rummy_kitty=True),
    Rules.preset("wiener", knock_limit=10, dealer_rule="winner_deals", buy_in="5.01"),
    Rules.preset("romme", dead_play_on=True, rummy_kitty=True),
    Rules.preset("romme", dead_play_on=True, dead_last_living="wins", rummy_kitty=True),
    Rules.preset("romme", dead_play_on=True, dead_last_living="plays_on", undercut=True),
    Rules.preset("wiener", pot_split=[50, 30, 20], pot_split_min_players=2, rebuy_cost="2.50"),
    Rules.preset("romme", mode="points"),
]


@st.composite
def games(draw):
    """A random whole game, played round by round against the replayed state."""
    rules = draw(st.sampled_from(VARIANTS))
    players = [f"p{i}" for i in range(draw(st.integers(2, 6)))]
    carried_in = 0 if rules.mode == "points" else draw(st.sampled_from([0, 0, 1234]))
    rounds, rebuys, steps = [], [], []
    game = replay(rules, players, carried_in=carried_in)
    limit = knock_limit(rules)
    # Small deadwood makes long games; large makes players go out together (deciders).
    spread = draw(st.sampled_from([25, 60, 110]))
    # Only values a hand can count (docs/rules.md 3.1): in these presets no hand counts 1.
    possible = sorted(hand_values(rules))
    for number in range(1, draw(st.integers(1, 30)) + 1):
        if game.status in ("finished", "carried_over"):
            break
        playing = game.next_participants
        ender = draw(st.sampled_from(playing))
        hands = tuple(
            HandEntry(p, deadwood=draw(st.sampled_from(
                [value for value in possible if value <= (limit if p == ender else spread)])))
            for p in playing
        )
        rounds.append(KnockRound(ender, hands))
        game = replay(rules, players, rounds, rebuys, carried_in=carried_in)
        for offer in game.rounds[-1].rebuy_offers:
            if draw(st.booleans()):
                rebuys.append(RebuyEntry(offer.player, number))
        game = replay(rules, players, rounds, rebuys, carried_in=carried_in)
        steps.append(game)
    return rules, players, rounds, rebuys, carried_in, steps


def _check_ledger(game, carried_in):
    """docs/rules.md 5.1 at every movement: positive amounts, known kinds, pot and kitty
    never below 0."""
    running: dict[str, int] = {account: 0 for account in game.balances}
    for transfer in game.transfers:
        assert transfer.amount > 0 and transfer.kind in KINDS
        assert transfer.source != transfer.target
        running[transfer.source] -= transfer.amount
        running[transfer.target] += transfer.amount
        assert running["pot"] >= 0 and running["kitty"] >= 0
    assert running == game.balances
    assert sum(game.balances.values()) == 0
    assert (game.pot, game.kitty) == (game.balances["pot"], game.balances["kitty"])
    assert game.balances["carry"] == game.carried_out - carried_in


@given(games())
@settings(max_examples=120, deadline=None)
def test_random_games_conserve_money_and_never_overdraw_pot_or_kitty(played):
    rules, players, rounds, rebuys, carried_in, steps = played

    for game in steps:
        _check_ledger(game, carried_in)
        assert {s.player: s.balance for s in game.standings} == {
            p: game.balances[f"player:{p}"] for p in players}


@given(games())
@settings(max_examples=120, deadline=None)
def test_a_finished_game_pays_out_its_pot_exactly(played):
    rules, players, rounds, rebuys, carried_in, steps = played
    game = steps[-1] if steps else replay(rules, players, carried_in=carried_in)

    if game.status == "finished" and rules.mode == "pot":
        paid_in = sum(t.amount for t in game.transfers if t.target == "pot")
        assert sum(amount for _, amount in game.payouts) == paid_in
        assert (game.pot, game.kitty) == (0, 0)
        assert sum(s.balance for s in game.standings) == carried_in
        assert game.standing(game.winner).place == 1
        assert all(s.place is not None for s in game.standings)
    if game.status == "carried_over":
        assert (game.pot, game.kitty, game.payouts) == (0, 0, ())
        assert game.carried_out > 0
    if game.status in ("running", "decider"):
        assert game.next_dealer in game.next_participants


@given(games())
@settings(max_examples=60, deadline=None)
def test_replay_is_deterministic_over_random_games(played):
    rules, players, rounds, rebuys, carried_in, steps = played

    again = replay(rules, players, rounds, rebuys, carried_in=carried_in)

    assert again == (steps[-1] if steps else replay(rules, players, carried_in=carried_in))
