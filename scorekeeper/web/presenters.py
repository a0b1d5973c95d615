"""What the pages show, built from a services.GameView: the score sheet, the chart, money text.

No rule lives here: every number comes from the engine (`view.state`, `view.history`)
and every decision about money from the services (`services.settlement_for`); this
module only arranges them for a small screen and a language.
"""

import uuid
from dataclasses import dataclass
from decimal import Decimal

from django.core import signing
from django.utils import formats
from django.utils.translation import get_language, gettext_lazy
from django.utils.translation import gettext as _

from .. import rules as engine
from ..rules import GameStatus, PlayerState

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


# --- The share link -----------------------------------------------------------------------

_SHARE = signing.Signer(salt="scorekeeper.pages.share", sep=".")


def new_form_key() -> str:
    """The key a form carries so that sending it twice counts once (scorekeeper.idempotency)."""
    return f"page:{uuid.uuid4().hex}"


def share_token(game_id: int) -> str:
    """An unguessable, stable token naming a game: the read-only link needs no login."""
    return _SHARE.sign(str(game_id))


def game_id_from_token(token: str) -> int | None:
    try:
        return int(_SHARE.unsign(token))
    except (signing.BadSignature, ValueError):
        return None


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


def build_sheet(view) -> Sheet:
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
    offers = []
    if state.status in (GameStatus.RUNNING, GameStatus.DECIDER):
        for column in columns:
            offer = state.rebuy_offer(column.player)
            if offer is not None:
                offers.append(Offer(column.player, column.name, column.total, offer.target,
                                    offer.cost))
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
    return Sheet(columns, rows, [row for row in rows if row.revision], offers, last,
                 build_chart(view, columns), gone_state)


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


def build_chart(view, columns: list[Column]) -> Chart:
    """Totals per round as lines, with the re-buy window and the limit as guides."""
    state, rules = view.history, view.rules
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
    pot_game = rules.mode == "pot"
    highest = max([total for points in series.values() for _, total in points], default=0)
    top = max(highest, rules.eliminate_at if pot_game else 0, 10)
    top = ((top + 19) // 20) * 20  # a round number of points at the top
    plot_right = CHART_WIDTH - _RIGHT
    plot_bottom = CHART_HEIGHT - _BOTTOM
    span_x = plot_right - _LEFT
    span_y = plot_bottom - _TOP

    def x(number: int) -> float:
        return round(_LEFT + span_x * number / max(rounds, 1), 1)

    def y(total: int) -> float:
        return round(plot_bottom - span_y * total / top, 1)

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
    guides = []
    if pot_game:
        if rules.rebuy:
            guides.append(Guide(rules.rebuy_from, y(rules.rebuy_from), str(rules.rebuy_from)))
        guides.append(Guide(rules.eliminate_at, y(rules.eliminate_at), str(rules.eliminate_at)))
    step = 1 if rounds <= 10 else 5
    ticks = [(x(number), number) for number in range(0, rounds + 1, step) if number]
    return Chart(CHART_WIDTH, CHART_HEIGHT, lines, guides, ticks, _LEFT, plot_right,
                 plot_bottom, _TOP)


# --- The end of a game ----------------------------------------------------------------------


@dataclass
class Placing:
    place: int
    name: str
    total: int
    payout: int


@dataclass
class Payment:
    debtor: str
    creditor: str
    amount: int


@dataclass
class Result:
    winner: str | None
    placings: list[Placing]
    nets: list[tuple[str, int]]
    payments: list[Payment]
    carried_out: int


def build_result(view, settlement) -> Result:
    """Placings, payouts, each player's money and who pays whom, for reading aloud."""
    state = view.state
    paid = dict(state.payouts)
    placings = sorted(
        (Placing(standing.place, view.name(standing.player), standing.total,
                 paid.get(standing.player, 0))
         for standing in state.standings if standing.place is not None),
        key=lambda placing: placing.place,
    )
    return Result(
        view.name(state.winner) if state.winner is not None else None,
        placings,
        [(view.name(player), amount) for player, amount in settlement.nets.items()],
        [Payment(view.name(p.debtor), view.name(p.creditor), p.amount)
         for p in settlement.payments],
        state.carried_out,
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
