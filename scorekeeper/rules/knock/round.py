"""The rules of a knock round (docs/rules.md 3 and 4.1), one function each: the knock
limit, Rummy, the round winner under undercut, going out, who deals next."""

from collections.abc import Mapping, Sequence

from ..core import PlayerId
from ..errors import FalseKnock
from ..presets import Rules


def knock_limit(rules: Rules) -> int:
    """The most deadwood the ender may have."""
    # docs/rules.md 3.2: the Punktespiel knocks only "glatt", whatever knock_limit says.
    return 0 if rules.mode == "points" else rules.knock_limit


def check_knock(name: str, deadwood: int, rules: Rules, *, where: tuple) -> None:
    """Refuse a false knock: the ender's (named `name`) deadwood above the knock limit."""
    limit = knock_limit(rules)
    if deadwood > limit:
        if rules.mode == "points":
            raise FalseKnock("false_knock_points_game", {"name": name, "deadwood": deadwood},
                             where=where)
        raise FalseKnock("false_knock", {"name": name, "deadwood": deadwood, "limit": limit},
                         where=where)


def is_rummy(deadwood: int) -> bool:
    """The ender went Rummy ("glatt", "mit Null klopfen")."""
    return deadwood == 0


def round_winner(
    ender: PlayerId, deadwood: Mapping[PlayerId, int], rules: Rules
) -> tuple[PlayerId | None, bool, tuple[PlayerId, ...]]:
    """(winner, undercut, tied): the ender, or under `undercut` the least deadwood.

    `tied` lists the players tied for the least deadwood below the ender's, when
    there is no winner (docs/rules.md 3.6).
    """
    if not rules.undercut:
        return ender, False, ()
    least = min((dw for player, dw in deadwood.items() if player != ender), default=None)
    # docs/rules.md 3.6: a tie with the knocker goes to the knocker (unlike Gin).
    if least is None or least >= deadwood[ender]:
        return ender, False, ()
    lowest = tuple(p for p, dw in deadwood.items() if p != ender and dw == least)
    if len(lowest) == 1:
        return lowest[0], True, ()
    return None, True, lowest


def is_out(total: int, rules: Rules) -> bool:
    """A total that reaches eliminate_at puts the player out (101 is out, docs/rules.md 4.1)."""
    return total >= rules.eliminate_at


def next_dealer(
    rules: Rules,
    seats: Sequence[PlayerId],
    dealer: PlayerId,
    winner: PlayerId | None,
    players_next: Sequence[PlayerId],
) -> PlayerId | None:
    """Who deals the next round: the next seat still playing, or the round winner
    (docs/rules.md 3.8)."""
    if not players_next:
        return None
    if rules.dealer_rule == "winner_deals" and winner in players_next:
        return winner
    playing = set(players_next)
    seat = seats.index(dealer)
    for step in range(1, len(seats) + 1):
        candidate = seats[(seat + step) % len(seats)]
        if candidate in playing:
            return candidate
    return None  # pragma: no cover - players_next is never empty here
