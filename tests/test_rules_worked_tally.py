"""The worked examples of docs/rules.md 9.4 (Basic Rummy) and 10.4 and 10.9 (Rami), each
replayed through the engine's public API and checked against the numbers on the page.

Pure engine tests: no database. Seats 1, 2 and 3 are Anna, Ben and Cem. Every number
below was worked out by hand from the tables of docs/rules.md 9 and 10, not copied from
the engine. Money is in integer cents.
"""

import pytest

from scorekeeper.rules import (
    BasicRound,
    GameStatus,
    HandEntry,
    InvalidRound,
    LaidHand,
    PenaltyEntry,
    PlayerState,
    RamiRound,
    Rules,
    Transfer,
    replay,
)

ANNA, BEN, CEM = 1, 2, 3
SEATS = [ANNA, BEN, CEM]
NAMES = {ANNA: "Anna", BEN: "Ben", CEM: "Cem"}


def melds(*texts):
    """Melds as laid, one text per meld: melds("QH KH AH", "7C 8C 9C")."""
    return tuple(tuple(text.split()) for text in texts)


def cards(text):
    return tuple(text.split())


def parts(game, player, round_=1):
    """A player's round in its named parts: (laid, hand, bonus, penalty, multiplier, points)."""
    result = next(r for r in game.rounds[round_ - 1].results if r.player == player)
    return (result.laid, result.hand, result.bonus, result.penalty, result.multiplier,
            result.points)


def own_hand(game, player, round_=1):
    """The value of the cards the player still held (PlayerResult.deadwood)."""
    return next(r for r in game.rounds[round_ - 1].results if r.player == player).deadwood


def totals(game):
    return [s.total for s in game.standings]


def pay(source, target, cents, round_):
    return Transfer(f"player:{source}", f"player:{target}", cents, "point_settlement", round_)


# --- docs/rules.md 9.4: Basic Rummy ---------------------------------------------------------

BASIC_ROUND = BasicRound(ender=ANNA, hands=(
    HandEntry(BEN, cards=cards("KS QH 7D 2C")),          # 10 + 10 + 7 + 2 = 29
    HandEntry(CEM, cards=cards("AS 5H 5D 5C 9S")),       # 1 + 5 + 5 + 5 + 9 = 25
))


def test_basic_worked_round():
    """docs/rules.md 9.4: Anna goes out; Ben holds 29, Cem 25 (his unlaid set of fives counts
    whole); Anna scores 54 and is paid 2.90 and 2.50 at 0.10 a point in round 1."""
    rules = Rules.preset("basic", players=3)
    assert (rules.decks, rules.hand_size, rules.jokers) == (1, 7, 0)
    game = replay(rules, SEATS, [BASIC_ROUND], names=NAMES)
    round_ = game.rounds[0]
    assert round_.winner == ANNA
    assert parts(game, ANNA) == (0, 54, 0, 0, 1, 54)
    assert parts(game, BEN) == (0, 0, 0, 0, 1, 0)
    assert parts(game, CEM) == (0, 0, 0, 0, 1, 0)
    assert [own_hand(game, p) for p in SEATS] == [0, 29, 25]
    assert totals(game) == [54, 0, 0]
    assert round_.transfers == (pay(BEN, ANNA, 290, 1), pay(CEM, ANNA, 250, 1))
    assert game.transfers == round_.transfers
    assert game.balances["player:1"] == 540
    assert game.status == GameStatus.RUNNING


def test_basic_worked_round_typed_gives_the_same():
    """docs/rules.md 9.2 and 9.4: the same hands typed as points (29 and 25) score and pay
    the same as the cards."""
    typed = BasicRound(ender=ANNA, hands=(HandEntry(BEN, deadwood=29),
                                          HandEntry(CEM, deadwood=25)))
    game = replay(Rules.preset("basic", players=3), SEATS, [typed])
    assert parts(game, ANNA) == (0, 54, 0, 0, 1, 54)
    assert game.rounds[0].transfers == (pay(BEN, ANNA, 290, 1), pay(CEM, ANNA, 250, 1))


