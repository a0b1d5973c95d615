"""Export, import and the club's audit report (API.md, "Export, import and the report").

Same access rules as the rest of the API (scorekeeper.api): objects of another
club answer 404, signing in is required (401), and only organisers import or read
the audit report (403 for the other members).
"""

import csv
from collections.abc import Iterable, Iterator
from decimal import Decimal

from django.http import StreamingHttpResponse
from django.shortcuts import get_object_or_404
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework import exceptions, serializers
from rest_framework.pagination import PageNumberPagination
from rest_framework.renderers import BaseRenderer, BrowsableAPIRenderer, JSONRenderer
from rest_framework.response import Response

from . import exports, reports, services
from . import serializers as s
from .api import ERRORS, WRITE_ERRORS, JsonView, _member, _session_data, _visible_game
from .models import Club, Membership, TableSession
from .rules import format_money

# --- Shapes (they feed the OpenAPI schema; the services build the data) ---------------------


class DocClubSerializer(serializers.Serializer):
    name = serializers.CharField(help_text="The exporting club (for reference only).")


class DocSessionSerializer(serializers.Serializer):
    name = serializers.CharField(allow_blank=True)
    created_at = serializers.DateTimeField(allow_null=True)


class DocSeatSerializer(serializers.Serializer):
    number = serializers.IntegerField(help_text="0 deals first.")
    player = serializers.CharField(help_text="The player's name (unique in a club).")
    id = serializers.IntegerField(help_text='The exporting side\'s player id: "player:<id>" '
                                            "in the ledger.")


class DocHandSerializer(serializers.Serializer):
    player = serializers.CharField()
    position = serializers.IntegerField()
    deadwood = serializers.IntegerField(allow_null=True)
    cards = serializers.CharField(allow_null=True, help_text="Card texts separated by spaces.")


class DocRoundSerializer(serializers.Serializer):
    number = serializers.IntegerField()
    revision = serializers.IntegerField(help_text="0 as entered; each correction adds one.")
    ender = serializers.CharField()
    ender_melds = serializers.ListField(child=serializers.ListField(child=serializers.CharField()),
                                        allow_null=True)
    reason = serializers.CharField(allow_blank=True)
    entered_at = serializers.DateTimeField(allow_null=True)
    hands = DocHandSerializer(many=True)


class DocRebuySerializer(serializers.Serializer):
    player = serializers.CharField()
    after_round = serializers.IntegerField()
    entered_at = serializers.DateTimeField(allow_null=True)


class DocEntrySerializer(s.FromField, serializers.Serializer):
    seq = serializers.IntegerField(help_text="1, 2, 3... in the order written.")
    batch = serializers.IntegerField(help_text="0, 1, 2...: entries of one money event.")
    kind = serializers.CharField()
    from_ = serializers.CharField()
    to = serializers.CharField()
    amount = serializers.CharField(help_text='Decimal text: "5.00".')
    round = serializers.IntegerField(allow_null=True)
    reverses = serializers.IntegerField(allow_null=True, help_text="The seq it cancels.")
    created_at = serializers.DateTimeField(allow_null=True)
    actor = serializers.CharField(allow_blank=True)
    reason = serializers.CharField(allow_blank=True)


class DocStandingSerializer(serializers.Serializer):
    player = serializers.CharField()
    seat = serializers.IntegerField()
    total = serializers.IntegerField()
    state = serializers.CharField()
    rebought = serializers.BooleanField()
    place = serializers.IntegerField(allow_null=True)
    balance = serializers.CharField()


class DocPayoutSerializer(serializers.Serializer):
    player = serializers.CharField()
    amount = serializers.CharField()


class DocStandingsSerializer(serializers.Serializer):
    status = serializers.CharField()
    round_count = serializers.IntegerField()
    pot = serializers.CharField()
    kitty = serializers.CharField()
    carried_out = serializers.CharField()
    winner = serializers.CharField(allow_null=True)
    players = DocStandingSerializer(many=True)
    payouts = DocPayoutSerializer(many=True)


class DocGameSerializer(serializers.Serializer):
    id = serializers.IntegerField(help_text="The exporting side's game id (for reference).")
    name = serializers.CharField()
    preset = serializers.CharField()
    rules = serializers.DictField(help_text="Every rule parameter, frozen when the game began.")
    currency = serializers.CharField()
    carried_in = serializers.CharField()
    closed = serializers.BooleanField()
    version = serializers.IntegerField()
    created_at = serializers.DateTimeField(allow_null=True)
    seats = DocSeatSerializer(many=True)
    rounds = DocRoundSerializer(many=True, help_text="Every revision of every round.")
    rebuys = DocRebuySerializer(many=True)
    ledger = DocEntrySerializer(many=True, help_text="Every ledger entry, reversals included.")
    standings = DocStandingsSerializer(help_text="Derived from the facts; checked on import.")


