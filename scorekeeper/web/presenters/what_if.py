"""What a correction would change, shown before it is saved: totals, who is in, money."""

from dataclasses import dataclass

from ...rules import PlayerState
from ..families.tally_sheet import points_text


@dataclass
class WhatIfLine:
    """A player before and after the correction: total, whether in, money."""

    player: int
    name: str
    total: str
    new_total: str
    balance: int
    new_balance: int
    went_out: bool  # newly out (or dead)
    back_in: bool
    new_state: str

    @property
    def changed(self) -> bool:
        return (self.total != self.new_total or self.balance != self.new_balance
                or self.went_out or self.back_in)


@dataclass
class WhatIf:
    lines: list[WhatIfLine]
    undone: list[str]  # whose re-buys the correction undoes
    winner: str | None  # who wins, when the correction changes it
    ends: bool  # the correction ends the game
    reopens: bool  # the correction takes back the game's end

    @property
    def changed(self) -> bool:
        return bool(self.undone or self.winner or self.ends or self.reopens or any(
            line.changed for line in self.lines))

    @property
    def totals(self) -> list[WhatIfLine]:
        return [line for line in self.lines if line.total != line.new_total]

    @property
    def money(self) -> list[WhatIfLine]:
        return [line for line in self.lines if line.balance != line.new_balance]


def build_what_if(view, preview) -> WhatIf:
    """The standings and money now and as the correction would leave them."""
    old, new = preview.old, preview.new
    lines = []
    for seat, before, after in zip(view.seats, old.standings, new.standings, strict=True):
        lines.append(WhatIfLine(
            seat.player_id, seat.player.name, points_text(before.total),
            points_text(after.total), before.balance, after.balance,
            before.state == PlayerState.IN and after.state != PlayerState.IN,
            before.state != PlayerState.IN and after.state == PlayerState.IN, after.state,
        ))
    winner = None
    if new.winner != old.winner and new.winner is not None:
        winner = view.name(new.winner)
    return WhatIf(lines, [view.name(player) for player in preview.undone], winner,
                  new.status.ended and not old.status.ended,
                  old.status.ended and not new.status.ended)
