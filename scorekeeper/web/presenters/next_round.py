"""Who plays the next round and who deals it, the re-buys open before it, and who played a
recorded one."""

from dataclasses import dataclass

from ..families.gin_sheet import match_title


@dataclass
class MatchChoice:
    number: int
    title: str
    names: str  # "Anna – Ben"
    dealer: str


@dataclass
class RoundTable:
    """Who plays the next round and who deals it. A game with two matches open (a Gin
    tournament's semifinals) asks first which match the round was played in: then
    `choices` lists them and `players` is empty."""

    players: list[int]
    dealer: int | None
    match: int | None
    choices: list[MatchChoice]


def next_round_table(view, requested_match: str | None = None) -> RoundTable:
    """The next round's players and dealer; the match `requested_match` names, when the
    game plays several at once."""
    state = view.state
    open_matches = [match for match in state.matches if not match.over]
    if len(open_matches) < 2:
        return RoundTable(list(state.next_participants), state.next_dealer, None, [])
    chosen = next((m for m in open_matches if str(m.number) == requested_match), None)
    if chosen is None:
        return RoundTable([], None, None, [
            MatchChoice(match.number, match_title(match),
                        " – ".join(view.name(player) for player in match.players),
                        view.name(match.dealer))
            for match in open_matches
        ])
    return RoundTable(list(chosen.players), chosen.dealer, chosen.number, [])


def round_players(view, result) -> list[int]:
    """The players of a recorded round (a void round has no hands: its match's players)."""
    if result.results:
        return [line.player for line in result.results]
    match = next(m for m in view.history.matches if m.number == result.match)
    return list(match.players)


@dataclass
class Offer:
    player: int
    name: str
    total: int
    target: int
    cost: int

    @property
    def saved(self) -> int:
        return self.total - self.target


def open_offers(view) -> list[Offer]:
    """The re-buys open right now, in seat order."""
    state = view.state
    if not state.status.playing:
        return []
    offers = []
    for seat, standing in zip(view.seats, state.standings, strict=True):
        offer = state.rebuy_offer(seat.player_id)
        if offer is not None:
            offers.append(Offer(seat.player_id, seat.player.name, standing.total,
                                offer.target, offer.cost))
    return offers
