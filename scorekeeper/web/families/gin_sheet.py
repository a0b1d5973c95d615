"""Gin's score sheet: a two-column sheet per match, the boxes and the final accounts."""

from dataclasses import dataclass, field

from django.utils.translation import gettext_lazy

from ... import rules as engine
from ...rules import PlayerState
from ..presenters.chart import PALETTE, Chart, build_chart
from ..round_form import card_view
from .gin_hollywood_sheet import HollywoodSheet, build_hollywood_sheet
from .gin_round import deal_text

MATCH_TITLES = {
    "match": gettext_lazy("Match"),
    "semifinal": gettext_lazy("Semifinal %(number)s"),
    "final": gettext_lazy("Final"),
}
# A tournament of three plays one semifinal (docs/rules.md 8.7): it needs no number.
ONLY_SEMIFINAL = gettext_lazy("Semifinal")
# A winner's points in their parts (docs/rules.md 8): the difference and the bonus.
POINTS_IN_PARTS = {
    "gin": gettext_lazy("%(points)s = %(difference)s + %(bonus)s gin"),
    "undercut": gettext_lazy("%(points)s = %(difference)s + %(bonus)s undercut"),
    "big_gin": gettext_lazy("%(points)s = %(difference)s + %(bonus)s Big Gin"),
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
    # Gin variants (docs/rules.md 8.11): a Big Gin; Oklahoma's upcard (a CardView) and the
    # deal's terms it gave ("Knock with up to 7 points · every point doubled").
    big_gin: bool = False
    upcard: object = None
    deal: str = ""


@dataclass
class MatchSheet:
    number: int
    title: str
    columns: list[GinColumn]
    rows: list[GinRow]
    over: bool
    winner: str | None
    stage: str  # "match", "semifinal" or "final"


@dataclass
class GinSheet:
    """The Gin Block: a two-column sheet per match (a tournament's semifinals and final)."""

    matches: list[MatchSheet]
    tournament: bool
    final_pending: bool  # a tournament whose final waits for the semifinals
    bye: str  # the name of the player a tournament of three sends into the final, or ""
    last: GinRow | None
    ended: MatchSheet | None  # the match the last round ended
    corrected: list[GinRow]
    chart: Chart | None
    # Its news and table (partials "news" and "table"), shown by scorekeeper/game.html.
    template: str = "scorekeeper/families/gin_sheet.html"
    last_money: list = field(default_factory=list)
    # Hollywood (docs/rules.md 8.12): the three games side by side, in place of the match's.
    hollywood: HollywoodSheet | None = None

    @property
    def accounts(self) -> bool:
        """Whether a match is over, so the sheet shows final accounts to explain."""
        return any(match.over for match in self.matches) or (
            self.hollywood is not None and any(game.over for game in self.hollywood.games))


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


def match_title(match, *, only_semifinal: bool = False) -> str:
    if only_semifinal and match.stage == "semifinal":
        return str(ONLY_SEMIFINAL)
    return str(MATCH_TITLES[match.stage]) % {"number": match.number}


def final_account_parts(rules, match, side: int) -> str:
    """What a player's final account adds up once the match is over, as the sheet writes
    it before the "= 263": total + game bonus + boxes (docs/rules.md 8), in brackets and
    "× 2" when a shutout doubled the account."""
    parts = engine.match_account_parts(rules, match, side)
    written = " + ".join(str(part) for part in parts)
    return written if match.finals[side] == sum(parts) else f"({written}) × 2"


def build_gin_sheet(view) -> GinSheet:
    """One sheet per match, its rounds in order, the boxes and the final accounts; a
    tournament's bracket with its bye."""
    state, rules = view.history, view.rules
    bye_player = engine.tournament_bye(rules, view.player_ids)
    bye = "" if bye_player is None else view.name(bye_player)
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
                # a Hollywood match's accounts are its games' (gin_hollywood_sheet.py)
                "" if match.finals is None or match.games
                else final_account_parts(rules, match, side),
            )
            for side, player in enumerate(match.players)
        ]
        matches.append(MatchSheet(
            match.number, match_title(match, only_semifinal=bool(bye)), columns,
            [rows[result.number] for result in state.rounds if result.match == match.number],
            match.over, view.name(match.winner) if match.over else None, match.stage,
        ))
    last = rows[state.rounds[-1].number] if state.rounds else None
    ended = None
    if state.rounds:
        number = state.rounds[-1].number
        ended = next((sheet for sheet, match in zip(matches, state.matches, strict=True)
                      if match.ended_in == number), None)
    chart = None
    # one match from the first round to the last (a Hollywood match's three games have no
    # one line to draw)
    if len(view.seats) == 2 and state.rounds and not rules.hollywood:
        chart = build_chart(view, matches[0].columns, [rules.game_target])
    final_pending = rules.tournament and all(match.stage != "final" for match in state.matches)
    hollywood = None
    if rules.hollywood:
        hollywood = build_hollywood_sheet(
            view, state.matches[0], rows,
            lambda game, side: final_account_parts(rules, game, side))
    return GinSheet(
        matches, rules.tournament, final_pending, bye, last, ended,
        [row for row in rows.values() if row.revision], chart, hollywood=hollywood,
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
    upcard = stored.upcard or ""
    return GinRow(
        result.number, stored.revision, stored.reason, how,
        view.name(result.winner) if result.winner is not None else "",
        view.name(result.ender) if result.ender is not None else "",
        knocked.deadwood if knocked else None,
        points_in_parts("big_gin" if stored.big_gin else how, won) if won else "",
        view.name(result.dealer), cells, laid_off, big_gin=stored.big_gin,
        upcard=card_view(upcard) if upcard else None,
        deal=deal_text(view.rules, upcard) if upcard else "",
    )