def test_basic_worked_round_with_the_high_ace():
    """docs/rules.md 9.4: with ace_in_runs high_or_low Cem's ace counts 11: his hand is 35,
    Anna scores 64 and Cem pays 3.50."""
    rules = Rules.preset("basic", players=3, ace_in_runs="high_or_low")
    game = replay(rules, SEATS, [BASIC_ROUND])
    assert own_hand(game, CEM) == 35
    assert parts(game, ANNA) == (0, 64, 0, 0, 1, 64)
    assert totals(game) == [64, 0, 0]
    assert game.rounds[0].transfers == (pay(BEN, ANNA, 290, 1), pay(CEM, ANNA, 350, 1))


# --- docs/rules.md 10.9 (a): a normal Rami round -----------------------------------------------


def normal_round(penalties=()):
    return RamiRound(ender=ANNA, finish="none", penalties=penalties, hands=(
        # 35 (the ace above the king) + 15 + 25 (the joker is 9D) = 75
        LaidHand(ANNA, laid_melds=melds("QH KH AH", "7C 8C 9C", "JK 10D JD")),
        # laid 15 + 30 = 45; in hand 10 + 5 + 20 = 35
        LaidHand(BEN, laid_melds=melds("5S 5H 5D", "10S JS QS"), cards=cards("KC 3D JK")),
        # laid nothing; in hand 15 + 5 + 5 + 5 = 30
        LaidHand(CEM, laid_melds=(), cards=cards("AS 2C 9H 9S")),
    ))


def test_rami_normal_worked_round():
    """docs/rules.md 10.9 (a): Anna laid 75 and scores the others' hands 35 + 30: 140; Ben
    laid 45; Cem 0; Ben laid, so no bonus."""
    rules = Rules.preset("rami", players=3)
    assert (rules.mode, rules.decks, rules.jokers, rules.hand_size) == ("normal", 2, 4, 14)
    game = replay(rules, SEATS, [normal_round()], names=NAMES)
    round_ = game.rounds[0]
    assert (round_.winner, round_.finish, round_.rummy, round_.nobody_else_laid) == (
        ANNA, "none", False, False)
    assert parts(game, ANNA) == (75, 65, 0, 0, 1, 140)
    assert parts(game, BEN) == (45, 0, 0, 0, 1, 45)
    assert parts(game, CEM) == (0, 0, 0, 0, 1, 0)
    assert [own_hand(game, p) for p in SEATS] == [0, 35, 30]
    assert totals(game) == [140, 45, 0]
    assert game.transfers == ()
    assert game.status == GameStatus.RUNNING


def test_rami_normal_worked_round_closed_pays_the_difference():
    """docs/rules.md 10.9 (a) and 10.7: closed after the round at 0.10 a point, Anna wins with
    140; Ben pays (140 - 45) x 0.10 = 9.50 and Cem (140 - 0) x 0.10 = 14.00, no round."""
    rules = Rules.preset("rami", players=3, point_value="0.10")
    game = replay(rules, SEATS, [normal_round()], closed=True)
    assert game.status == GameStatus.FINISHED
    assert game.winner == ANNA
    assert game.transfers == (pay(BEN, ANNA, 950, None), pay(CEM, ANNA, 1400, None))
    assert [game.balances[f"player:{p}"] for p in SEATS] == [2350, -950, -1400]


def test_rami_penalty_example():
    """docs/rules.md 10.4: Ben laid 45 and took a joker back without playing it: 45 - 300 =
    -255 in normal mode."""
    game = replay(Rules.preset("rami", players=3), SEATS,
                  [normal_round(penalties=(PenaltyEntry(BEN, 300),))])
    assert parts(game, BEN) == (45, 0, 0, 300, 1, -255)
    assert parts(game, ANNA) == (75, 65, 0, 0, 1, 140)
    assert totals(game) == [140, -255, 0]


