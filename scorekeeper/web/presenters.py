"""What the pages show, built from a services.GameView: the score sheet, the chart, money text.

No rule lives here: every number comes from the engine (`view.state`, `view.history`)
and every decision about money from the services (`services.settlement_for`); this
module only arranges them for a small screen and a language.
"""

import uuid
from dataclasses import dataclass, field
from decimal import Decimal

from django.utils import formats
from django.utils.translation import get_language, gettext_lazy, ngettext
from django.utils.translation import gettext as _

from .. import rules as engine
from ..rules import GameStatus, PlayerState
from .round_form import card_view

# Chart and column colours: dark enough for 4.5:1 on the paper background, told apart
# by hue; the names at the line ends and in the sheet's header carry the meaning too.
PALETTE = ("#1a4fa0", "#b3261e", "#1b6e3a", "#7b3fa0", "#9a5b00", "#0f6e7a",
           "#4a4a4a", "#b0306a", "#3d5a00", "#5b4fc4", "#8a3b12", "#00639b")  # fmt: skip

CURRENCY_SYMBOLS = {"EUR": "€", "USD": "$", "GBP": "£"}


# --- Money and numbers per language -------------------------------------------------------


def money_text(minor: int, currency: str = "EUR", *, signed: bool = False,
               symbol: bool = True) -> str:
    """Minor units as the active language writes money: "17,50 €" (de), "€17.50" (en)."""
    minor = int(minor)
    amount = formats.number_format(Decimal(abs(minor)).scaleb(-2), 2, use_l10n=True,
                                   force_grouping=True)
    sign = "\u2212" if minor < 0 else ("+" if signed and minor > 0 else "")
    if not symbol:
        return f"{sign}{amount}"
    mark = CURRENCY_SYMBOLS.get(currency, currency)
    if (get_language() or "en").startswith("de") or len(mark) > 1:
        return f"{sign}{amount}\u00a0{mark}"
    return f"{sign}{mark}{amount}"


def minor_from_text(text: str) -> int:
    """A typed amount ("5", "5,50", "5.5") -> minor units; RulesError in plain words."""
    try:
        return engine.parse_money(text.strip())
    except engine.MoneyError:
        raise engine.MoneyError(
            _("Enter an amount like 5 or 5%(sep)s50") % {"sep": formats.get_format(
                "DECIMAL_SEPARATOR")}
        ) from None


def amount_field_value(minor: int) -> str:
    """An amount as a form field shows it in the active language: 500 -> "5,00" or "5.00"."""
    return formats.number_format(Decimal(minor).scaleb(-2), 2, use_l10n=True)


def basic_setup_text(players: int) -> str:
    """What "Auto" deals in Basic Rummy for the players seated so far (docs/rules.md 9.1)."""
    if players < 2:
        return _("Auto: 1 deck and 10 cards each for 2 players, 7 cards for 3 to 5, 2 decks "
                 "and 10 cards for 6 or 7.")
    rules = engine.Rules.preset("basic", players=players)
    return ngettext("Auto with %(players)s players: %(decks)s deck, %(cards)s cards each.",
                    "Auto with %(players)s players: %(decks)s decks, %(cards)s cards each.",
                    rules.decks) % {"players": players, "decks": rules.decks,
                                    "cards": rules.hand_size}


# --- Forms ----------------------------------------------------------------------------------


def new_form_key() -> str:
    """The key a form carries so that sending it twice counts once (scorekeeper.idempotency)."""
    return f"page:{uuid.uuid4().hex}"


# --- The score sheet ------------------------------------------------------------------------


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
class Offer:
    player: int
    name: str
    total: int
    target: int
    cost: int

    @property
    def saved(self) -> int:
        return self.total - self.target


@dataclass
class Sheet:
    columns: list[Column]
    rows: list[Row]
    corrected: list[Row]
    offers: list[Offer]
    last: "LastRound | None"
    chart: "Chart"
    gone_word: str
    matches: tuple = ()  # a knock game is one sheet, not matches
    kind: str = "knock"
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


def open_offers(view) -> list[Offer]:
    """The re-buys open right now, in seat order."""
    state = view.state
    if state.status not in (GameStatus.RUNNING, GameStatus.DECIDER):
        return []
    offers = []
    for seat, standing in zip(view.seats, state.standings, strict=True):
        offer = state.rebuy_offer(seat.player_id)
        if offer is not None:
            offers.append(Offer(seat.player_id, seat.player.name, standing.total,
                                offer.target, offer.cost))
    return offers


# --- The chart ----------------------------------------------------------------------------

