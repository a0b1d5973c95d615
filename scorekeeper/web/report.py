"""The season's books: /clubs/<id>/report/?from=YYYY-MM-DD&to=YYYY-MM-DD, as a page, a CSV
(?format=csv) and a PDF (?format=pdf).

Every member of the club may read the books: the players' own money and play, which they
saw at the table anyway. The API's club report answers every member the same way
(docs/api.md); the audit page stays the organisers'.
"""

from dataclasses import dataclass
from datetime import date

from django.contrib.auth.decorators import login_required
from django.core.paginator import Paginator
from django.http import HttpResponse, StreamingHttpResponse
from django.shortcuts import render
from django.template.loader import render_to_string
from django.utils import timezone
from django.utils.formats import date_format, number_format
from django.utils.text import slugify
from django.utils.translation import gettext as _
from django.views.decorators.http import require_GET

from ..services import audit, reports, season
from .access import club_member
from .audit import difference_texts
from .presenters import PALETTE, Guide, Line, money_text

TEMPLATE = "scorekeeper/report.html"
PDF_TEMPLATE = "scorekeeper/report_pdf.html"
GAMES_PER_PAGE = 50
PDF_GAMES = 500  # games in the PDF's table; the CSV has every one
FORMATS = ("html", "csv", "pdf")


# --- The period ------------------------------------------------------------------------------


def read_period(query) -> tuple[date, date, list[str]]:
    """(from, to, errors) from ?from= and ?to=; the current year so far by default."""
    today = timezone.localdate()
    errors = []
    values = {}
    for name, default in (("from", date(today.year, 1, 1)), ("to", today)):
        text = query.get(name, "").strip()
        if not text:
            values[name] = default
            continue
        try:
            values[name] = date.fromisoformat(text)
        except ValueError:
            values[name] = default
            errors.append(_("“%(name)s” is not a date: write it as YYYY-MM-DD, e.g. "
                            "%(example)s.") % {"name": text, "example": today.isoformat()})
    if not errors and values["from"] > values["to"]:
        errors.append(_("The period starts on %(start)s, after its end on %(end)s: choose a "
                        "start on or before the end.") % {
            "start": values["from"].isoformat(), "end": values["to"].isoformat()})
    return values["from"], values["to"], errors


# --- The charts ------------------------------------------------------------------------------

CHART_WIDTH = 360
_LEFT, _RIGHT, _TOP, _BOTTOM = 46, 66, 10, 22
LABEL_STEP = 12  # the height of one name at a line's end


@dataclass
class MoneyChart:
    currency: str
    width: int
    height: int
    lines: list[Line]
    guides: list[Guide]
    ticks: list[tuple[float, str]]  # (x, date)
    plot_left: int
    plot_right: int
    plot_bottom: int
    summary: str  # what the chart shows, in words, for screen readers


@dataclass
class Bar:
    name: str
    color: str
    y: float
    width: float
    wins: int
    value_x: float  # where the number of wins is written, after the bar


@dataclass
class WinsChart:
    width: int
    height: int
    bars: list[Bar]
    bar_left: int
    summary: str


