"""Basic Rummy (docs/rules.md 9): the one who goes out scores every card the others still
hold, and is paid for them at once.

Melds are laid during play, so a hand at the end counts whole: joker 15, J Q K 10, the
ace 1 (11 when Q-K-A runs are allowed), the others their index (the preset's
`card_values`). The game around the rounds (totals, target, closing, money) is
tally.py's.
"""

from .tally import Parts, Round, Scored, TallyRules, check_ender, check_hands, refuse_rami_facts


def score_round(round_: Round) -> Scored:
    """The ender scores the sum of the others' hands; the others score nothing."""
    refuse_rami_facts(round_.entry)
    ender = check_ender(round_)
    held = check_hands(round_, ender)
    others = sum(h.value for p, h in held.items() if p != ender)
    parts = {p: Parts(points=others, hand=others) if p == ender else Parts(points=0)
             for p in round_.playing}
    return Scored(parts, held)


BASIC = TallyRules(family="basic", title="Basic Rummy", most_players=7, scorer=score_round)