CHART_WIDTH, CHART_HEIGHT = 360, 200
_LEFT, _RIGHT, _TOP, _BOTTOM = 30, 66, 10, 22


@dataclass
class Line:
    name: str
    color: str
    points: str  # "x,y x,y ..." for a polyline
    end_x: float
    end_y: float
    label_y: float
    gone: bool


@dataclass
class Guide:
    value: int
    y: float
    label: str


@dataclass
class Chart:
    width: int
    height: int
    lines: list[Line]
    guides: list[Guide]
    ticks: list[tuple[float, int]]  # (x, round number)
    plot_left: int
    plot_right: int
    plot_bottom: int
    plot_top: int


def build_chart(view, columns, guides: list[int]) -> Chart:
    """Totals per round as lines, with `guides` (the limits that matter) as dashed lines.

    `columns` need `player`, `name`, `color` and `state`."""
    state = view.history
    rounds = len(state.rounds)
    series: dict[int, list[tuple[int, int]]] = {column.player: [(0, 0)] for column in columns}
    targets = {(offer.player, result.number): offer.target
               for result in state.rounds for offer in result.rebuy_offers}  # fmt: skip
    rebuys = {(rebuy.player_id, rebuy.after_round) for rebuy in view.rebuys}
    for result in state.rounds:
        for line in result.results:
            series[line.player].append((result.number, line.total))
            target = targets.get((line.player, result.number))
            if (line.player, result.number) in rebuys and target is not None:
                series[line.player].append((result.number, target))
    totals = [total for points in series.values() for _, total in points]
    top = max(max(totals, default=0), *guides, 10)
    top = ((top + 19) // 20) * 20  # a round number of points at the top
    # Rami's penalties can take a total below 0: the chart then reaches below the axis.
    low = -((-min(min(totals, default=0), 0) + 19) // 20) * 20
    plot_right = CHART_WIDTH - _RIGHT
    plot_bottom = CHART_HEIGHT - _BOTTOM
    span_x = plot_right - _LEFT
    span_y = plot_bottom - _TOP

    def x(number: int) -> float:
        return round(_LEFT + span_x * number / max(rounds, 1), 1)

    def y(total: int) -> float:
        return round(plot_bottom - span_y * (total - low) / (top - low), 1)

    lines = []
    for column in columns:
        points = series[column.player]
        end_x, end_y = x(points[-1][0]), y(points[-1][1])
        lines.append(Line(column.name, column.color,
                          " ".join(f"{x(n):g},{y(t):g}" for n, t in points),
                          end_x, end_y, end_y, column.state != PlayerState.IN))
    # Names at the line ends, pushed apart so they never overlap (12 units a line).
    placed = sorted(lines, key=lambda line: line.end_y)
    for before, after in zip(placed, placed[1:], strict=False):
        after.label_y = max(after.label_y, before.label_y + 12)
    overflow = (placed[-1].label_y - (plot_bottom + 4)) if placed else 0
    if overflow > 0:
        for line in placed:
            line.label_y = round(line.label_y - overflow, 1)
        for before, after in zip(placed, placed[1:], strict=False):
            after.label_y = max(after.label_y, before.label_y + 12)
    lines_at = [Guide(value, y(value), str(value)) for value in guides]
    if low:
        lines_at.append(Guide(0, y(0), "0"))
    step = 1 if rounds <= 10 else 5
    ticks = [(x(number), number) for number in range(0, rounds + 1, step) if number]
    return Chart(CHART_WIDTH, CHART_HEIGHT, lines, lines_at, ticks, _LEFT, plot_right,
                 plot_bottom, _TOP)


# --- The Gin sheet --------------------------------------------------------------------------

MATCH_TITLES = {
    "match": gettext_lazy("Match"),
    "semifinal": gettext_lazy("Semifinal %(number)s"),
    "final": gettext_lazy("Final"),
}
# A winner's points in their parts (docs/rules.md 8): the difference and the bonus.
POINTS_IN_PARTS = {
    "gin": gettext_lazy("%(points)s = %(difference)s + %(bonus)s gin"),
    "undercut": gettext_lazy("%(points)s = %(difference)s + %(bonus)s undercut"),
}


@dataclass
class GinColumn:
    """One player of a match: the running total, the boxes and, at the end, the account."""

    player: int
    name: str
    color: str
    seat: int
    total: int
    boxes: int
    state: str  # "in"; "out" once the match is lost
    next_dealer: bool
    won: bool
    final: int | None
    account: str  # "103 + 100 + 60": total + game bonus + boxes, once the match is over


@dataclass
class GinCell:
    deadwood: int
    points: int
    total: int
    dealer: bool
    knocked: bool
    won: bool


@dataclass
class GinRow:
    """A round of a match: how it ended, who won, the points in parts, the lay-off."""

    number: int
    revision: int
    reason: str
    how: str  # "knock", "gin", "undercut" or "void"
    winner: str
    knocker: str
    knocker_deadwood: int | None
    parts: str  # "12 = 2 + 10 undercut"
    dealer: str
    cells: list[GinCell]
    laid_off: list[tuple[str, list]]  # (name, [CardView]) for each player who laid off


@dataclass
class MatchSheet:
    number: int
    title: str
    columns: list[GinColumn]
    rows: list[GinRow]
    over: bool
    winner: str | None


@dataclass
class GinSheet:
    """The Gin Block: a two-column sheet per match (a tournament's semifinals and final)."""

    matches: list[MatchSheet]
    tournament: bool
    final_pending: bool  # a tournament whose final waits for the semifinals
    last: GinRow | None
    ended: MatchSheet | None  # the match the last round ended
    corrected: list[GinRow]
    chart: Chart | None
    offers: list = field(default_factory=list)  # Gin has no re-buys
    kind: str = "gin"
    last_money: list = field(default_factory=list)

    @property
    def accounts(self) -> bool:
        """Whether a match is over, so the sheet shows final accounts to explain."""
        return any(match.over for match in self.matches)


def how_round_ended(result) -> str:
    """knock, gin, undercut or void: the word the sheet writes for a round."""
    if result.void:
        return "void"
    if result.gin:
        return "gin"
    return "undercut" if result.undercut else "knock"


def points_in_parts(how: str, line) -> str:
    """The winner's points as the sheet writes them: "33 = 13 + 20 gin", or "17"."""
    if line.bonus and how in POINTS_IN_PARTS:
        return str(POINTS_IN_PARTS[how]) % {"points": line.points,
                                             "difference": line.difference,
                                             "bonus": line.bonus}
    return str(line.points)


def match_title(match) -> str:
    return str(MATCH_TITLES[match.stage]) % {"number": match.number}


def final_account_parts(rules, match, side: int) -> str:
    """What a player's final account adds up once the match is over, as the sheet writes
    it before the "= 263": total + game bonus + boxes (docs/rules.md 8)."""
    return " + ".join(str(part) for part in engine.match_account_parts(rules, match, side))


def build_gin_sheet(view) -> GinSheet:
    """One sheet per match, its rounds in order, the boxes and the final accounts."""
    state, rules = view.history, view.rules
    seat_of = {seat.player_id: index for index, seat in enumerate(view.seats)}
    rows = {result.number: _gin_row(view, result, stored)
            for result, stored in zip(state.rounds, view.rounds, strict=True)}  # fmt: skip
    matches = []
    for match in state.matches:
        columns = [
            GinColumn(
                player, view.name(player), PALETTE[seat_of[player] % len(PALETTE)],
                seat_of[player], match.totals[side], match.boxes[side],
                PlayerState.OUT if match.over and match.winner != player else PlayerState.IN,
                match.dealer == player, match.winner == player,
                None if match.finals is None else match.finals[side],
                "" if match.finals is None else final_account_parts(rules, match, side),
            )
            for side, player in enumerate(match.players)
        ]
        matches.append(MatchSheet(
            match.number, match_title(match), columns,
            [rows[result.number] for result in state.rounds if result.match == match.number],
            match.over, view.name(match.winner) if match.over else None,
        ))
    last = rows[state.rounds[-1].number] if state.rounds else None
    ended = None
    if state.rounds:
        number = state.rounds[-1].number
        ended = next((sheet for sheet, match in zip(matches, state.matches, strict=True)
                      if match.ended_in == number), None)
    chart = None
    if len(matches) == 1 and state.rounds:
        chart = build_chart(view, matches[0].columns, [rules.game_target])
    return GinSheet(
        matches, rules.tournament, rules.tournament and len(matches) < 3, last, ended,
        [row for row in rows.values() if row.revision], chart,
    )


def _gin_row(view, result, stored) -> GinRow:
    how = how_round_ended(result)
    lines = {line.player: line for line in result.results}
    won = lines.get(result.winner)
    knocked = lines.get(result.ender)
    cells = [
        GinCell(line.deadwood, line.points, line.total, result.dealer == line.player,
                result.ender == line.player, result.winner == line.player)
        for line in result.results
    ]
    laid_off = [(view.name(line.player), [card_view(code) for code in line.laid_off])
                for line in result.results if line.laid_off]  # fmt: skip
    return GinRow(
        result.number, stored.revision, stored.reason, how,
        view.name(result.winner) if result.winner is not None else "",
        view.name(result.ender) if result.ender is not None else "",
        knocked.deadwood if knocked else None,
        points_in_parts(how, won) if won else "",
        view.name(result.dealer), cells, laid_off,
    )


# --- Basic Rummy and Rami -------------------------------------------------------------------

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
    offers: list = field(default_factory=list)  # no re-buys
    matches: tuple = ()
    kind: str = "tally"
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
    eliminates = rules.family == "rami" and rules.mode == "elimination"
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
                    line.deadwood if rules.family == "basic" and not ender else None,
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


# The score sheet of each rule family (scorekeeper.rules.family_for names it).
SHEETS = {"knock": build_knock_sheet, "gin": build_gin_sheet, "basic": build_tally_sheet,
          "rami": build_tally_sheet}


def build_sheet(view) -> "Sheet | GinSheet | TallySheet":
    """The score sheet of the game's family, with the money of its last round."""
    sheet = SHEETS[engine.family_for(view.rules).name](view)
    if view.history.rounds:
        sheet.last_money = round_money(view, view.history.rounds[-1].number)
    return sheet


# What the sheet's status calls the money in the middle of the table.
POT_LABELS = {"knock": gettext_lazy("Pot"), "gin": gettext_lazy("Prize pool"),
              "basic": gettext_lazy("Pot"), "rami": gettext_lazy("Pot")}


def pot_label(view) -> str:
    """The pot's name in the game's family, or "" when the game has none to show (a points
    game, a Gin match without a prize pool, Basic Rummy, Rami to a target)."""
    rules, state = view.rules, view.state
    if rules.mode == "points" or not (rules.buy_in or state.pot or state.payouts):
        return ""
    return str(POT_LABELS[engine.family_for(rules).name])


# --- The next round -------------------------------------------------------------------------


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


# --- The end of a game ----------------------------------------------------------------------


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
    # Going out decides the places in the knock family and Rami's elimination mode; a Gin
    # match's loser is placed by the final account instead (docs/rules.md 8).
    outs = engine.family_for(rules).name == "knock" or (
        rules.family == "rami" and rules.mode == "elimination")
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


# --- The ledger ---------------------------------------------------------------------------

ENTRY_KINDS = {
    "buy_in": gettext_lazy("Buy-in"),
    "rebuy": gettext_lazy("Re-buy"),
    "knock_premium": gettext_lazy("Knock premium"),
    "rummy_premium": gettext_lazy("Rummy premium"),
    "undercut_tie": gettext_lazy("Undercut tie"),
    "kitty_in": gettext_lazy("Into the kitty"),
    "kitty_win": gettext_lazy("Kitty won"),
    "kitty_final": gettext_lazy("Kitty at the end"),
    "payout": gettext_lazy("Payout"),
    "carry_over": gettext_lazy("Carried pot"),
    "point_settlement": gettext_lazy("Points paid"),
}


def account_names(view) -> dict[str, str]:
    """What the ledger page calls each account of the game."""
    names = {engine.account(player): view.name(player) for player in view.player_ids}
    return names | {engine.POT: _("Pot"), engine.KITTY: _("Kitty"), engine.CARRY: _("Carried")}


# --- Explaining the money (who got what in a round, a player's account) ----------------------

# Why a player's money moved, with the pot, the kitty or the carried pot (docs/rules.md 5.1).
ACCOUNT_REASONS = {
    "buy_in": gettext_lazy("buy-in"),
    "rebuy": gettext_lazy("re-buy"),
    "undercut_tie": gettext_lazy("undercut tie, into the pot"),
    "kitty_in": gettext_lazy("into the kitty"),
    "kitty_win": gettext_lazy("kitty won"),
    "kitty_final": gettext_lazy("kitty at the end"),
    "payout": gettext_lazy("payout"),
}
# ... and between players, with whom: "knock premium from 3 players".
PLAYER_REASONS = {
    "knock_premium": gettext_lazy("knock premium"),
    "rummy_premium": gettext_lazy("Rummy premium"),
    "point_settlement": gettext_lazy("points"),
}


@dataclass
class MoneyLine:
    """A player's money in a round: the net and why ("knock premium from 3 players")."""

    player: int
    name: str
    amount: int
    reason: str


def round_money(view, number: int) -> list[MoneyLine]:
    """Who got what in round `number`, the re-buys taken after it included."""
    return money_lines(view, [t for t in view.history.transfers if t.round == number])


def money_lines(view, transfers) -> list[MoneyLine]:
    """Each player's net of `transfers` with its reasons, in seat order; a player the
    transfers do not touch has no line. Several reasons carry their amounts."""
    players = {engine.account(player): player for player in view.player_ids}
    lines = []
    for player in view.player_ids:
        mine = engine.account(player)
        moves: dict[tuple[str, int], list[tuple[str, int]]] = {}
        for transfer in transfers:
            if transfer.target == mine:
                moves.setdefault((transfer.kind, 1), []).append(
                    (transfer.source, transfer.amount))
            elif transfer.source == mine:
                moves.setdefault((transfer.kind, -1), []).append(
                    (transfer.target, -transfer.amount))
        if not moves:
            continue
        parts = [(_reason(view, kind, sign, [other for other, _a in group], players),
                  sum(amount for _o, amount in group))
                 for (kind, sign), group in moves.items()]  # fmt: skip
        if len(parts) == 1:
            reason = parts[0][0]
        else:
            reason = ", ".join(f"{text} {money_text(amount, view.game.currency, signed=True)}"
                               for text, amount in parts)
        lines.append(MoneyLine(player, view.name(player),
                               sum(amount for _t, amount in parts), reason))
    return lines


def _reason(view, kind: str, sign: int, others: list[str], players: dict) -> str:
    """Why money moved: "buy-in", "knock premium to Anna", "points from 3 players"."""
    people = [players[other] for other in dict.fromkeys(others) if other in players]
    if not people:
        return str(ACCOUNT_REASONS.get(kind, ENTRY_KINDS.get(kind, kind)))
    what = PLAYER_REASONS.get(kind, ENTRY_KINDS.get(kind, kind))
    if len(people) == 1:
        text = _("%(what)s from %(name)s") if sign > 0 else _("%(what)s to %(name)s")
        return text % {"what": what, "name": view.name(people[0])}
    if sign > 0:
        text = ngettext("%(what)s from %(count)s player", "%(what)s from %(count)s players",
                        len(people))
    else:
        text = ngettext("%(what)s to %(count)s player", "%(what)s to %(count)s players",
                        len(people))
    return text % {"what": what, "count": len(people)}


@dataclass
class AccountItem:
    """One ledger entry as a player's account shows it: + received, - paid."""

    kind: str
    other: str  # who or what the money came from or went to
    amount: int
    received: bool
    reversal: bool  # cancels an earlier entry (a correction, an undone re-buy)
    cancelled: bool  # cancelled by a later entry


@dataclass
class AccountGroup:
    round: int | None
    stage: str  # "start", "round" or "end"
    items: list[AccountItem]
    everyone: list[MoneyLine] = field(default_factory=list)  # the round's money, all players

    @property
    def net(self) -> int:
        return sum(item.amount for item in self.items)


@dataclass
class PlayerAccount:
    player: int
    name: str
    groups: list[AccountGroup]

    @property
    def balance(self) -> int:
        return sum(group.net for group in self.groups)


# Entries of no round at the game's start; the others of no round are its end (5.1).
START_KINDS = {"buy_in", "carry_over"}


def build_account(view, player: int, entries) -> PlayerAccount:
    """A player's account from the game's ledger entries (ledger.services.lines): every
    entry that touches the player, grouped as start, each round and end, a reversal next
    to what it cancels. The entries sum to the player's balance."""
    mine = engine.account(player)
    names = account_names(view)
    cancelled = {entry.reverses for entry in entries if entry.reverses is not None}
    start, rounds, end = [], {}, []
    for entry in entries:
        if mine not in (entry.source, entry.target):
            continue
        received = entry.target == mine
        other = entry.source if received else entry.target
        item = AccountItem(
            str(ENTRY_KINDS.get(entry.kind, entry.kind)), names.get(other, other),
            entry.amount if received else -entry.amount, received,
            entry.reverses is not None, entry.id in cancelled,
        )
        if entry.round is not None:
            rounds.setdefault(entry.round, []).append(item)
        elif entry.kind in START_KINDS:
            start.append(item)
        else:
            end.append(item)
    groups = [AccountGroup(None, "start", start)] if start else []
    groups += [AccountGroup(number, "round", rounds[number], round_money(view, number))
               for number in sorted(rounds)]  # fmt: skip
    if end:
        groups.append(AccountGroup(None, "end", end))
    return PlayerAccount(player, view.name(player), groups)


# --- What a correction would change (the what-if before it is saved) ------------------------


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
