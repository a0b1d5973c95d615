"""The end of a game: placings, payouts, each player's money and who pays whom."""

from dataclasses import dataclass

from ... import rules as engine
from ...rules import PlayerState


@dataclass
class Placing:
    place: int
    name: str
    total: int
    payout: int
    # The round the player went out (or died) in: a 3rd with 107 above a 4th with 104
    # went out later (docs/rules.md 4.4, 10.5); None for who never went out.
    out_round: int | None = None
    dead: bool = False


@dataclass
class Payment:
    debtor: str
    creditor: str
    amount: int


@dataclass
class Result:
    winner: str | None
    placings: list[Placing]
    nets: list[tuple[int, str, int]]  # (player, name, amount)
    payments: list[Payment]
    carried_out: int
    money_moved: bool  # a game played for nothing has no money to show


def build_result(view, settlement) -> Result:
    """Placings, payouts, each player's money and who pays whom, for reading aloud."""
    state, rules = view.state, view.rules
    paid = dict(state.payouts)
    # Going out decides the places where the rules eliminate (docs/rules.md 4.4, 10.5); a
    # Gin match's loser is placed by the final account instead (docs/rules.md 8).
    outs = engine.family_for(rules).eliminates(rules)
    placings = sorted(
        (Placing(standing.place, view.name(standing.player),
                 standing.total if standing.final is None else standing.final,
                 paid.get(standing.player, 0),
                 standing.out_round if outs else None,
                 standing.state == PlayerState.DEAD)
         for standing in state.standings if standing.place is not None),
        key=lambda placing: placing.place,
    )
    return Result(
        view.name(state.winner) if state.winner is not None else None,
        placings,
        [(player, view.name(player), amount) for player, amount in settlement.nets.items()],
        [Payment(view.name(p.debtor), view.name(p.creditor), p.amount)
         for p in settlement.payments],
        state.carried_out,
        any(settlement.nets.values()) or any(paid.values()),
    )
