"""Every re-buy decision of the knock family (docs/rules.md 4.2), one function each.

The question and the action give the same reason: `can_rebuy(game, player)` (the core's,
core/results.py) answers with a RebuyNotAllowed (not raised) or None; `check_rebuy` and
`rebuy` raise that same error.
"""

from collections.abc import Collection, Mapping, Sequence
from dataclasses import dataclass, field

from ..core.entries import RebuyEntry
from ..core.results import Game, PlayerId, RebuyOffer, can_rebuy
from ..errors import Message, RebuyNotAllowed
from ..money import format_money
from ..presets import Rules
from ..status import PlayerState


@dataclass(frozen=True)
class Break:
    """The re-buys of the break after round `round`: closed for everyone (`closed` says
    why), or the offers, computed once from `totals_in`, the totals of the players still
    in right after the round."""

    round: int
    closed: Message | None = None
    offers: Mapping[PlayerId, RebuyOffer] = field(default_factory=dict)
    totals_in: Mapping[PlayerId, int] = field(default_factory=dict)


def rebuy_rule(rules: Rules) -> Message:
    """The re-buy rule of a rule set in words: window, players needed, cost."""
    if rules.mode == "points":
        return Message("rebuy_points_game")
    if not rules.rebuy:
        return Message("rebuy_off")
    return Message("rebuy_rule", {
        "rebuy_from": rules.rebuy_from, "last": rules.eliminate_at - 1,
        "eliminate_at": rules.eliminate_at, "min_players": rules.rebuy_min_players,
        "cost": format_money(rules.effective_rebuy_cost),
    })


def rebuy_closed(rules: Rules, *, over: bool, round_count: int) -> Message | None:
    """Why nobody may re-buy after round `round_count`, or None when the break is open."""
    if rules.mode == "points":
        return Message("rebuy_points_game")
    if not rules.rebuy:
        return Message("rebuy_off")
    if over:
        return Message("rebuy_game_over")
    if round_count == 0:
        return Message("rebuy_before_first_round")
    return None


def in_rebuy_window(total: int, rules: Rules) -> bool:
    """A total from rebuy_from up to just below eliminate_at may re-buy."""
    return rules.rebuy_from <= total < rules.eliminate_at


def rebuy_target(player: PlayerId, totals_in: Mapping[PlayerId, int], rules: Rules) -> int | None:
    """The highest total among the other players still in that is below rebuy_from."""
    below = [total for other, total in totals_in.items()
             if other != player and total < rules.rebuy_from]
    return max(below, default=None)


def open_break(rules: Rules, round_count: int, *, over: bool,
               totals_in: Mapping[PlayerId, int], rebought: Collection[PlayerId]) -> Break:
    """The break after round `round_count`: its offers or why it is closed.

    docs/rules.md 4.2: targets are computed once from the totals right after the round,
    so all who re-buy in one break get the same target.
    """
    closed = rebuy_closed(rules, over=over, round_count=round_count)
    if closed:
        return Break(round_count, closed)
    offers: dict[PlayerId, RebuyOffer] = {}
    if len(totals_in) >= rules.rebuy_min_players:
        for player, total in totals_in.items():
            if in_rebuy_window(total, rules) and player not in rebought:
                target = rebuy_target(player, totals_in, rules)
                if target is not None:
                    offers[player] = RebuyOffer(player, target, rules.effective_rebuy_cost)
    return Break(round_count, None, offers, dict(totals_in))


def no_offer(rules: Rules, name: str, *, state: PlayerState, rebought: bool, total: int,
             players_in: int) -> Message:
    """Why the open break has no re-buy offer for the player called `name`."""
    if state != PlayerState.IN:
        code = "rebuy_player_out" if state == PlayerState.OUT else "rebuy_player_dead"
        return Message(code, {"name": name})
    if rebought:
        return Message("rebuy_already_taken", {"name": name})
    if not in_rebuy_window(total, rules):
        return Message("rebuy_window", {"name": name, "total": total,
                                        "rebuy_from": rules.rebuy_from,
                                        "last": rules.eliminate_at - 1})
    if players_in < rules.rebuy_min_players:
        return Message("rebuy_too_few_players", {"min_players": rules.rebuy_min_players})
    return Message("rebuy_no_target", {"rebuy_from": rules.rebuy_from})


def check_rebuy(game: Game, player: PlayerId, *, after_round: int | None = None) -> RebuyOffer:
    """The offer `player` takes now; RebuyNotAllowed with the reason can_rebuy gives."""
    refusal = can_rebuy(game, player, after_round)
    if refusal:
        raise refusal
    return game.rebuy_break[player]


def rebuy(game: Game, player: PlayerId, *, after_round: int | None = None) -> RebuyEntry:
    """The re-buy to record for `player` in the current break, or RebuyNotAllowed.

    `after_round` is the round the caller saw last; a stale one is refused because
    the next round's entry closed that break.
    """
    check_rebuy(game, player, after_round=after_round)
    return RebuyEntry(player, game.round_count)


def rebuys_by_round(rebuys: Sequence[RebuyEntry], played: int
                    ) -> dict[int, list[tuple[int, RebuyEntry]]]:
    """The re-buys of a replay by the round they follow, with their index in `rebuys`;
    a re-buy after a round not yet played is refused."""
    by_round: dict[int, list[tuple[int, RebuyEntry]]] = {}
    for index, entry in enumerate(rebuys):
        after = entry.after_round
        if isinstance(after, bool) or not isinstance(after, int) or after < 0:
            raise RebuyNotAllowed("rebuy_round_not_a_number",
                                  where=("rebuys", index, "after_round"))
        if after > played:
            raise RebuyNotAllowed("round_not_played", {"round": after},
                                  where=("rebuys", index, "after_round"))
        by_round.setdefault(after, []).append((index, entry))
    return by_round