class _DocumentSerializer(serializers.Serializer):
    format = serializers.CharField()
    version = serializers.IntegerField()
    export_id = serializers.UUIDField(help_text="The import's idempotency key.")
    exported_at = serializers.DateTimeField()
    club = DocClubSerializer()
    session = DocSessionSerializer()


class GameDocumentSerializer(_DocumentSerializer):
    format = serializers.ChoiceField(choices=[exports.FORMAT_GAME])
    game = DocGameSerializer()


class DocNetSerializer(serializers.Serializer):
    player = serializers.CharField()
    amount = serializers.CharField()


class DocSessionStandingsSerializer(serializers.Serializer):
    carried_pot = serializers.CharField()
    net = DocNetSerializer(many=True)


class SessionDocumentSerializer(_DocumentSerializer):
    format = serializers.ChoiceField(choices=[exports.FORMAT_SESSION])
    games = DocGameSerializer(many=True)
    standings = DocSessionStandingsSerializer()


DOCUMENT = PolymorphicProxySerializer(
    component_name="Document",
    serializers={exports.FORMAT_GAME: GameDocumentSerializer,
                 exports.FORMAT_SESSION: SessionDocumentSerializer},
    resource_type_field_name="format",
)
IMPORTED = PolymorphicProxySerializer(
    component_name="Imported",
    serializers=[s.GameSerializer, s.SessionSerializer],
    resource_type_field_name=None,
)


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


CONFLICT = OpenApiResponse(s.ErrorSerializer,
                           description="The export_id was imported before with another body.")


# --- Access ----------------------------------------------------------------------------------


def _organiser(request, club_id: int, what: str) -> Club:
    membership = _member(request, club_id, write=False)
    if membership.role != Membership.Role.ORGANISER:
        raise exceptions.PermissionDenied(f"Only the club's organisers {what}")
    return membership.club


def _visible_session(request, session_id: int) -> TableSession:
    return get_object_or_404(
        TableSession.objects.filter(club__memberships__user=request.user).select_related("club"),
        pk=session_id,
    )


# --- Export and import ----------------------------------------------------------------------


class GameExportView(JsonView):
    @extend_schema(tags=["export"], responses={200: GameDocumentSerializer, **ERRORS})
    def get(self, request, game_id: int):
        return Response(exports.export_game(_visible_game(request, game_id)))


class SessionExportView(JsonView):
    @extend_schema(tags=["export"], responses={200: SessionDocumentSerializer, **ERRORS})
    def get(self, request, session_id: int):
        return Response(exports.export_session(_visible_session(request, session_id)))


class ClubImportView(JsonView):
    @extend_schema(
        tags=["export"], request=DOCUMENT,
        responses={
            201: OpenApiResponse(IMPORTED, description="The new game (a game document) or "
                                                       "session (a session document)."),
            200: OpenApiResponse(IMPORTED, description="Imported before: what that import "
                                                       "made; nothing written."),
            409: CONFLICT, **WRITE_ERRORS,
        },
    )
    def post(self, request, club_id: int):
        club = _organiser(request, club_id, "import games")
        imported = exports.import_document(request.data, club=club, user=request.user)
        if imported.game is not None:
            body = s.game_data(services.load_game(imported.game))
            location = f"/api/v1/games/{imported.game.pk}/"
        else:
            body = _session_data(imported.session)
            location = f"/api/v1/sessions/{imported.session.pk}/"
        headers = {"Location": location}
        if not imported.created:
            headers["Idempotent-Replayed"] = "true"
        return Response(body, status=201 if imported.created else 200, headers=headers)


# --- The audit report ------------------------------------------------------------------------


CSV_INJECTION = ("=", "+", "-", "@", "\t", "\r")


def csv_cell(value):
    """A text cell a spreadsheet would run as a formula gets a leading ' (OWASP CSV injection);
    numbers are written as they are."""
    if isinstance(value, str) and value.startswith(CSV_INJECTION):
        return "'" + value
    return value


class CSVRenderer(BaseRenderer):
    """text/csv for ?format=csv. The report view streams its own rows; this renders errors."""

    media_type = "text/csv"
    format = "csv"
    charset = "utf-8"

    def render(self, data, accepted_media_type=None, renderer_context=None):
        rows = [["field", "code", "message"]]
        if isinstance(data, dict):
            rows += [[e.get("field"), e.get("code"), e.get("message")]
                     for e in data.get("errors", [])]  # fmt: skip
        return "".join(_csv_lines(rows)).encode()


