"""The club's audit report, as JSON pages or as one CSV (docs/api.md, "Export, import and
the club report"). Every member of the club reads it, as every member reads the season's
books on the pages (scorekeeper/web/report.py): one answer for viewers on both surfaces
(docs/security.md). 404 for everyone else; the sums are scorekeeper.services.reports'."""

from collections.abc import Iterator

from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiParameter, OpenApiResponse, extend_schema
from rest_framework import serializers
from rest_framework.negotiation import BaseContentNegotiation
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from ..models import Club
from ..rules import format_money
from ..services import reports
from . import serializers as s
from .access import JsonView, member
from .errors import ERRORS, PAGE_LINKS
from .lists import ListPages
from .serializers.tournaments import PlacingSerializer

# --- Shapes (they feed the OpenAPI schema; the views build the data) ------------------------


class ReportPlayerInGameSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    seat = serializers.IntegerField()
    payout = serializers.CharField(help_text="Paid out to the player at the end (pot, kitty).")
    net = serializers.CharField(help_text="The player's result in this game.")


class ReportGameSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()
    session = serializers.IntegerField(allow_null=True)
    date = serializers.DateTimeField(help_text="When the game started.")
    status = serializers.CharField(help_text="finished or carried_over")
    currency = serializers.CharField()
    paid_out = serializers.CharField(help_text="The pot and kitty paid out to the players.")
    players = ReportPlayerInGameSerializer(many=True)
    verified = serializers.BooleanField(
        help_text="The books close (cheap SQL check): pot and kitty empty, the carried pot in "
                  "and out as the game says, a buy-in for every seat, no account outside the "
                  "table. The full replay check is GET /games/{id}/verify/.")


class ReportPlayerSerializer(serializers.Serializer):
    player = serializers.IntegerField()
    name = serializers.CharField()
    currency = serializers.CharField()
    games = serializers.IntegerField(help_text="Ended games played.")
    paid_out = serializers.CharField(help_text="Received in payouts.")
    net = serializers.CharField(help_text="Received minus paid over the ended games.")
    tournament_wins = serializers.IntegerField(
        help_text="Club tournaments the player won, over the whole club (the same on each "
                  "of the player's lines).")
    prizes = serializers.DictField(
        child=serializers.CharField(),
        help_text="Tournament prize money paid to the player, by currency, entry fees not "
                  "taken off (the same on each of the player's lines).")


class ReportTournamentSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="GET /tournaments/{id}/ has its bracket.")
    name = serializers.CharField()
    date = serializers.DateTimeField(help_text="When the tournament started.")
    currency = serializers.CharField()
    pot = serializers.CharField(help_text="The entry fees: the prize pool.")
    winner = serializers.IntegerField(help_text="The player who won the final.")
    placings = PlacingSerializer(many=True, help_text="Every player's place and prize.")


class ReportTotalsSerializer(serializers.Serializer):
    games = serializers.IntegerField()
    paid_out = serializers.DictField(child=serializers.CharField(), help_text="By currency.")


class ReportClubSerializer(serializers.Serializer):
    id = serializers.IntegerField()
    name = serializers.CharField()


class ReportSerializer(serializers.Serializer):
    club = ReportClubSerializer()
    count = serializers.IntegerField(help_text="Ended games in the club.")
    next = serializers.CharField(allow_null=True)
    previous = serializers.CharField(allow_null=True)
    results = ReportGameSerializer(many=True, help_text="This page's games, newest first.")
    players = ReportPlayerSerializer(many=True, help_text="Every player, over the whole club.")
    totals = ReportTotalsSerializer()
    tournaments = ReportTournamentSerializer(
        many=True, help_text="The club's finished tournaments, newest first.")


# --- CSV ---------------------------------------------------------------------------------------


# --- The report ------------------------------------------------------------------------------


class CsvQuerySerializer(serializers.Serializer):
    table = serializers.ChoiceField(
        choices=["games", "players"], required=False, default="games",
        help_text="One row per game and player (games, the default) or per player (players).")


# ?format=csv&table=... on the report itself: the CSV's address before GET .../report/csv/,
# still served (docs/api.md, "Export, import and the club report").
OLD_CSV_TABLE = OpenApiParameter(
    "table", str, OpenApiParameter.QUERY, required=False, enum=["games", "players"],
    description="Only with format=csv, the CSV's older address: as table of "
                "GET .../report/csv/.")


