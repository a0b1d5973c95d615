"""Export and import (docs/api.md, "Export, import and the club report").

Same access rules as the rest of the API: objects of another club answer 404,
signing in is required (401), and only organisers import (403 for the other
members). The document's shape is described once, by the serializers of
scorekeeper.services.documents, which check it on import and feed the schema here.
"""

from drf_spectacular.openapi import AutoSchema
from drf_spectacular.utils import (
    OpenApiParameter,
    OpenApiResponse,
    PolymorphicProxySerializer,
    extend_schema,
)
from rest_framework.response import Response

from .. import services
from ..services import exports, tournament_exports, tournaments
from ..services.documents import GameDocumentSerializer, SessionDocumentSerializer
from ..services.tournament_documents import TournamentDocumentSerializer
from . import serializers as s
from .access import JsonView, address, organiser, visible_game
from .clubs import visible_session
from .errors import ERRORS, WRITE_ERRORS
from .serializers.tournaments import TournamentSerializer

DOCUMENT = PolymorphicProxySerializer(
    component_name="Document",
    serializers={exports.FORMAT_GAME: GameDocumentSerializer,
                 exports.FORMAT_SESSION: SessionDocumentSerializer,
                 exports.FORMAT_TOURNAMENT: TournamentDocumentSerializer},
    resource_type_field_name="format",
)
IMPORTED = PolymorphicProxySerializer(
    component_name="Imported",
    serializers=[s.GameSerializer, s.SessionSerializer, TournamentSerializer],
    resource_type_field_name=None,
)
CONFLICT = OpenApiResponse(s.ErrorSerializer,
                           description="The export_id was imported before with another body.")


class GameExportView(JsonView):
    @extend_schema(tags=["export"], responses={200: GameDocumentSerializer, **ERRORS})
    def get(self, request, game_id: int):
        return Response(exports.export_game(visible_game(request, game_id)))


class SessionExportView(JsonView):
    @extend_schema(tags=["export"], responses={200: SessionDocumentSerializer, **ERRORS})
    def get(self, request, session_id: int):
        return Response(exports.export_session(visible_session(request, session_id)))


class TournamentExportView(JsonView):
    @extend_schema(tags=["export"], responses={200: TournamentDocumentSerializer, **ERRORS})
    def get(self, request, tournament_id: int):
        # Whoever may read the tournament may export it: the same access as reading it.
        tournament = tournaments.visible_tournament(request, tournament_id)
        return Response(tournament_exports.export_tournament(tournament))


class ImportSchema(AutoSchema):
    """The import's body described by the components the export answers: `Document`, a
    GameDocument, a SessionDocument or a TournamentDocument by `format`, and their parts,
    not request twins of them (GameDocumentRequest), so that a generated client passes an
    exported document to the import as it is. They are one shape both ways: the document
    parts' components (api/serializers/documents.py) carry what the import requires."""

    def _get_request_body(self, direction="request"):
        # drf-spectacular's own step for a body, which it takes this way for callbacks
        # too: the answer's components (a document has no read-only or write-only field;
        # the minLength a request's would add, DocumentPartSchema adds)
        return super()._get_request_body("response")


class ClubImportView(JsonView):
    schema = ImportSchema()

    @extend_schema(
        tags=["export"], request=DOCUMENT,
        # The 201's Location is declared for every 201 (scorekeeper.api.schema).
        parameters=[OpenApiParameter(
            "Location", str, OpenApiParameter.HEADER, required=True, response=[200],
            description="The address of what the first import made.")],
        responses={
            201: OpenApiResponse(IMPORTED, description="The new game (a game document), "
                                                       "session (a session document) or "
                                                       "tournament (a tournament document)."),
            200: OpenApiResponse(IMPORTED, description="Imported before: what that import "
                                                       "made; nothing written."),
            409: CONFLICT, **WRITE_ERRORS,
        },
    )
    def post(self, request, club_id: int):
        club = organiser(request, club_id, "import games").club
        imported = exports.import_document(request.data, club=club, user=request.user)
        if imported.tournament is not None:
            view = tournaments.TournamentView(imported.tournament)
            body = s.data_of(TournamentSerializer, view)
            location = address(request, "tournament", imported.tournament.pk)
        elif imported.game is not None:
            body = s.data_of(s.GameSerializer, services.load_game(imported.game))
            location = address(request, "game", imported.game.pk)
        else:
            body = s.data_of(s.SessionSerializer, services.session_summary(imported.session))
            location = address(request, "session", imported.session.pk)
        headers = {"Location": location}
        if not imported.created:
            headers["Idempotent-Replayed"] = "true"
        return Response(body, status=201 if imported.created else 200, headers=headers)
