"""A club's Gin tournament (docs/api.md, "Tournaments"): start one, read it with its
bracket, read its ledger. Its matches are games, entered through the rounds API."""

from django.http import StreamingHttpResponse
from drf_spectacular.types import OpenApiTypes
from drf_spectacular.utils import OpenApiResponse, extend_schema
from rest_framework.renderers import JSONRenderer
from rest_framework.response import Response

from ledger import tournaments as tournament_ledger

from ..models import Club
from ..rules import parse_money
from ..services import reports, tournaments
from . import serializers as s
from .access import JsonView, address, created, shape
from .errors import ERRORS, WRITE_ERRORS, etag_header
from .lists import listed
from .reports import ErrorsAsJson
from .serializers.tournaments import (
    TournamentInputSerializer,
    TournamentLedgerSerializer,
    TournamentSerializer,
)


class ClubTournamentListView(JsonView):
    @extend_schema(tags=["tournaments"], operation_id="clubs_tournaments_list",
                   responses={200: TournamentSerializer(many=True), **ERRORS})
    def get(self, request, club_id: int):
        tournaments.check_club(request, club_id)
        return listed(request, tournaments.club_tournaments(club_id), lambda page: s.data_of(
            TournamentSerializer, [tournaments.TournamentView(t) for t in page], many=True))

    @extend_schema(tags=["tournaments"], operation_id="clubs_tournaments_create",
                   request=TournamentInputSerializer, parameters=[etag_header(201)],
                   responses={201: TournamentSerializer, **WRITE_ERRORS})
    def post(self, request, club_id: int):
        tournaments.check_club(request, club_id, action="tournament.create")
        data = shape(TournamentInputSerializer, request)
        view = tournaments.create_tournament(
            club=Club.objects.get(pk=club_id), name=data["name"], preset=data["preset"],
            rules=data["rules"], players=data["players"], seeding=data["seeding"],
            entry_fee=parse_money(data["entry_fee"], field="entry_fee"),
            payouts=data["payouts"], currency=data["currency"], user=request,
            request_id=request.headers.get("Idempotency-Key", ""))
        body = s.data_of(TournamentSerializer, view)
        return created(body, address(request, "tournament", body["id"]),
                       version=body["version"])


class TournamentDetailView(JsonView):
    @extend_schema(tags=["tournaments"], parameters=[etag_header(200)],
                   responses={200: TournamentSerializer, **ERRORS})
    def get(self, request, tournament_id: int):
        view = tournaments.TournamentView(tournaments.visible_tournament(request, tournament_id))
        body = s.data_of(TournamentSerializer, view)
        return Response(body, headers={"ETag": f'"{body["version"]}"'})


class TournamentLedgerView(JsonView):
    @extend_schema(tags=["tournaments", "money"],
                   responses={200: TournamentLedgerSerializer, **ERRORS})
    def get(self, request, tournament_id: int):
        view = tournaments.TournamentView(tournaments.visible_tournament(request, tournament_id))
        differences = view.verify()
        return Response(s.data_of(TournamentLedgerSerializer, {
            "entries": tournament_ledger.lines(view.tournament.pk),
            "verified": not differences,
            "differences": differences,
            "balances": {key: s.money(amount) for key, amount
                         in tournament_ledger.balances(view.tournament.pk).items()},
        }))


class TournamentCsvView(JsonView):
    renderer_classes = [JSONRenderer]
    content_negotiation_class = ErrorsAsJson

    @extend_schema(
        tags=["tournaments", "export"],
        description="The tournament as one CSV download (UTF-8, a header row): a row per "
                    "player by seed, with the place, the entry fee, the prize and the net.",
        responses={(200, "text/csv"): OpenApiResponse(OpenApiTypes.STR, description="The CSV."),
                   **ERRORS},
    )
    def get(self, request, tournament_id: int):
        view = tournaments.TournamentView(tournaments.visible_tournament(request, tournament_id))
        response = StreamingHttpResponse(reports.csv_lines(tournaments.csv_rows(view)),
                                         content_type="text/csv; charset=utf-8")
        response["Content-Disposition"] = (
            f'attachment; filename="tournament-{view.tournament.pk}.csv"')
        return response