class _Echo:
    def write(self, value):
        return value


def _csv_lines(rows: Iterable[list]) -> Iterator[str]:
    writer = csv.writer(_Echo())
    for row in rows:
        yield writer.writerow([csv_cell(cell) for cell in row])


class ReportPagination(PageNumberPagination):
    page_size = 50
    max_page_size = 200
    page_size_query_param = "page_size"


CSV_CHUNK = 500  # games per query while streaming the CSV


class ClubReportView(JsonView):
    renderer_classes = [JSONRenderer, BrowsableAPIRenderer, CSVRenderer]

    @extend_schema(
        tags=["export"],
        parameters=[
            OpenApiParameter("page", OpenApiTypes.INT, description="From 1."),
            OpenApiParameter("page_size", OpenApiTypes.INT, description="At most 200."),
            OpenApiParameter("format", OpenApiTypes.STR, enum=["json", "csv"],
                             description="csv: the whole report as a download."),
            OpenApiParameter("table", OpenApiTypes.STR, enum=["games", "players"],
                             description="With format=csv: one row per game and player "
                                         "(games, the default) or per player (players)."),
        ],
        responses={
            (200, "application/json"): ReportSerializer,
            (200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="The CSV."),
            **ERRORS,
        },
    )
    def get(self, request, club_id: int):
        club = _organiser(request, club_id, "see the audit report")
        table = request.query_params.get("table", "games")
        if table not in ("games", "players"):
            raise services.ServiceError("table is games or players", field="table",
                                        code="invalid")
        for name in ("page", "page_size"):
            value = request.query_params.get(name)
            if value is not None and not (value.isascii() and value.isdigit()):
                raise services.ServiceError(f"{name} must be a whole number", field=name,
                                            code="invalid")
        if request.accepted_renderer.format == "csv":
            return self.csv(club, table)
        players = reports.player_lines(club.pk)
        paginator = ReportPagination()
        page = paginator.paginate_queryset(reports.ended_games(club.pk), request, view=self)
        totals: dict[str, int] = {}
        for line in players:
            totals[line.currency] = totals.get(line.currency, 0) + line.paid_out
        return Response({
            "club": {"id": club.pk, "name": club.name},
            "count": paginator.page.paginator.count,
            "next": paginator.get_next_link(),
            "previous": paginator.get_previous_link(),
            "results": [_game_line(line) for line in reports.game_lines(page)],
            "players": [_player_line(line) for line in players],
            "totals": {"games": paginator.page.paginator.count,
                       "paid_out": {currency: format_money(amount)
                                    for currency, amount in sorted(totals.items())}},
        })

    def csv(self, club: Club, table: str) -> StreamingHttpResponse:
        rows = _game_rows(club.pk) if table == "games" else _player_rows(club.pk)
        response = StreamingHttpResponse(_csv_lines(rows), content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = (
            f'attachment; filename="club-{club.pk}-report-{table}.csv"')
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


def _player_line(line: reports.PlayerLine) -> dict:
    return {"player": line.player, "name": line.name, "currency": line.currency,
            "games": line.games, "paid_out": format_money(line.paid_out),
            "net": format_money(line.net)}


def _money_cell(minor: int) -> Decimal:
    return Decimal(minor).scaleb(-2)


def _game_rows(club_id: int) -> Iterator[list]:
    yield ["game_id", "date", "game", "session_id", "status", "currency", "verified",
           "paid_out", "seat", "player_id", "player", "payout", "net"]
    games = reports.ended_games(club_id)
    last = None
    while True:
        chunk = games if last is None else games.filter(pk__lt=last)
        chunk = list(chunk[:CSV_CHUNK])
        if not chunk:
            return
        for line in reports.game_lines(chunk):
            game = line.game
            for player in line.players:
                yield [game.pk, game.created_at.isoformat(), game.name, game.session_id,
                       game.status, game.currency, "yes" if line.verified else "no",
                       _money_cell(line.paid_out), player.seat, player.player, player.name,
                       _money_cell(player.payout), _money_cell(player.net)]
        last = chunk[-1].pk


def _player_rows(club_id: int) -> Iterator[list]:
    yield ["player_id", "player", "currency", "games", "paid_out", "net"]
    for line in reports.player_lines(club_id):
        yield [line.player, line.name, line.currency, line.games, _money_cell(line.paid_out),
               _money_cell(line.net)]
