"""Refusing a knock game that cannot be played: its family, seating, carried pot or
closing (docs/rules.md 5.7, 6.3). A round's hands are checked by the core (core/hands.py).

Error positions are inside replay's arguments: `players[2]`, `carried_in`, `closed`.
"""

from collections.abc import Sequence

from ..core import PlayerId, check_carried_in, check_player_ids
from ..errors import InvalidRules
from ..presets import Rules


def check_game(rules: Rules, players: Sequence[PlayerId], carried_in: int,
               closed: bool) -> None:
    """Refuse a game that cannot be played: wrong family, seating, carried pot or closing."""
    if rules.family != "knock":
        raise InvalidRules("not_knock_family", where=("rules", "family"))
    if len(players) < 2:
        raise InvalidRules("too_few_players", {"count": 2}, where=("players",))
    check_player_ids(players)
    check_carried_in(carried_in)
    if carried_in and rules.mode == "points":
        raise InvalidRules("carried_pot_points_game", where=("carried_in",))
    if closed and rules.mode != "points":
        raise InvalidRules("closed_with_pot", where=("closed",))
