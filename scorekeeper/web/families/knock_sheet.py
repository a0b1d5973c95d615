"""The knock family's score sheet (the Block): rows of rounds, columns of players,
marks, re-buys and the re-buys open right now."""

from dataclasses import dataclass, field

from ...rules import PlayerState
from ..presenters.chart import PALETTE, Chart, build_chart
from ..presenters.next_round import Offer, open_offers


@dataclass
class Column:
    player: int
    name: str
    color: str
    total: int
    state: str  # in, out, dead
    rebought: bool
    place: int | None
    balance: int
    next_dealer: bool


@dataclass
class Cell:
    played: bool = False
    total: int | None = None
    points: int | None = None
    dealer: bool = False
    ender: bool = False
    rummy: bool = False
    winner: bool = False  # won the round by undercutting the ender
    went_out: bool = False
    dead: bool = False  # dead before this round: points are no longer written
    rebuy_to: int | None = None
    # docs/rules.md 3.4: on a Rummy round the others write their hand plus the Rummy
    # bonus points; the sheet shows the two parts ("12 + 10"), not their sum.
    deadwood: int = 0

    @property
    def parts(self) -> str:
        bonus = (self.points or 0) - self.deadwood
        return f"{self.deadwood} + {bonus}" if bonus > 0 else f"+{self.points}"


@dataclass
class Row:
    number: int
    revision: int
    reason: str
    decider: bool
    cells: list[Cell]


@dataclass
class Sheet:
    columns: list[Column]
    rows: list[Row]
    corrected: list[Row]
    offers: list[Offer]
    last: "LastRound | None"
    chart: "Chart"
    gone_word: str
    # Its news and table (partials "news" and "table"), shown by scorekeeper/game.html.
    template: str = "scorekeeper/families/knock_sheet.html"
    last_money: list = field(default_factory=list)  # MoneyLine: who got what last round


@dataclass
class LastRound:
    number: int
    ender: str
    winner: str | None
    deadwood: int
    rummy: bool
    undercut: bool
    decider: bool
    out: list[str]
    gone_state: str


def build_knock_sheet(view) -> Sheet:
    """The Block: one row per round, one column per player, marks, re-buys, the chart."""
    state, rules = view.history, view.rules
    colors = {seat.player_id: PALETTE[index % len(PALETTE)]
              for index, seat in enumerate(view.seats)}  # fmt: skip
    gone_state = PlayerState.DEAD if rules.dead_play_on else PlayerState.OUT
    targets = {(offer.player, result.number): offer.target
               for result in state.rounds for offer in result.rebuy_offers}  # fmt: skip
    rebuys = {(rebuy.player_id, rebuy.after_round) for rebuy in view.rebuys}
    gone: dict[int, int] = {}
    rows = []
    for result, stored in zip(state.rounds, view.rounds, strict=True):
        lines = {line.player: line for line in result.results}
        cells = []
        for seat in view.seats:
            player = seat.player_id
            line = lines.get(player)
            cell = Cell()
            if line is not None:
                cell.played, cell.total, cell.points = True, line.total, line.points
                cell.deadwood = line.deadwood
                cell.dealer = result.dealer == player
                cell.ender = result.ender == player
                cell.rummy = cell.ender and result.rummy
                cell.winner = result.winner == player and result.winner != result.ender
                cell.dead = player in gone
            cell.went_out = player in result.out
            if (player, result.number) in rebuys:
                cell.rebuy_to = targets.get((player, result.number))
            cells.append(cell)
        for player in result.out:
            gone.setdefault(player, result.number)
        rows.append(Row(result.number, stored.revision, stored.reason, result.decider, cells))
    columns = [
        Column(seat.player_id, seat.player.name, colors[seat.player_id], standing.total,
               standing.state, standing.rebought, standing.place, standing.balance,
               state.next_dealer == seat.player_id)
        for seat, standing in zip(view.seats, state.standings, strict=True)
    ]
    offers = open_offers(view)
    last = None
    if state.rounds:
        result = state.rounds[-1]
        line = next(line for line in result.results if line.player == result.ender)
        last = LastRound(
            result.number, view.name(result.ender),
            view.name(result.winner) if result.winner is not None else None,
            line.deadwood, result.rummy, result.undercut, result.decider,
            [view.name(player) for player in result.out], gone_state,
        )
    guides = []
    if rules.mode == "pot":
        guides = [rules.rebuy_from, rules.eliminate_at] if rules.rebuy else [rules.eliminate_at]
    return Sheet(columns, rows, [row for row in rows if row.revision], offers, last,
                 build_chart(view, columns, guides), gone_state)