class ErrorsAsJson(BaseContentNegotiation):
    """The report's CSV is streamed by the view itself; whatever Accept or ?format say,
    errors are JSON like every error of the API."""

    def select_parser(self, request, parsers):
        return parsers[0]

    def select_renderer(self, request, renderers, format_suffix=None):
        return renderers[0], renderers[0].media_type


class ClubReportView(JsonView):
    renderer_classes = [JSONRenderer]
    content_negotiation_class = ErrorsAsJson

    @extend_schema(
        tags=["export"], parameters=[s.PageQuerySerializer, OLD_CSV_TABLE, PAGE_LINKS],
        responses={200: ReportSerializer, **ERRORS},
    )
    def get(self, request, club_id: int):
        club = member(request, club_id, write=False).club
        table = csv_table(request)  # a bad ?table= is a 400 with or without format=csv
        # Callers from before GET .../report/csv/ (docs/api.md) still get the CSV here.
        if request.query_params.get("format") == "csv":
            return csv_answer(club, table)
        paginator = ListPages()
        page = paginator.paginate_queryset(reports.ended_games(club.pk), request, view=self)
        players = reports.player_lines(club.pk)
        finished, records = reports.tournament_records(club.pk)
        totals: dict[str, int] = {}
        for line in players:
            totals[line.currency] = totals.get(line.currency, 0) + line.paid_out
        count = paginator.page.paginator.count
        return Response({
            "club": {"id": club.pk, "name": club.name},
            "count": count,
            "next": paginator.get_next_link(),
            "previous": paginator.get_previous_link(),
            "results": [_game_line(line) for line in reports.game_lines(page)],
            "players": [_player_line(line, records.get(line.player)) for line in players],
            "totals": {"games": count,
                       "paid_out": {currency: format_money(amount)
                                    for currency, amount in sorted(totals.items())}},
            "tournaments": [_tournament(view) for view in reversed(finished)],
        }, headers={"Link": paginator.link_header()})


class ClubReportCsvView(JsonView):
    renderer_classes = [JSONRenderer]
    content_negotiation_class = ErrorsAsJson

    @extend_schema(
        tags=["export"], parameters=[CsvQuerySerializer],
        description="The whole report as one CSV download (UTF-8, a header row).",
        responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="The CSV."),
                   **ERRORS},
    )
    def get(self, request, club_id: int):
        club = member(request, club_id, write=False).club
        return csv_answer(club, csv_table(request))


def csv_table(request) -> str:
    """The CSV's table asked for (?table=, games unless given): 400 for another."""
    return s.validated(CsvQuerySerializer, {
        name: request.query_params[name] for name in ("table",)
        if name in request.query_params})["table"]


def csv_answer(club: Club, table: str) -> StreamingHttpResponse:
    rows = _game_rows(club.pk) if table == "games" else _player_rows(club.pk)
    response = StreamingHttpResponse(reports.csv_lines(rows),
                                     content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="club-{club.pk}-report-{table}.csv"'
    return response


def _game_line(line: reports.GameLine) -> dict:
    game = line.game
    return {
        "id": game.pk,
        "name": game.name,
        "session": game.session_id,
        "date": game.created_at,
        "status": game.status,
        "currency": game.currency,
        "paid_out": format_money(line.paid_out),
        "players": [{"player": p.player, "name": p.name, "seat": p.seat,
                     "payout": format_money(p.payout), "net": format_money(p.net)}
                    for p in line.players],  # fmt: skip
        "verified": line.verified,
    }


def _player_line(line: reports.PlayerLine, record: reports.TournamentRecord | None) -> dict:
    record = record or reports.TournamentRecord()
    return {"player": line.player, "name": line.name, "currency": line.currency,
            "games": line.games, "paid_out": format_money(line.paid_out),
            "net": format_money(line.net), "tournament_wins": record.tournament_wins,
            "prizes": {currency: format_money(amount)
                       for currency, amount in sorted(record.prizes.items())}}


def _tournament(view) -> dict:
    """A finished tournament (services.tournaments.TournamentView) as the report lists it."""
    tournament = view.tournament
    return {"id": tournament.pk, "name": tournament.name, "date": tournament.created_at,
            "currency": tournament.currency, "pot": format_money(view.pot),
            "winner": view.champion,
            "placings": [{"player": p.player, "place": p.place, "prize": format_money(p.prize)}
                         for p in view.placings]}


def _game_rows(club_id: int) -> Iterator[list]:
    # One writer of these rows for the API and the report page (services.reports).
    return reports.game_csv_rows(reports.ended_games(club_id))


def _player_rows(club_id: int) -> Iterator[list]:
    return reports.player_csv_rows(club_id)