def money_chart(books: season.Season, currency: str, colors: dict[int, str]) -> MoneyChart:
    """Each player's money summed game date by game date: where each stood after each
    evening."""
    games = [line for line in books.games if line.game.currency == currency]
    days = sorted({timezone.localdate(line.game.created_at) for line in games})
    index = {day: number for number, day in enumerate(days, start=1)}
    players = [p for p in books.players if currency in p.money]
    net_by_day: dict[int, dict[int, int]] = {p.player: {} for p in players}
    for line in games:
        day = index[timezone.localdate(line.game.created_at)]
        for player, net in line.nets.items():
            net_by_day[player][day] = net_by_day[player].get(day, 0) + net
    series = {}
    for p in players:
        running, points = 0, [(0, 0)]
        for day in range(1, len(days) + 1):
            running += net_by_day[p.player].get(day, 0)
            points.append((day, running))
        series[p.player] = points
    values = [value for points in series.values() for _, value in points]
    step = 1000  # 10.00: the scale ends at a round amount
    top = max(-(-max(values, default=0) // step) * step, step)
    low = min((min(values, default=0) // step) * step, 0)
    height = max(200, LABEL_STEP * len(players) + _TOP + _BOTTOM)
    plot_right, plot_bottom = CHART_WIDTH - _RIGHT, height - _BOTTOM

    def x(day: int) -> float:
        return round(_LEFT + (plot_right - _LEFT) * day / max(len(days), 1), 1)

    def y(value: int) -> float:
        return round(plot_bottom - (plot_bottom - _TOP) * (value - low) / (top - low), 1)

    lines = []
    for p in players:
        points = series[p.player]
        end_x, end_y = x(points[-1][0]), y(points[-1][1])
        lines.append(Line(p.name, colors[p.player],
                          " ".join(f"{x(d):g},{y(v):g}" for d, v in points),
                          end_x, end_y, end_y, False))
    _spread(lines, plot_bottom + 4)
    # Whole amounts at the scale's ends and at 0: the chart shows the trend, the table the cents.
    # A scale's numbers, written as the game's chart writes its points (a plain "-"), not money
    # for reading (money_text, with its "−"); the steps are whole units, so // loses nothing.
    guides = [Guide(value, y(value), number_format(value // 100, 0, force_grouping=True))
              for value in sorted({top, 0, low})]
    shown = _tick_days(len(days))
    ticks = [(x(number), date_format(days[number - 1], "MONTH_DAY_FORMAT"))
             for number in shown]
    summary = ", ".join(
        f"{p.name} {money_text(series[p.player][-1][1], currency, signed=True)}"
        for p in players)
    return MoneyChart(currency, CHART_WIDTH, height, lines, guides, ticks, _LEFT, plot_right,
                      plot_bottom, summary)


def _tick_days(count: int) -> list[int]:
    """At most four date labels, the first and the last day among them."""
    if count <= 4:
        return list(range(1, count + 1))
    return sorted({1, count, *(1 + round((count - 1) * part / 3) for part in (1, 2))})


def _spread(lines: list[Line], bottom: float) -> None:
    """Names at the line ends pushed apart so that none overlaps another."""
    placed = sorted(lines, key=lambda line: line.end_y)
    for before, after in zip(placed, placed[1:], strict=False):
        after.label_y = max(after.label_y, before.label_y + LABEL_STEP)
    overflow = (placed[-1].label_y - bottom) if placed else 0
    if overflow > 0:
        for line in placed:
            line.label_y = round(line.label_y - overflow, 1)
        for before, after in zip(placed, placed[1:], strict=False):
            after.label_y = max(after.label_y, before.label_y + LABEL_STEP)


def wins_chart(books: season.Season, colors: dict[int, str]) -> WinsChart:
    """One bar per player, the most wins first."""
    ranked = sorted(books.players, key=lambda p: (-p.wins, p.name.casefold()))
    most = max((p.wins for p in ranked), default=0) or 1
    bar_left, row = 90, 20
    span = CHART_WIDTH - bar_left - 30
    bars = []
    for number, p in enumerate(ranked):
        width = round(span * p.wins / most, 1)
        bars.append(Bar(p.name, colors[p.player], _TOP + row * number, width, p.wins,
                        round(bar_left + width + 4, 1)))
    summary = ", ".join(f"{p.name} {p.wins}" for p in ranked)
    return WinsChart(CHART_WIDTH, _TOP * 2 + row * len(ranked), bars, bar_left, summary)


# --- The page --------------------------------------------------------------------------------


def _member_club(request, club_id: int):
    return club_member(request, club_id, "club.read").club


@login_required
@require_GET
def club_report(request, club_id: int):
    club = _member_club(request, club_id)
    start, end, errors = read_period(request.GET)
    wanted = request.GET.get("format", "html")
    if wanted not in FORMATS:
        errors.append(_("“%(format)s” is not a format of the report: choose csv or pdf, or "
                        "leave it out for the page.") % {"format": wanted})
    if errors:
        return render(request, TEMPLATE, {"club": club, "start": start, "end": end,
                                          "errors": errors}, status=400)
    if wanted == "csv":
        return _csv(club, start, end)
    books = season.season(club.pk, start, end)
    context = {"club": club, "start": start, "end": end, "books": books,
               **_charts(books)}
    if wanted == "pdf":
        return _pdf(request, context)
    page = Paginator(books.games, GAMES_PER_PAGE).get_page(request.GET.get("page"))
    context |= {"page": page, "games": _checked(list(page.object_list))}
    return render(request, TEMPLATE, context)


def _charts(books: season.Season) -> dict:
    colors = {p.player: PALETTE[n % len(PALETTE)] for n, p in enumerate(books.players)}
    return {"money_charts": [money_chart(books, currency, colors)
                             for currency in books.currencies],
            "wins": wins_chart(books, colors) if books.players else None}


def _checked(lines: list[season.GameSeason]) -> list[tuple[season.GameSeason, list[str]]]:
    """Each game with the differences its books show, in words ([]: they verify): checked
    and said as the audit checks and says them."""
    checked = {each.game.pk: each for each in audit.audit_games([line.game for line in lines])}
    return [(line, difference_texts(checked[line.game.pk])) for line in lines]


def _filename(club, start: date, end: date, extension: str) -> str:
    name = slugify(club.name) or f"club-{club.pk}"
    return f"{name}-{start.isoformat()}-{end.isoformat()}.{extension}"


def _csv(club, start: date, end: date) -> StreamingHttpResponse:
    rows = reports.game_csv_rows(season.games_between(club.pk, start, end))
    response = StreamingHttpResponse(reports.csv_lines(rows),
                                     content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = (
        f'attachment; filename="{_filename(club, start, end, "csv")}"')
    return response


def _pdf(request, context: dict) -> HttpResponse:
    # Imported here: WeasyPrint loads Pango when imported, which no other page needs.
    from weasyprint import HTML

    books = context["books"]
    context |= {"games": _checked(books.games[:PDF_GAMES]), "left_out":
                max(len(books.games) - PDF_GAMES, 0)}
    html = render_to_string(PDF_TEMPLATE, context, request=request)
    pdf = HTML(string=html, url_fetcher=_no_fetching).write_pdf()
    response = HttpResponse(pdf, content_type="application/pdf")
    club, start, end = context["club"], context["start"], context["end"]
    response["Content-Disposition"] = (
        f'attachment; filename="{_filename(club, start, end, "pdf")}"')
    return response


def _no_fetching(url, *args, **kwargs):
    """The PDF is drawn from the template alone: it never fetches an address."""
    raise ValueError(f"the report PDF does not load {url}")
