"""What the pages show, built from a services.GameView: the score sheet, the chart, money text.

No rule lives here: every number comes from the engine's replay (`view.state`);
this module only arranges it for a small screen and a language.
"""

import hashlib
import re
import uuid
from dataclasses import dataclass, field
from decimal import Decimal

from django.core import signing
from django.db import IntegrityError, transaction
from django.utils import formats
from django.utils.translation import get_language, gettext_lazy, pgettext_lazy
from django.utils.translation import gettext as _

from ledger.models import IdempotencyKey

from . import rules as engine
from .models import Game
from .rules.cards import JOKER, RANKS, SUITS

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


# --- Engine messages in the page's language ---------------------------------------------

# The engine words its errors in English; the ones a table meets while entering a round
# are given here in the active language (the numbers read back out of the English text).
# Anything else keeps the engine's words.
_ENGINE_MESSAGES = [
    (re.compile(r"^False knock: (?P<name>.+) has (?P<points>\d+) deadwood, but the knock "
                r"limit is (?P<limit>\d+)$"),
     gettext_lazy("False knock: %(name)s has %(points)s points, but the knock limit is "
                  "%(limit)s")),
    (re.compile(r"^False knock: (?P<name>.+) has (?P<points>\d+) deadwood, but in the "
                r"Punktespiel you may only knock with 0$"),
     gettext_lazy("False knock: %(name)s has %(points)s points, but in the points game "
                  "you knock only with 0")),
    (re.compile(r"^(?P<name>.+)'s deadwood of (?P<points>\d+) is more than .+ can hold "
                r"\(at most (?P<most>\d+)\)$"),
     gettext_lazy("%(name)s cannot have %(points)s points: a hand holds at most %(most)s")),
    (re.compile(r"^(?P<name>.+) has (?P<count>\d+) cards; a hand at the end of a round has "
                r"(?P<size>\d+)$"),
     gettext_lazy("%(name)s has %(count)s cards; a hand at the end of a round has %(size)s")),
    (re.compile(r"^(?P<card>\w+) appears (?P<count>\d+) times; the decks hold (?P<most>\d+)$"),
     gettext_lazy("%(card)s is entered %(count)s times, but the decks hold %(most)s")),
    (re.compile(r"^A game needs at least (?P<count>\d+) players$"),
     gettext_lazy("A game needs at least %(count)s players")),
    (re.compile(r"^A game has at most (?P<count>\d+) players$"),
     gettext_lazy("A game has at most %(count)s players")),
]


def error_text(error) -> str:
    """An engine error's message in the active language, where the page knows it."""
    for pattern, text in _ENGINE_MESSAGES:
        match = pattern.match(error.message)
        if match:
            return str(text) % match.groupdict()
    return error.message


# --- The share link -----------------------------------------------------------------------

_SHARE = signing.Signer(salt="scorekeeper.pages.share", sep=".")


def share_token(game_id: int) -> str:
    """An unguessable, stable token naming a game: the read-only link needs no login."""
    return _SHARE.sign(str(game_id))


def game_id_from_token(token: str) -> int | None:
    try:
        return int(_SHARE.unsign(token))
    except (signing.BadSignature, ValueError):
        return None


# --- Once per form: the double-tap guard --------------------------------------------------


def new_form_key() -> str:
    return f"page:{uuid.uuid4().hex}"


def once(request, key: str, game_id: int, write):
    """Run `write()` once per form key; (result, False), or (None, True) for a repeat.

    The key lands in the transaction that writes, so a failed write leaves it unused
    and the corrected form can be sent again with it. Locking the game first makes a
    second tap wait for the first and then find the key taken.
    """
    key = (key or "").strip()[:255]
    if not key:
        return write(), False
    fingerprint = hashlib.sha256(f"page {request.path}".encode()).hexdigest()
    try:
        with transaction.atomic():
            list(Game.objects.select_for_update().filter(pk=game_id).values_list("pk"))
            if IdempotencyKey.objects.filter(user=request.user, key=key).exists():
                return None, True
            result = write()
            IdempotencyKey.objects.create(
                user=request.user, key=key, fingerprint=fingerprint, response_status=303,
                response_body={"path": request.path},
            )
            return result, False
    except IntegrityError:
        if IdempotencyKey.objects.filter(user=request.user, key=key).exists():
            return None, True
        raise


# --- Cards ----------------------------------------------------------------------------------

SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
SUIT_NAMES = {
    "S": gettext_lazy("spades"), "H": gettext_lazy("hearts"),
    "D": gettext_lazy("diamonds"), "C": gettext_lazy("clubs"),
}  # fmt: skip
RANK_LABELS = {"J": pgettext_lazy("card rank", "J"), "Q": pgettext_lazy("card rank", "Q"),
               "K": pgettext_lazy("card rank", "K"), "A": pgettext_lazy("card rank", "A")}


