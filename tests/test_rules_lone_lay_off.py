"""The lay-off of a two-handed round as the round form asks it (docs/rules.md 8.3, 8.9):
`lone_lay_off` gives the defender's hand exactly as a Gin round scores it."""

from scorekeeper.rules import GinRound, HandEntry, Rules, lone_lay_off, replay

GIN = Rules.preset("gin")
# Seed 004, round 1: Anna knocks with 6; Ben lays off 2♠ 7♠ onto her 3-6♠ and 8♦ onto her
# eights, and keeps Q♦ J♣ 3♦ (23).
ANNA = "8S 8H 8C 3S 4S 5S 6S AD 2H 3C".split()
BEN = "KS KH KC KD 2S 7S 8D QD JC 3D".split()


def test_the_defender_keeps_what_the_round_scores():
    hand = lone_lay_off(GIN, ANNA, BEN)

    played = replay(GIN, ["Anna", "Ben"], [GinRound(ender="Anna", hands=(
        HandEntry("Anna", cards=tuple(ANNA)), HandEntry("Ben", cards=tuple(BEN))))])
    ben = next(line for line in played.rounds[0].results if line.player == "Ben")
    assert (hand.deadwood, hand.laid_off) == (23, ("2S", "7S", "8D"))
    assert (hand.deadwood, hand.laid_off) == (ben.deadwood, ben.laid_off)
    assert sorted(hand.unmatched) == ["3D", "JC", "QD"]


def test_nothing_is_laid_off_against_a_gin():
    # Anna's ten cards all melded: Ben keeps his 40
    gin = "8S 8H 8C 3S 4S 5S 6S 2D 3D 4D".split()
    ben = "KS KH KC KD 2S 7S 8D QD JC AC".split()

    hand = lone_lay_off(GIN, gin, ben)

    assert (hand.deadwood, hand.laid_off) == (38, ())
