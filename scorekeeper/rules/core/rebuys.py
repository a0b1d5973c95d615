"""Whether a player may re-buy now, read off any family's Game (docs/rules.md 4.2): the
refusal the question and the action share. The knock family decides the offers
(knock/rebuy.py); the families without re-buys close them for everyone.
"""

from ..errors import Message, RebuyNotAllowed
from .results import Game, PlayerId, RebuyOffer, player_name


def rebuy_refusal(
    name: str,
    *,
    known: bool,
    closed: Message | None,
    round_count: int,
    rebought: bool,
    offer: RebuyOffer | Message | None,
    after_round: int | None = None,
) -> Message | None:
    """Why the player `name` may not re-buy now, or None; `offer` is this break's for them.

    `after_round` is the round the asker saw last: the next round's entry closed the
    offers of the break before it.
    """
    if not known:
        return Message("not_a_player", {"name": name})
    if closed:
        return closed
    if after_round is not None and after_round != round_count:
        if after_round < round_count:
            return Message("rebuy_break_closed", {"round": after_round,
                                                  "next_round": after_round + 1})
        return Message("round_not_played", {"round": after_round})
    if rebought:
        return Message("rebuy_already_taken", {"name": name})
    if isinstance(offer, Message):
        return offer
    return None


def refused(reason: Message, *, where: tuple) -> RebuyNotAllowed:
    """The error that carries a re-buy's refusal, at `where`."""
    return RebuyNotAllowed(reason.code, reason.params, where=where)


def can_rebuy(game: Game, player: PlayerId, after_round: int | None = None
              ) -> RebuyNotAllowed | None:
    """None when `player` may re-buy now, else the reason as a RebuyNotAllowed (not raised)."""
    standing = next((s for s in game.standings if s.player == player), None)
    reason = rebuy_refusal(
        player_name(player, game.names),
        known=standing is not None,
        closed=game.rebuy_closed,
        round_count=game.round_count,
        rebought=standing is not None and standing.rebought,
        offer=game.rebuy_break.get(player),
        after_round=after_round,
    )
    return None if reason is None else refused(reason, where=("player",))