@dataclass(frozen=True)
class CardView:
    code: str  # canonical text, "10H" or "JK"
    rank: str
    suit: str  # symbol, "" for a joker
    red: bool
    label: str  # for screen readers: "10 of hearts", "Joker"


def card_view(code: str) -> CardView:
    if code == JOKER:
        return CardView(code, _("Jo"), "", False, _("Joker"))
    rank, suit = code[:-1], code[-1]
    shown = str(RANK_LABELS.get(rank, rank))
    return CardView(code, shown, SUIT_SYMBOLS[suit], suit in "HD",
                    _("%(rank)s of %(suit)s") % {"rank": shown, "suit": SUIT_NAMES[suit]})


@dataclass
class HandEntry:
    """One player's entry in the round form: a typed number, or cards with their evaluation."""

    player: int
    name: str
    mode: str = "number"  # "number" or "cards"
    value: str = ""
    cards: list[str] = field(default_factory=list)
    suit: str = "S"
    error: str = ""
    deadwood: int | None = None
    melds: list[list[CardView]] = field(default_factory=list)
    unmatched: list[CardView] = field(default_factory=list)
    hand_size: int = 10
    # The row around the entry (not re-rendered by the picker).
    total: int | None = None
    dealer: bool = False
    ender: bool = False

    @property
    def hand_full(self) -> bool:
        return len(self.cards) >= self.hand_size


PICKER_RANKS = RANKS  # A 2 .. K, in the order players sort their hands


def picker_ranks():
    return [(rank, str(RANK_LABELS.get(rank, rank))) for rank in PICKER_RANKS]


def picker_suits():
    return [(suit, SUIT_SYMBOLS[suit], SUIT_NAMES[suit], suit in "HD") for suit in SUITS]


def hand_entry(player: int, name: str, data, rules: engine.Rules, *, action: str = "",
               argument: str = "") -> HandEntry:
    """A player's entry from the form data, with a picker action applied and evaluated.

    `action` is "cards" (open the picker), "number" (back to typing), "add" (a rank or
    "JK" in the chosen suit), "remove" (a card, "7H") or "clear".
    """
    entry = HandEntry(player, name, hand_size=rules.hand_size)
    entry.mode = "cards" if data.get(f"mode-{player}") == "cards" else "number"
    entry.value = (data.get(f"dw-{player}") or "").strip()[:4]
    entry.suit = data.get(f"suit-{player}") if data.get(f"suit-{player}") in SUITS else "S"
    try:
        entry.cards = engine.parse_cards(data.get(f"cards-{player}") or "") if (
            data.get(f"cards-{player}") or "").strip() else []
    except engine.CardError:
        entry.cards = []
    if action == "cards":
        entry.mode = "cards"
    elif action == "number":
        entry.mode, entry.cards = "number", []
    elif action == "clear":
        entry.cards = []
    elif action == "remove" and argument in entry.cards:
        entry.cards.remove(argument)
    elif action == "add":
        card = JOKER if argument == JOKER else f"{argument}{entry.suit}"
        if argument != JOKER and argument not in RANKS:
            entry.error = _("Tap a rank: A, 2 to 10, J, Q or K")
        elif entry.hand_full and not rules.free_hand_size:
            entry.error = _("A hand holds %(count)s cards at the end of a round") % {
                "count": rules.hand_size}
        else:
            try:
                engine.check_deck([[*entry.cards, card]], decks=rules.decks, jokers=rules.jokers)
                entry.cards.append(card)
            except engine.CardError:
                if card == JOKER:
                    entry.error = _("The game has only %(count)s jokers") % {
                        "count": rules.jokers}
                else:
                    entry.error = _("The decks hold %(count)s × %(card)s") % {
                        "count": rules.decks, "card": card_view(card).label}
    if entry.mode == "cards" and entry.cards:
        result = engine.evaluate_hand(entry.cards, rules)
        entry.deadwood = result.deadwood
        entry.melds = [[card_view(code) for code in meld] for meld in result.melds]
        entry.unmatched = [card_view(code) for code in result.unmatched]
    return entry


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
    state, rules = view.state, view.rules
    colors = {seat.player_id: PALETTE[index % len(PALETTE)]
              for index, seat in enumerate(view.seats)}  # fmt: skip
    gone_state = "dead" if rules.dead_play_on else "out"
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
    if rules.mode == "pot" and rules.rebuy and state.status in ("running", "decider"):
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
    state, rules = view.state, view.rules
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
                          end_x, end_y, end_y, column.state != "in"))
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


def build_result(view, nets: dict[int, int], payments) -> Result:
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
        [(view.name(player), amount) for player, amount in nets.items()],
        [Payment(view.name(p.debtor), view.name(p.creditor), p.amount) for p in payments],
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


def account_name(key: str, view) -> str:
    if key.startswith("player:"):
        return view.name(int(key[len("player:"):]))
    return {"pot": _("Pot"), "kitty": _("Kitty"), "carry": _("Carried")}.get(key, key)
