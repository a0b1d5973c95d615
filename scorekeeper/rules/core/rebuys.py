"""Why a player may not re-buy now (docs/rules.md 4.2): the refusal the question
(`results.can_rebuy`, read off any family's Game) and the knock family's action share.
The knock family decides the offers (knock/rebuy.py); the families without re-buys close
them for everyone.
"""

from ..errors import Message, RebuyNotAllowed


def rebuy_refusal(
    name: str,
    *,
    known: bool,
    closed: Message | None,
    round_count: int,
    rebought: bool,
    offer: object,
    after_round: int | None = None,
) -> Message | None:
    """Why the player `name` may not re-buy now, or None; `offer` is this break's for them
    (a RebuyOffer, or the Message saying why there is none).

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
