"""Basic Rummy's and Rami's score sheet: each round's points in their parts, to a target
or, in Rami's elimination mode, to a limit."""

from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy

from ... import rules as engine
from ...rules import PlayerState
from ..presenters.chart import PALETTE, Chart, build_chart

# A round's points in their parts (docs/rules.md 9.2, 10.2, 10.5), as the sheet writes them.
HAND_PART = gettext_lazy("%(points)s hand")


def points_text(points: int) -> str:
    """Points as the sheet writes them, a total below 0 with a minus sign: "−255"."""
    return f"\u2212{-points}" if points < 0 else str(points)


@dataclass
class TallyColumn:
    player: int
    name: str
    color: str
    total: int
    state: str  # "in"; "out" once eliminated (Rami's elimination mode)
    place: int | None
    balance: int
    next_dealer: bool
    leader: bool

    @property
    def shown(self) -> str:
        return points_text(self.total)


@dataclass
class TallyCell:
    played: bool = False
    points: int = 0
    total: int = 0
    parts: str = ""  # "65 + 40 hand + 100", "35 × 4", "+20"
    held: int | None = None  # Basic Rummy: what a player who did not go out held
    dealer: bool = False
    ender: bool = False
    rummy: bool = False
    penalty: int = 0
    went_out: bool = False  # eliminated by this round

    @property
    def shown(self) -> str:
        return points_text(self.total)


@dataclass
class TallyRow:
    number: int
    revision: int
    reason: str
    cells: list[TallyCell]


@dataclass
class TallyNews:
    """The last round in a sentence or two."""

    number: int
    ender: str
    finish: str  # "" (Basic Rummy), "none", "rummy", "own_cards"
    score: str  # what the one who went out scored: "65 + 40 hand + 100 = 205", "65"
    multiplier: int  # elimination: how often the others' hands count
    nobody_else_laid: bool
    penalties: list[tuple[str, int]]
    out: list[str]


@dataclass
class TallySheet:
    """Basic Rummy's and Rami's Block: a column per player, each round's points in their
    parts; to a target (highest wins) or, in Rami's elimination mode, to a limit (lowest
    wins)."""

    columns: list[TallyColumn]
    rows: list[TallyRow]
    corrected: list[TallyRow]
    last: TallyNews | None
    chart: Chart | None
    lowest_wins: bool
    target: int  # the target, or in elimination mode the limit
    money: bool  # whether the sheet has money to show per player
    # Whether a round records what each player laid (Rami); else a hand's points are what
    # was left in it (Basic Rummy), and the one who went out is marked so.
    records_laid: bool
    # Its news and table (partials "news" and "table"), shown by scorekeeper/game.html.
    template: str = "scorekeeper/families/tally_sheet.html"
    last_money: list = field(default_factory=list)


def tally_parts(line, *, eliminates: bool, went_out: bool) -> str:
    """A player's points in a round in their parts: laid + hand + bonus - penalty
    ("65 + 40 hand + 100", "30 − 300"), in elimination mode hand × multiplier + penalty
    ("35 × 4", "35 + 300"); a single part as "+65"."""
    if not line.points and not line.penalty:
        return "0"
    if eliminates:
        held = "" if went_out else (f"{line.hand} × {line.multiplier}" if line.multiplier > 1
                                    else str(line.hand))
        if not line.penalty:
            return held if "×" in held else f"+{line.points}"
        return f"{held} + {line.penalty}" if held and line.hand else f"+{line.penalty}"
    parts = [str(line.laid)] if line.laid or not (line.hand or line.bonus) else []
    if line.hand:
        parts.append(str(HAND_PART) % {"points": line.hand})
    if line.bonus:
        parts.append(str(line.bonus))
    text = " + ".join(parts)
    if line.penalty:
        return f"{text} \u2212 {line.penalty}" if text != "0" else f"\u2212{line.penalty}"
    return text if len(parts) > 1 else f"+{line.points}"


def build_tally_sheet(view) -> TallySheet:
    """One row per round, one column per player, the leader and the chart toward the
    target (or the limit in Rami's elimination mode)."""
    state, rules = view.history, view.rules
    family = engine.family_for(rules)
    eliminates = family.eliminates(rules)
    colors = {seat.player_id: PALETTE[index % len(PALETTE)]
              for index, seat in enumerate(view.seats)}  # fmt: skip
    rows = []
    for result, stored in zip(state.rounds, view.rounds, strict=True):
        lines = {line.player: line for line in result.results}
        cells = []
        for seat in view.seats:
            line = lines.get(seat.player_id)
            cell = TallyCell()
            if line is not None:
                ender = result.ender == seat.player_id
                cell = TallyCell(
                    True, line.points, line.total,
                    tally_parts(line, eliminates=eliminates, went_out=ender),
                    line.deadwood if not (family.records_laid or ender) else None,
                    result.dealer == seat.player_id, ender, ender and result.rummy,
                    line.penalty, seat.player_id in result.out,
                )
            cells.append(cell)
        rows.append(TallyRow(result.number, stored.revision, stored.reason, cells))
    standings = state.standings
    leaders = _leaders(standings, lowest=eliminates) if state.rounds else set()
    columns = [
        TallyColumn(seat.player_id, seat.player.name, colors[seat.player_id], standing.total,
                    standing.state, standing.place, standing.balance,
                    state.next_dealer == seat.player_id, seat.player_id in leaders)
        for seat, standing in zip(view.seats, standings, strict=True)
    ]
    target = rules.eliminate_at if eliminates else rules.game_target
    chart = build_chart(view, columns, [target]) if state.rounds else None
    return TallySheet(
        columns, rows, [row for row in rows if row.revision], _tally_news(view, eliminates),
        chart, eliminates, target, bool(rules.point_value or rules.buy_in),
        family.records_laid,
    )


def _leaders(standings, *, lowest: bool) -> set[int]:
    """Who leads: the highest total (the lowest among those still in, in elimination)."""
    playing = [s for s in standings if s.state == PlayerState.IN] if lowest else standings
    if not playing:
        return set()
    best = (min if lowest else max)(s.total for s in playing)
    return {s.player for s in playing if s.total == best}


def _tally_news(view, eliminates: bool) -> TallyNews | None:
    state = view.history
    if not state.rounds:
        return None
    result = state.rounds[-1]
    lines = {line.player: line for line in result.results}
    won = lines[result.ender]
    others = [line for line in result.results if line.player != result.ender]
    parts = tally_parts(won, eliminates=eliminates, went_out=True)
    single = parts == "0" or parts.startswith("+")
    return TallyNews(
        result.number, view.name(result.ender), result.finish,
        str(won.points) if single else f"{parts} = {won.points}",
        max((line.multiplier for line in others), default=1), result.nobody_else_laid,
        [(view.name(line.player), line.penalty) for line in result.results if line.penalty],
        [view.name(player) for player in result.out],
    )
