"""Gin variants clubs play (docs/rules.md 8), each an option of the rules, off by default:
Oklahoma Gin (the first upcard sets the deal's knock limit, a spade may double it), the
Big Gin (all 11 cards melded, its own bonus) and the shutout (the winner's final account
doubled when the loser won no round). gin.py plays them; this module says what they are.
"""

from typing import Any, NamedTuple

from .cards import JOKER, parse_card
from .errors import InvalidRound, InvalidRules
from .presets import Rules


def check_oklahoma_options(rules: Rules) -> None:
    """Oklahoma's options only with Oklahoma: refused, naming them, in other games."""
    if rules.oklahoma:
        return
    for name, off in (("spades_double", False), ("ace_upcard", "gin")):
        if getattr(rules, name) != off:
            raise InvalidRules("oklahoma_option_off", {"name": name},
                               where=("rules", name), code="out_of_range")


def oklahoma_defaults(base: dict[str, Any], overrides: dict[str, Any],
                      players: int | None) -> dict[str, Any]:
    """docs/rules.md 8: Oklahoma Gin plays to 150 unless a game target is given."""
    return {"game_target": 150} if overrides.get("oklahoma") is True else {}


class Deal(NamedTuple):
    """Oklahoma's terms of a deal, from its first upcard: the knock limit (0: gin only) and
    whether every point counts double."""

    knock_limit: int
    doubled: bool


def deal_terms(rules: Rules, upcard: str) -> Deal:
    """docs/rules.md 8: the upcard's rank is the deal's knock limit, faces 10, number cards
    their value, an ace 0 (gin only) unless ace_upcard is "one"; a spade doubles the deal
    where spades_double. CardError for a text that is not a card."""
    card = parse_card(upcard)
    if card == JOKER:
        raise InvalidRound("upcard_joker", where=("upcard",))
    rank, suit = card[:-1], card[-1]
    if rank == "A":
        limit = 1 if rules.ace_upcard == "one" else 0
    else:
        limit = int(rank) if rank.isdigit() else 10
    return Deal(limit, rules.spades_double and suit == "S")


def check_big_gin(big_gin: bool, rules: Rules, deadwood: int | None) -> None:
    """A Big Gin only where the rules have it (docs/rules.md 8), and only as a gin (a void
    round, `deadwood` None, is none)."""
    if not big_gin:
        return
    if not rules.big_gin:
        raise InvalidRound("big_gin_off", where=("big_gin",))
    if deadwood is None or deadwood != 0:
        raise InvalidRound("big_gin_not_gin", where=("big_gin",))


def shutout_doubles(rules: Rules, loser_boxes: int) -> int:
    """The factor of the winner's final account: 2 for a shutout (the loser won no round)
    where the rules have it, else 1 (docs/rules.md 8)."""
    return 2 if rules.shutout and loser_boxes == 0 else 1