def test_rami_first_meld_example_is_refused():
    """docs/rules.md 10.4: Ben's melds as cards worth 15 do not reach the minimum of 40."""
    entry = RamiRound(ender=ANNA, finish="none", hands=(
        LaidHand(ANNA, laid_melds=melds("QH KH AH", "7C 8C 9C", "JK 10D JD")),
        LaidHand(BEN, laid_melds=melds("5S 5H 5D"), cards=cards("KC 3D JK")),
        LaidHand(CEM, laid_melds=(), cards=cards("AS 2C 9H 9S")),
    ))
    with pytest.raises(InvalidRound) as caught:
        replay(Rules.preset("rami", players=3), SEATS, [entry], names=NAMES)
    assert caught.value.message == ("Ben's melds are worth 15 points; the first melds must be "
                                    "worth at least 40")


# --- docs/rules.md 10.9 (b): a traditional round -----------------------------------------------


def test_rami_traditional_worked_round():
    """docs/rules.md 10.9 (b): face values; Ben laid 6 + 33 + 24 = 63 and scores the hands
    28 + 31: 122; Anna laid 29 + 12 = 41; Cem 0."""
    rules = Rules.preset("rami", players=3, mode="traditional")
    entry = RamiRound(ender=BEN, finish="none", hands=(
        # 9 + 10 + 10 = 29; 4 + 4 + 4 (the joker is a four) = 12; in hand 7 + 10 + 11 = 28
        LaidHand(ANNA, laid_melds=melds("9C 10C JC", "4H 4S JK"), cards=cards("7D KS AS")),
        # 1 + 2 + 3 = 6 (ace low); 11 x 3 = 33 (aces in a set); 8 x 3 = 24
        LaidHand(BEN, laid_melds=melds("AS 2S 3S", "AH AC AD", "8H 8C 8D")),
        # in hand 20 + 5 + 6 = 31
        LaidHand(CEM, laid=0, cards=cards("JK 5C 6C")),
    ))
    game = replay(rules, SEATS, [entry])
    assert parts(game, BEN) == (63, 59, 0, 0, 1, 122)
    assert parts(game, ANNA) == (41, 0, 0, 0, 1, 41)
    assert parts(game, CEM) == (0, 0, 0, 0, 1, 0)
    assert [own_hand(game, p) for p in SEATS] == [28, 0, 31]
    assert totals(game) == [41, 122, 0]
    assert game.rounds[0].nobody_else_laid is False


# --- docs/rules.md 10.9 (c): a Rummy with both bonuses -----------------------------------------


def rummy_round(finish):
    return RamiRound(ender=CEM, finish=finish, hands=(
        LaidHand(ANNA, laid=0, deadwood=85),
        LaidHand(BEN, laid_melds=(), deadwood=110),
        # 20 + 15 + 45 + 15 = 95
        LaidHand(CEM, laid_melds=melds("2H 3H 4H 5H", "9S 9H 9D", "JC QC KC AC", "6D 7D 8D")),
    ))


def test_rami_rummy_with_own_cards_while_nobody_else_laid():
    """docs/rules.md 10.9 (c): Cem's own-cards Rummy while nobody else laid: bonus 100 + 300
    = 400; his round 95 + (85 + 110) + 400 = 690."""
    game = replay(Rules.preset("rami", players=3), SEATS, [rummy_round("own_cards")])
    round_ = game.rounds[0]
    assert (round_.winner, round_.finish, round_.rummy, round_.nobody_else_laid) == (
        CEM, "own_cards", True, True)
    assert parts(game, CEM) == (95, 195, 400, 0, 1, 690)
    assert parts(game, ANNA) == (0, 0, 0, 0, 1, 0)
    assert parts(game, BEN) == (0, 0, 0, 0, 1, 0)
    assert totals(game) == [0, 0, 690]


def test_rami_plain_rummy_while_nobody_else_laid():
    """docs/rules.md 10.9 (c): with finish rummy the bonus is 100 + 200 = 300 and the round
    590."""
    game = replay(Rules.preset("rami", players=3), SEATS, [rummy_round("rummy")])
    assert parts(game, CEM) == (95, 195, 300, 0, 1, 590)
    assert game.rounds[0].nobody_else_laid is True


# --- docs/rules.md 10.9 (d): identities in both modes ------------------------------------------


