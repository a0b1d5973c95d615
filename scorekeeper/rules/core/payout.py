"""Placings and the pot's payout (docs/rules.md 4.4 and 5.3): the knock family's, and Rami's
elimination mode's, which pays its pot the same way."""

from collections.abc import Mapping, Sequence

from ..money import allocate
from ..presets import Rules
from .results import PlayerId


def placings(
    seats: Sequence[PlayerId],
    winner: PlayerId | None,
    out_round: Mapping[PlayerId, int | None],
    totals: Mapping[PlayerId, int],
) -> dict[PlayerId, int]:
    """Places of the winner and of every player out (docs/rules.md 4.4).

    Winner first; then later out is better; out in the same round, lower total is
    better; exact ties share the place. A player still in has no place yet.
    """
    places: dict[PlayerId, int] = {}
    if winner is not None:
        places[winner] = 1
    gone = sorted((p for p in seats if out_round[p] is not None),
                  key=lambda p: (-out_round[p], totals[p]))
    ahead = len(seats) - len(gone)
    previous = None
    for index, player in enumerate(gone):
        key = (out_round[player], totals[player])
        if key != previous:
            place, previous = ahead + index + 1, key
        places[player] = place
    return places


def pot_split(rules: Rules, started_with: int) -> tuple[int, ...]:
    """The percentages by place: pot_split from pot_split_min_players, else all to the winner."""
    # docs/rules.md 6.2: the dead have lost their claim to the pot, so the living winner
    # takes it all.
    if rules.dead_play_on or started_with < rules.pot_split_min_players:
        return (100,)
    return rules.pot_split


def pot_shares(
    pot: int,
    split: Sequence[int],
    places: Mapping[PlayerId, int],
    seats: Sequence[PlayerId],
) -> list[tuple[PlayerId, int]]:
    """Each placed player's share, in place order; tied places pool their shares.

    Places share by largest remainder (ties to the better place); a tie pools the
    shares of the places it covers and splits them equally (ties to the earlier seat).
    """
    weights = list(split[: len(seats)])
    by_place = allocate(pot, weights)
    groups: dict[int, list[PlayerId]] = {}
    for player in seats:  # seat order, so allocate's ties go to the earlier seat
        if player in places:
            groups.setdefault(places[player], []).append(player)
    shares: list[tuple[PlayerId, int]] = []
    for place in sorted(groups):
        group = groups[place]
        pooled = sum(by_place[place - 1: place - 1 + len(group)])
        parts = allocate(pooled, [1] * len(group))
        shares.extend(zip(group, parts, strict=True))
    return shares