@pytest.mark.parametrize(("mode", "anna_laid", "ben_hand", "anna_round"), [
    ("normal", 45 + 75 + 15, 10 + 5, 135 + 15 + 20),
    ("traditional", 51 + 63 + 9, 10 + 4, 123 + 14 + 20),
])
def test_rami_identities_in_both_modes(mode, anna_laid, ben_hand, anna_round):
    """docs/rules.md 10.9 (d): 7H x3 is 45 / 51, AS x3 75 / 63, 2C 3C 4C 15 / 9; Ben's
    identity KD x3 is 60 in both; Anna's round 170 / 157."""
    rules = Rules.preset("rami", players=3, identities=True, mode=mode)
    assert (rules.decks, rules.jokers) == (4, 8)
    entry = RamiRound(ender=ANNA, finish="none", hands=(
        LaidHand(ANNA, laid_melds=melds("7H 7H 7H", "AS AS AS", "2C 3C 4C")),
        LaidHand(BEN, laid_melds=melds("KD KD KD"), cards=cards("10H 4D")),
        LaidHand(CEM, laid=0, cards=cards("JK")),
    ))
    game = replay(rules, SEATS, [entry])
    assert anna_laid == {"normal": 135, "traditional": 123}[mode]
    assert anna_round == {"normal": 170, "traditional": 157}[mode]
    assert parts(game, ANNA) == (anna_laid, ben_hand + 20, 0, 0, 1, anna_round)
    assert parts(game, BEN) == (60, 0, 0, 0, 1, 60)
    assert parts(game, CEM) == (0, 0, 0, 0, 1, 0)
    assert [own_hand(game, p) for p in SEATS] == [0, ben_hand, 20]
    assert totals(game) == [anna_round, 60, 0]


# --- docs/rules.md 10.9 (e): an elimination round with x4 --------------------------------------


def elimination_round(cem):
    return RamiRound(ender=ANNA, finish="rummy", hands=(
        HandEntry(ANNA),                                              # laid left out
        LaidHand(BEN, laid=0, cards=cards("KS QS 9D 9C AH")),        # 10+10+5+5+15 = 45
        cem,
    ))


def test_rami_elimination_round_with_x4():
    """docs/rules.md 10.9 (e): a Rummy while nobody else laid is x4: Ben 45 x 4 = 180, Cem
    60 x 4 = 240, Anna 0; the buy-ins make a pot of 15.00; nobody is out."""
    rules = Rules.preset("rami", players=3, mode="elimination")
    game = replay(rules, SEATS, [elimination_round(LaidHand(CEM, laid_melds=(), deadwood=60))])
    round_ = game.rounds[0]
    assert (round_.finish, round_.rummy, round_.nobody_else_laid, round_.out) == (
        "rummy", True, True, ())
    assert parts(game, ANNA) == (0, 0, 0, 0, 1, 0)
    assert parts(game, BEN) == (0, 45, 0, 0, 4, 180)
    assert parts(game, CEM) == (0, 60, 0, 0, 4, 240)
    assert totals(game) == [0, 180, 240]
    assert [s.state for s in game.standings] == [PlayerState.IN] * 3
    assert game.pot == 1500
    assert game.transfers == tuple(Transfer(f"player:{p}", "pot", 500, "buy_in", None)
                                   for p in SEATS)
    assert game.status == GameStatus.RUNNING


def test_rami_elimination_round_with_a_laid_left_out_is_x2():
    """docs/rules.md 10.9 (e) and 10.5: with Cem's laid left out nobody knows that nobody else
    laid, so the Rummy is x2: Ben 90, Cem 120."""
    rules = Rules.preset("rami", players=3, mode="elimination")
    game = replay(rules, SEATS, [elimination_round(HandEntry(CEM, deadwood=60))])
    assert game.rounds[0].nobody_else_laid is False
    assert parts(game, BEN) == (0, 45, 0, 0, 2, 90)
    assert parts(game, CEM) == (0, 60, 0, 0, 2, 120)
    assert totals(game) == [0, 90, 120]
